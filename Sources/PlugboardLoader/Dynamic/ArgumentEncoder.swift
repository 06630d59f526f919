import CFFI
import Foundation
import PlugboardCore

/// Turns JSON arguments into C values in memory libffi reads: range-checked, never wrapped.
/// Writes into the call's frame (`PreparedExport.frameSize` zeroed bytes, laid out by the
/// export); the strings it copies live until `releaseStrings`, after the call returns.
struct ArgumentEncoder {
    // Unowned: an encoder lives on the stack of one call (`DynamicExports.perform`), which holds
    // both; counting references to them was a tenth of a scalar call's instructions.
    private unowned(unsafe) let export: PreparedExport
    private unowned(unsafe) let handles: HandleTable
    let frame: UnsafeMutableRawPointer
    private var strings: [UnsafeMutablePointer<CChar>] = []

    init(export: PreparedExport, handles: HandleTable, frame: UnsafeMutableRawPointer) {
        self.export = export
        self.handles = handles
        self.frame = frame
    }

    /// Frees the C strings made for the call.
    mutating func releaseStrings() {
        strings.forEach { free($0) }
        strings.removeAll()
    }

    var function: String { "\(export.plugin).\(export.name)" }

    /// The argument value pointers for `ffi_call`.
    mutating func encode<Arguments: Collection<JSONValue>>(
        _ arguments: Arguments
    ) throws(CallError) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        let parameters = export.signature.parameters
        guard arguments.count == parameters.count else {
            throw .wrongCount(function: function, expected: parameters.count, got: arguments.count)
        }
        let values = (frame + export.valuesOffset)
            .bindMemory(to: UnsafeMutableRawPointer?.self, capacity: max(1, parameters.count))
        for (index, (type, argument)) in zip(parameters, arguments).enumerated() {
            let memory = frame + export.argumentOffsets[index]
            try write(argument, as: type, ffiType: export.parameterTypes[index], into: memory, index: index)
            values[index] = memory
        }
        return values
    }

    private mutating func write(
        _ value: JSONValue, as type: ValueType, ffiType: UnsafeMutablePointer<ffi_type>,
        into memory: UnsafeMutableRawPointer, index: Int
    ) throws(CallError) {
        func bad(_ message: String) -> CallError {
            .badArgument(function: function, index: index, type: type, message: message)
        }
        switch type {
        case .void:
            throw bad("void cannot be passed")
        case .bool, .int, .f32, .f64:
            try Self.writeScalar(value, as: type, into: memory, fail: bad)
        case .cstr:
            guard case .string(let text) = value else {
                throw bad("expected a string but found \(value.kindDescription)")
            }
            guard !text.utf8.contains(0) else { throw bad("the string contains a NUL character") }
            memory.storeBytes(of: keep(strdup(text)), as: UnsafeMutablePointer<CChar>?.self)
        case .json:
            memory.storeBytes(of: keep(strdup(value.serialized())), as: UnsafeMutablePointer<CChar>?.self)
        case .ptr:
            if value.isNull {
                memory.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
                return
            }
            guard let handle = value.objectValue?["handle"]?.numberValue?.int, value.objectValue?.count == 1 else {
                throw bad("expected a host handle {\"handle\": n} or null but found \(value.kindDescription)")
            }
            guard let pointer = handles.pointer(for: handle) else { throw bad("unknown handle \(handle)") }
            memory.storeBytes(of: pointer, as: UnsafeMutableRawPointer?.self)
        case .structure(let fields):
            guard let elements = value.arrayValue else {
                throw bad("expected an array of \(fields.count) fields but found \(value.kindDescription)")
            }
            guard elements.count == fields.count else {
                throw bad("expected \(fields.count) fields but found \(elements.count)")
            }
            let offsets = export.offsets(of: ffiType, count: fields.count)
            for (field, (fieldType, element)) in zip(fields, elements).enumerated() {
                try Self.writeScalar(element.value, as: fieldType, into: memory + offsets[field]) { message in
                    bad("field \(field + 1) (\(fieldType)): \(message)")
                }
            }
        }
    }

    private mutating func keep(_ string: UnsafeMutablePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
        if let string { strings.append(string) }
        return string
    }

    /// Writes a bool or number, refusing anything that would not survive the trip unchanged.
    static func writeScalar(
        _ value: JSONValue, as type: ValueType, into memory: UnsafeMutableRawPointer,
        fail: (String) -> CallError
    ) throws(CallError) {
        switch type {
        case .bool:
            guard case .bool(let flag) = value else {
                throw fail("expected true or false but found \(value.kindDescription)")
            }
            memory.storeBytes(of: flag ? 1 : 0, as: UInt8.self)
        case .int(let bits, let signed):
            guard case .number(let number) = value else {
                throw fail("expected an integer but found \(value.kindDescription)")
            }
            if signed {
                let low = bits == 64 ? Int64.min : -(Int64(1) << (bits - 1))
                let high = bits == 64 ? Int64.max : (Int64(1) << (bits - 1)) - 1
                guard let integer = number.int64 else {
                    throw fail(
                        number.isIntegerLiteral
                            ? "\(number.text) is out of range (\(low)…\(high))" : "\(number.text) is not an integer")
                }
                guard (low...high).contains(integer) else {
                    throw fail("\(number.text) is out of range (\(low)…\(high))")
                }
                store(integer, bits: bits, into: memory)
            } else {
                let high = bits == 64 ? UInt64.max : (UInt64(1) << bits) - 1
                guard let integer = number.uint64 else {
                    throw fail(
                        number.isIntegerLiteral
                            ? "\(number.text) is out of range (0…\(high))" : "\(number.text) is not an integer")
                }
                guard integer <= high else { throw fail("\(number.text) is out of range (0…\(high))") }
                store(integer, bits: bits, into: memory)
            }
        case .f32:
            guard case .number(let number) = value else {
                throw fail("expected a number but found \(value.kindDescription)")
            }
            guard abs(number.double) <= Double(Float.greatestFiniteMagnitude) else {
                throw fail("\(number.text) is out of range for f32")
            }
            memory.storeBytes(of: Float(number.double), as: Float.self)
        case .f64:
            guard case .number(let number) = value else {
                throw fail("expected a number but found \(value.kindDescription)")
            }
            guard number.double.isFinite else { throw fail("\(number.text) is out of range for f64") }
            memory.storeBytes(of: number.double, as: Double.self)
        default:
            throw fail("\(type) cannot be a struct field")
        }
    }

    /// A range-checked integer in its C width: its low `bits` bits, which are the C value's bit
    /// pattern whether the type is signed or not (the range was checked before).
    static func store(_ value: some BinaryInteger, bits: Int, into memory: UnsafeMutableRawPointer) {
        switch bits {
        case 8: memory.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
        case 16: memory.storeBytes(of: UInt16(truncatingIfNeeded: value), as: UInt16.self)
        case 32: memory.storeBytes(of: UInt32(truncatingIfNeeded: value), as: UInt32.self)
        default: memory.storeBytes(of: UInt64(truncatingIfNeeded: value), as: UInt64.self)
        }
    }
}
