import Foundation
import PlugboardABI
@_spi(Layers) import PlugboardCore
import PlugboardLoader

/// A plugin library opened the way the library tests need it: `dlopen` and the entry only, with
/// `init`, `deinit` and `get_factory` called one at a time, and descriptors read byte by byte.
/// `PluginLibrary` does all of that at once and refuses what the tests want to look at.
final class RawLibrary {
    let path: String
    let entry: UnsafePointer<pb_plugin_entry_t>

    /// `dlopen(RTLD_NOW | RTLD_LOCAL)` and the entry symbol. Never closed.
    init(path: String) throws(CheckFailure) {
        self.path = path
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw CheckFailure("dlopen(RTLD_NOW) failed: \(dlerror().map { String(cString: $0) } ?? "unknown error")")
        }
        guard let symbol = dlsym(handle, PB_ENTRY_SYMBOL) else {
            throw CheckFailure("the library does not export '\(PB_ENTRY_SYMBOL)' (see plugboard/entry.h)")
        }
        entry = UnsafePointer(symbol.assumingMemoryBound(to: pb_plugin_entry_t.self))
    }

    var version: ABIVersion { ABIVersion(entry.pointee.abi_version) }

    /// The entry's functions, or a failure naming the first that is NULL or an incompatible ABI.
    func checkedEntry() throws(CheckFailure) {
        try expect(
            version.isCompatibleWithHost, "the entry's ABI \(version) is incompatible with host ABI \(ABIVersion.host)")
        try expect(entry.pointee.`init` != nil, "plugboard_entry.init is NULL")
        try expect(entry.pointee.deinit != nil, "plugboard_entry.deinit is NULL")
        try expect(entry.pointee.get_factory != nil, "plugboard_entry.get_factory is NULL")
    }

    func initialize() -> Bool {
        PlugboardHost.name.withCString { name in
            PlugboardHost.version.withCString { version in
                path.withCString { cPath in
                    var info = pb_host_info_t(
                        abi_version: ABIVersion.host.cValue, name: name, version: version, library_path: cPath)
                    return PluginCallTracker.track(PluginCallTracker.describe("init", library: path)) {
                        entry.pointee.`init`!(&info)
                    }
                }
            }
        }
    }

    func deinitialize() {
        PluginCallTracker.track(PluginCallTracker.describe("deinit", library: path)) { entry.pointee.deinit!() }
    }

    func factory(_ id: String) -> UnsafeRawPointer? {
        PluginCallTracker.track(PluginCallTracker.describe("get_factory(\"\(id)\")", library: path)) {
            entry.pointee.get_factory!(id)
        }
    }

    /// Checks the entry, calls `init` once and returns the factory tables the library has.
    func initializedTables() throws(CheckFailure) -> [FactoryTable] {
        try checkedEntry()
        try expect(initialize(), "plugboard_entry.init returned false")
        return PluginKind.allCases.compactMap { kind in
            factory(kind.factoryID).map { FactoryTable(kind: kind, pointer: $0, path: path) }
        }
    }
}

/// A descriptor as the bytes it holds, before any check: the tests judge each field.
struct RawDescriptor {
    var factory: PluginKind
    var index: UInt32
    var id: [UInt8]?
    var name: [UInt8]?
    var vendor: [UInt8]?
    var version: [UInt8]?
    var description: [UInt8]?
    var kind: pb_plugin_kind_t
    var flags: UInt64
    var abiVersion: ABIVersion

    /// Strings longer than this are cut: a missing NUL must not make the harness read forever.
    static let maximumLength = 1 << 16

    init(_ c: pb_plugin_descriptor_t, factory: PluginKind, index: UInt32) {
        func bytes(_ pointer: UnsafePointer<CChar>?) -> [UInt8]? {
            guard let pointer else { return nil }
            let length = strnlen(pointer, Self.maximumLength)
            return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                Array(UnsafeBufferPointer(start: $0, count: length))
            }
        }
        self.factory = factory
        self.index = index
        id = bytes(c.id)
        name = bytes(c.name)
        vendor = bytes(c.vendor)
        version = bytes(c.version)
        description = bytes(c.description)
        kind = c.kind
        flags = c.flags
        abiVersion = ABIVersion(c.abi_version)
    }

    /// The id as text, replacing invalid UTF-8 (for messages and grouping).
    var idText: String { id.map { String(decoding: $0, as: UTF8.self) } ?? "(NULL)" }

    /// Where the descriptor is, for messages.
    var place: String { "\(factory.factoryID) descriptor #\(index) '\(idText)'" }
}

extension FactoryTable {
    /// Every descriptor the factory lists (NULLs skipped), reading at most `maximumCount`.
    func rawDescriptors() -> (count: UInt32, descriptors: [RawDescriptor]) {
        let count = self.count() ?? 0
        let readable = Swift.min(count, Self.maximumCount)
        let found = (0..<readable).compactMap { index in
            descriptor(at: index).map { RawDescriptor($0.pointee, factory: kind, index: index) }
        }
        return (count, found)
    }
}
