import Foundation
import PlugboardABI
import Synchronization

/// One plugin library, opened with `dlopen` and never closed.
///
/// Libraries are process-wide (the dynamic linker has one copy of each file), so `open` returns
/// the same object for the same file. Each `open` is matched by one `entry.init` and each
/// `release` by one `entry.deinit`, as the reference-counted init of `plugboard/entry.h` asks.
/// The library is never `dlclose`d: code written in Swift cannot be unloaded.
public final class PluginLibrary: @unchecked Sendable {
    /// Absolute path the library was opened from.
    public let path: String
    /// The ABI version the library's entry declares.
    public let abiVersion: ABIVersion
    /// Every plugin the library describes, in factory order (screen, nav bar, root).
    public let descriptors: [PluginDescriptor]

    let entry: UnsafePointer<pb_plugin_entry_t>
    /// The dlopen handle, for looking up dynamic exports. Never closed.
    let handle: UnsafeMutableRawPointer
    /// Factory pointers by kind; absent when `get_factory` returned NULL.
    let factories: [PluginKind: UnsafeRawPointer]
    /// The C descriptors, by plugin id, for stamping instances.
    private let cDescriptors: [String: UnsafePointer<pb_plugin_descriptor_t>]

    /// Every library opened by this process, by absolute path, with its init count.
    private static let opened = Mutex<[String: (library: PluginLibrary, initCount: Int)]>([:])

    private init(
        path: String, handle: UnsafeMutableRawPointer, entry: UnsafePointer<pb_plugin_entry_t>,
        factories: [PluginKind: UnsafeRawPointer],
        descriptors: [(PluginDescriptor, UnsafePointer<pb_plugin_descriptor_t>)]
    ) {
        self.path = path
        self.handle = handle
        self.entry = entry
        self.abiVersion = ABIVersion(entry.pointee.abi_version)
        self.factories = factories
        self.descriptors = descriptors.map(\.0)
        self.cDescriptors = Dictionary(descriptors.map { ($0.0.id, $0.1) }, uniquingKeysWith: { first, _ in first })
    }

