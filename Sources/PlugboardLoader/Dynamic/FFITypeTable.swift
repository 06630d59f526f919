import CFFI
import PlugboardCore

/// The libffi description of a `ValueType`. Scalars use libffi's own globals; a struct gets an
/// `ffi_type` of its own, owned here and freed with the table.
final class FFITypeTable {
    private var structs: [UnsafeMutablePointer<ffi_type>] = []
    private var elementLists: [UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>] = []

    deinit {
        structs.forEach { $0.deallocate() }
        elementLists.forEach { $0.deallocate() }
    }

    func type(_ value: ValueType) -> UnsafeMutablePointer<ffi_type> {
        switch value {
        case .void: return cffi_type_void()
        case .bool: return cffi_type_uint8()  // C's _Bool is one byte on the supported platforms
        case .int(8, true): return cffi_type_sint8()
        case .int(16, true): return cffi_type_sint16()
        case .int(32, true): return cffi_type_sint32()
        case .int(_, true): return cffi_type_sint64()
        case .int(8, false): return cffi_type_uint8()
        case .int(16, false): return cffi_type_uint16()
        case .int(32, false): return cffi_type_uint32()
        case .int: return cffi_type_uint64()
        case .f32: return cffi_type_float()
        case .f64: return cffi_type_double()
        case .cstr, .json, .ptr: return cffi_type_pointer()
        case .structure(let fields):
            let elements = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: fields.count + 1)
            for (index, field) in fields.enumerated() { elements[index] = type(field) }
            elements[fields.count] = nil
            let structure = UnsafeMutablePointer<ffi_type>.allocate(capacity: 1)
            structure.initialize(to: ffi_type(size: 0, alignment: 0, type: cffi_type_struct_code(), elements: elements))
            structs.append(structure)
            elementLists.append(elements)
            return structure
        }
    }
}
