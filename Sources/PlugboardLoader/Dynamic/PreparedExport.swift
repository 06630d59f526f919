import CFFI
import PlugboardConfig
import PlugboardCore

/// One dynamic export, looked up and prepared once at load: its symbol, its signature and the
/// `ffi_cif` every call re-uses.
package final class PreparedExport {
    package let plugin: String
    package let name: String
    package let signature: Signature
    package let function: UnsafeMutableRawPointer
    package let cif: UnsafeMutablePointer<ffi_cif>
    private let types: FFITypeTable
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    let resultType: UnsafeMutablePointer<ffi_type>
    let parameterTypes: [UnsafeMutablePointer<ffi_type>]
    /// The memory one call needs, laid out once: each argument's slot, the argument pointer
    /// array `ffi_call` reads, and the result, each 16-byte aligned, `frameSize` in all. A call
    /// takes it from the stack, so calling allocates nothing for scalars.
    let argumentOffsets: [Int]
    let valuesOffset: Int
    let resultOffset: Int
    let frameSize: Int
    /// Every parameter an integer or a bool: calls may take `ScalarArguments`' fast path.
    let takesOnlyScalars: Bool
    /// The frame of those calls (`frameSize` bytes, 16-byte aligned), made once, and whether a
    /// call is using it. Exports are called on the main thread only, but a call may re-enter
    /// this export through the host: that one finds the frame taken and uses the stack.
    private let frame: UnsafeMutableRawPointer
    private var frameInUse = false

    /// Looks the symbol up in `library` and prepares the call interface. A missing symbol names
    /// the plugin, the symbol and the library.
    convenience init(plugin: String, export: PlugboardKeys.Export, library: PluginLibrary) throws(PluginLoadError) {
        try self.init(plugin: plugin, name: export.name, signature: export.signature, library: library)
    }

    package init(plugin: String, name: String, signature: Signature, library: PluginLibrary) throws(PluginLoadError) {
        guard let function = library.symbol(name) else {
            throw .exportMissing(path: library.path, plugin: plugin, symbol: name)
        }
        self.plugin = plugin
        self.name = name
        self.signature = signature
        self.function = function
        let table = FFITypeTable()
        types = table
        parameterTypes = signature.parameters.map { table.type($0) }
        resultType = table.type(signature.result)
        var offset = 0
        func slot(_ size: Int) -> Int {
            defer { offset += (max(size, 16) + 15) & ~15 }
            return offset
        }
        argumentOffsets = parameterTypes.map { slot(Int($0.pointee.size)) }
        valuesOffset = slot(MemoryLayout<UnsafeMutableRawPointer?>.stride * max(1, parameterTypes.count))
        resultOffset = slot(max(Int(resultType.pointee.size), MemoryLayout<ffi_arg>.size))
        frameSize = offset
        takesOnlyScalars = ScalarArguments.accepts(signature)
        argumentTypes = .allocate(capacity: max(1, parameterTypes.count))
        for (index, type) in parameterTypes.enumerated() { argumentTypes[index] = type }
        frame = .allocate(byteCount: frameSize, alignment: 16)
        cif = .allocate(capacity: 1)
        let status = ffi_prep_cif(
            cif, cffi_default_abi(), UInt32(parameterTypes.count), resultType,
            parameterTypes.isEmpty ? nil : argumentTypes)
        guard status == FFI_OK else {
            throw .exportUnpreparable(path: library.path, plugin: plugin, symbol: name, status: Int(status.rawValue))
        }
    }

    deinit {
        cif.deallocate()
        argumentTypes.deallocate()
        frame.deallocate()
    }

    /// The export's own frame, zeroed, or nil while a call is using it.
    func borrowFrame() -> UnsafeMutableRawPointer? {
        guard !frameInUse else { return nil }
        frameInUse = true
        frame.initializeMemory(as: UInt8.self, repeating: 0, count: frameSize)
        return frame
    }

    func returnFrame() { frameInUse = false }

    /// Byte offsets of a struct type's fields (after `ffi_prep_cif` laid it out).
    func offsets(of type: UnsafeMutablePointer<ffi_type>, count: Int) -> [Int] {
        var offsets = [Int](repeating: 0, count: count)
        _ = ffi_get_struct_offsets(cffi_default_abi(), type, &offsets)
        return offsets
    }
}