    /// Opens the library at the absolute `path`, checks its entry, calls `init` and reads its
    /// descriptors. The ABI major is read from the file and checked before `dlopen`, so no code of
    /// a library of another major runs, not even its constructors.
    public static func open(
        path: String, hostVersion: String = PlugboardHost.version
    ) throws(PluginLoadError) -> PluginLibrary {
        let result: Result<PluginLibrary, PluginLoadError> = opened.withLock { opened in
            if let known = opened[path] {
                guard callInit(known.library.entry, path: path, hostVersion: hostVersion) else {
                    return .failure(.initFailed(path: path))
                }
                opened[path]!.initCount += 1
                return .success(known.library)
            }
            do throws(PluginLoadError) {
                let library = try load(path: path, hostVersion: hostVersion)
                opened[path] = (library, 1)
                return .success(library)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Undoes one `open`: calls the entry's `deinit`. The library stays mapped.
    public func release() {
        Self.opened.withLock { opened in
            guard let known = opened[path], known.initCount > 0 else { return }
            PluginCallTracker.track(PluginCallTracker.describe("deinit", library: path)) { entry.pointee.deinit?() }
            opened[path]!.initCount -= 1
        }
    }

    /// How many `open`s are not yet released (0 after the last `release`).
    public var initCount: Int { Self.opened.withLock { $0[path]?.initCount ?? 0 } }

    private static func load(path: String, hostVersion: String) throws(PluginLoadError) -> PluginLibrary {
        guard path.hasPrefix("/") else { throw .notLoadable(path: path, reason: "not an absolute path") }
        // dlopen runs the library's ELF constructors: the version is read from the file first,
        // so nothing in a library of another major (or of another machine, or no ELF) runs.
        let declared: ABIVersion?
        do throws(ELFReadError) {
            declared = try ELFDynamicSymbols.entryVersion(path: path)
        } catch {
            let reason =
                error.message.hasPrefix("\(path): ") ? String(error.message.dropFirst(path.count + 2)) : error.message
            throw .notLoadable(path: path, reason: reason)
        }
        guard let declared else { throw .entrySymbolMissing(path: path, symbol: PB_ENTRY_SYMBOL) }
        guard declared.isCompatibleWithHost else {
            throw .abiMajorMismatch(path: path, plugin: declared, host: .host)
        }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw .notLoadable(path: path, reason: dlerror().map { String(cString: $0) } ?? "dlopen failed")
        }
        guard let symbol = dlsym(handle, PB_ENTRY_SYMBOL) else {
            throw .entrySymbolMissing(path: path, symbol: PB_ENTRY_SYMBOL)
        }
        let entry = UnsafePointer(symbol.assumingMemoryBound(to: pb_plugin_entry_t.self))
        // Only the version is read until it is known to be compatible (as the file said it would be).
        let version = ABIVersion(entry.pointee.abi_version)
        guard version.isCompatibleWithHost else {
            throw .abiMajorMismatch(path: path, plugin: version, host: .host)
        }
        guard entry.pointee.`init` != nil else { throw .incompleteEntry(path: path, function: "init") }
        guard entry.pointee.deinit != nil else { throw .incompleteEntry(path: path, function: "deinit") }
        guard let getFactory = entry.pointee.get_factory else {
            throw .incompleteEntry(path: path, function: "get_factory")
        }
        guard callInit(entry, path: path, hostVersion: hostVersion) else { throw .initFailed(path: path) }
        do throws(PluginLoadError) {
            var factories: [PluginKind: UnsafeRawPointer] = [:]
            var descriptors: [(PluginDescriptor, UnsafePointer<pb_plugin_descriptor_t>)] = []
            for kind in PluginKind.allCases {
                let describe = PluginCallTracker.describe("get_factory(\"\(kind.factoryID)\")", library: path)
                guard let factory = PluginCallTracker.track(describe, { getFactory(kind.factoryID) }) else { continue }
                factories[kind] = factory
                let table = FactoryTable(kind: kind, pointer: factory, path: path)
                for (index, pointer) in try table.descriptorPointers().enumerated() {
                    let descriptor = try PluginDescriptor(pointer, expectedKind: kind, path: path, index: index)
                    if descriptors.contains(where: { $0.0.id == descriptor.id }) {
                        throw .duplicateIdentifier(id: descriptor.id, firstPath: path, secondPath: path)
                    }
                    descriptors.append((descriptor, pointer!))
                }
            }
            return PluginLibrary(
                path: path, handle: handle, entry: entry, factories: factories, descriptors: descriptors)
        } catch {
            PluginCallTracker.track(PluginCallTracker.describe("deinit", library: path)) { entry.pointee.deinit?() }
            throw error
        }
    }

    private static func callInit(
        _ entry: UnsafePointer<pb_plugin_entry_t>, path: String, hostVersion: String
    ) -> Bool {
        PlugboardHost.name.withCString { name in
            hostVersion.withCString { version in
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

    /// The descriptor matching a manifest's `api.class_name` (preferred) or `identifier`.
    public func descriptor(named name: String, kind: PluginKind? = nil) throws(PluginLoadError) -> PluginDescriptor {
        guard let match = descriptors.first(where: { $0.id == name && (kind == nil || $0.kind == kind) }) else {
            throw .unknownClassName(path: path, name: name, available: descriptors.map(\.id))
        }
        return match
    }

    /// The descriptor a manifest names: its `api.class_name` when the library has that id (the
    /// host's NSClassFromString), else its `identifier`. The error lists what the library has.
    public func descriptor(
        className: String?, identifier: String, kind: PluginKind
    ) throws(PluginLoadError) -> PluginDescriptor {
        if let className, let match = descriptors.first(where: { $0.id == className && $0.kind == kind }) {
            return match
        }
        if let match = descriptors.first(where: { $0.id == identifier && $0.kind == kind }) { return match }
        throw .unknownClassName(path: path, name: className ?? identifier, available: descriptors.map(\.id))
    }

    /// The factory of `kind`, or `factoryMissing`.
    func factory(_ kind: PluginKind) throws(PluginLoadError) -> FactoryTable {
        guard let pointer = factories[kind] else { throw .factoryMissing(path: path, factory: kind.factoryID) }
        return FactoryTable(kind: kind, pointer: pointer, path: path)
    }

    /// The address of an exported symbol, or nil.
    public func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }

    func cDescriptor(id: String) -> UnsafePointer<pb_plugin_descriptor_t>? { cDescriptors[id] }
}
