import Foundation
import PlugboardABI
@_spi(Layers) import PlugboardCore
import Synchronization

/// One plugin library, opened with `dlopen` and never closed.
///
/// Libraries are process-wide (the dynamic linker has one copy of each file), so `open` returns
/// the same object for the same file. Each `open` is matched by one `entry.init` and each
/// `release` by one `entry.deinit`, as the reference-counted init of `plugboard/entry.h` asks.
/// The library is never `dlclose`d: code written in Swift cannot be unloaded.
package final class PluginLibrary: @unchecked Sendable {
    /// Absolute path the library was opened from.
    package let path: String
    /// The ABI version the library's entry declares.
    package let abiVersion: ABIVersion
    /// Every plugin the library describes, in factory order (screen, nav bar, root).
    package let descriptors: [PluginDescriptor]

    let entry: UnsafePointer<pb_plugin_entry_t>
    /// The dlopen handle, for looking up dynamic exports. Never closed.
    let handle: UnsafeMutableRawPointer
    /// Factory pointers of the kinds the library answers (`get_factory` returned non-NULL). At
    /// most three, so a list: a table keyed by `PluginKind` cost a search of every loaded image's
    /// conformance records for `PluginKind: Hashable` at each start.
    let factories: [(kind: PluginKind, pointer: UnsafeRawPointer)]
    /// The C descriptors, by plugin id, for stamping instances.
    private let cDescriptors: [String: UnsafePointer<pb_plugin_descriptor_t>]

    /// The file the library was mapped from, opened once and kept open for the life of the
    /// process (see `Registry`).
    let file: LibraryFile

    /// Every library this process loaded, with its init count and verified digest.
    ///
    /// A library is found by the resolved path it was opened by and by its file's (device, inode),
    /// so one file named by several paths or pinned by several manifests is loaded, and hashed,
    /// once. A library already loaded is not hashed again: the digest was taken through the very
    /// descriptor `dlopen` mapped, and the library is never unloaded, so what runs is what was
    /// hashed. (A pin is a load-time check: it cannot guard against the loaded file being rewritten
    /// in place by someone allowed to write it.)
    ///
    /// Each library's descriptor stays open, by design: the dynamic linker remembers a library by
    /// every name it was opened under, `/proc/self/fd/N` among them (a pinned library's, and the
    /// check of the others'), and would hand the old library back for the next file that happened
    /// to get descriptor N if N were closed and reused.
    private struct Registry {
        struct Record {
            var library: PluginLibrary
            var initCount: Int
            /// The file's SHA-256 once something pinned it.
            var sha256: String?
        }
        /// By the library's own `path` (the first path it was opened by).
        var records: [String: Record] = [:]
        /// Every resolved path a library was opened by → the library's `path`.
        var paths: [String: String] = [:]
        /// (device, inode) → the library's `path`. Lists, not tables: an app has a few libraries,
        /// and a key type of the host's own costs app start a conformance search
        /// (docs/performance.md, round fourteen).
        var identities: [(identity: FileIdentity, path: String)] = []
        /// How many times each file was hashed, for the tests.
        var hashes: [(identity: FileIdentity, count: Int)] = []
        /// The path of the library mapped last: what a fault nothing else explains is blamed on.
        var lastMapped: String?
        /// A library checked and mapped by `premap`, whose `init` has not run.
        struct Mapped: @unchecked Sendable {  // the handle is only ever used under the lock
            var file: LibraryFile
            var handle: UnsafeMutableRawPointer
            /// The file's SHA-256 when it was mapped for a pin that matched.
            var sha256: String?
        }
        /// By path.
        var premapped: [String: Mapped] = [:]

        /// The path of the library loaded from the file `identity`, if one was.
        func path(of identity: FileIdentity) -> String? { identities.first { $0.identity == identity }?.path }

        /// How many times the file `identity` was hashed.
        func hashCount(of identity: FileIdentity) -> Int { hashes.first { $0.identity == identity }?.count ?? 0 }

        /// Keeps a library just loaded (its `init` called once).
        mutating func remember(_ library: PluginLibrary, digest: String?) {
            records[library.path] = Record(library: library, initCount: 1, sha256: digest)
            paths[library.path] = library.path
            if path(of: library.file.identity) == nil { identities.append((library.file.identity, library.path)) }
        }

        mutating func digest(_ file: LibraryFile) throws(PluginLoadError) -> String {
            countHash(of: file)
            return try file.sha256()
        }

        mutating func countHash(of file: LibraryFile) {
            if let index = hashes.firstIndex(where: { $0.identity == file.identity }) {
                hashes[index].count += 1
            } else {
                hashes.append((file.identity, 1))
            }
        }
    }

    private static let registry = Mutex(Registry())

    /// How many times the file at `path` has been hashed by this process (tests).
    static func hashCount(path: String) -> Int {
        guard let file = try? LibraryFile.open(path) else { return 0 }
        defer { file.close() }
        return registry.withLock { $0.hashCount(of: file.identity) }
    }

    private init(
        path: String, file: LibraryFile, handle: UnsafeMutableRawPointer, entry: UnsafePointer<pb_plugin_entry_t>,
        factories: [(kind: PluginKind, pointer: UnsafeRawPointer)],
        descriptors: [(PluginDescriptor, UnsafePointer<pb_plugin_descriptor_t>)]
    ) {
        self.path = path
        self.file = file
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
    ///
    /// The file is opened once; with a `sha256` pin (64 lowercase hexadecimal digits) it is hashed
    /// through that descriptor and, if it matches, that same descriptor's file is what `dlopen`
    /// maps, so a file renamed over `path` after the check is never loaded.
    package static func open(
        path: String, sha256 pin: String? = nil, hostVersion: String = PlugboardHost.version
    ) throws(PluginLoadError) -> PluginLibrary {
        try open(path: path, sha256: pin, hostVersion: hostVersion, afterVerification: nil)
    }

    /// The path of the library this process mapped last (its code, constructors included, ran
    /// last of all the libraries'); nil before any.
    package static var lastMapped: String? { registry.withLock { $0.lastMapped } }

    /// `open`, with a hook the tests use to act between the pin check and `dlopen`.
    static func open(
        path: String, sha256 pin: String?, hostVersion: String = PlugboardHost.version,
        afterVerification: (() -> Void)?
    ) throws(PluginLoadError) -> PluginLibrary {
        let result: Result<PluginLibrary, PluginLoadError> = registry.withLock { registry in
            do throws(PluginLoadError) {
                return .success(
                    try open(
                        path: path, pin: pin, hostVersion: hostVersion, afterVerification: afterVerification,
                        registry: &registry))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Checks and maps the library at the absolute `path` as `open` would, without calling its
    /// `init` or reading its descriptors: the next unpinned `open` of the same path only does
    /// those. `plugboard check`'s fork server does this once, so that none of the processes it
    /// forks reads the library's ELF headers again (nor makes the host's function tables).
    package static func premap(path: String) throws(PluginLoadError) {
        guard path.hasPrefix("/") else { throw .notLoadable(path: path, reason: "not an absolute path") }
        if let failure = premap([(path, nil)]).first { throw failure }
    }

    /// `premap` for several libraries at once, each with the `sha256` pin its manifests give it
    /// (then the next `open` with that pin, or none, only calls `init`). An app maps all its
    /// libraries this way before it opens the first (`AppPlugins`): each library with Swift
    /// conformances that is mapped makes the Swift run-time search every loaded image's
    /// conformance records again for each type it is next asked about, so mapping them between
    /// the host's own work repeated that search for every library. A pinned file is hashed
    /// through the descriptor that is then mapped. Returns what refused a library; its `open`
    /// refuses it again and says so.
    @discardableResult
    package static func premap(_ libraries: [(path: String, pin: String?)]) -> [PluginLoadError] {
        HostTables.makeAll()
        return registry.withLock { registry in
            var failures: [PluginLoadError] = []
            var files: [(path: String, pin: String?, file: LibraryFile)] = []
            for (path, pin) in libraries where path.hasPrefix("/") {
                guard registry.paths[path] == nil, registry.premapped[path] == nil,
                    !files.contains(where: { $0.path == path })
                else { continue }
                do throws(PluginLoadError) {
                    let file = try LibraryFile.open(path)
                    guard registry.path(of: file.identity) == nil else {
                        file.close()
                        continue
                    }
                    files.append((path, pin, file))
                } catch {
                    failures.append(error)
                }
            }
            let pinned = files.filter { $0.pin != nil }
            pinned.forEach { registry.countHash(of: $0.file) }
            var digests = LibraryFile.sha256s(pinned.map(\.file)).makeIterator()
            for (path, pin, file) in files {
                do throws(PluginLoadError) {
                    if let pin {
                        let actual = try digests.next()!.get()
                        guard actual == pin else { throw .pinMismatch(path: path, expected: pin, actual: actual) }
                    }
                    try checkEntryVersion(of: file, path: path)
                } catch {
                    file.close()
                    failures.append(error)
                    continue
                }
                do throws(PluginLoadError) {
                    let handle = try map(file, path: path, pinned: pin != nil)
                    registry.premapped[path] = Registry.Mapped(file: file, handle: handle, sha256: pin)
                    registry.lastMapped = path
                } catch {
                    failures.append(error)
                }
            }
            // Room for the libraries' records now: the first entry made in a table of these
            // types costs a process the run-time's search for their conformances.
            registry.records.reserveCapacity(files.count)
            registry.paths.reserveCapacity(files.count)
            return failures
        }
    }

    private static func open(
        path: String, pin: String?, hostVersion: String, afterVerification: (() -> Void)?,
        registry: inout Registry
    ) throws(PluginLoadError) -> PluginLibrary {
        guard path.hasPrefix("/") else { throw .notLoadable(path: path, reason: "not an absolute path") }
        if let mapped = registry.premapped[path], pin == nil || pin == mapped.sha256 {
            registry.premapped[path] = nil
            if registry.records.values.contains(where: { $0.library.handle == mapped.handle }) {
                throw .notLoadable(path: path, reason: "the dynamic linker returned a library loaded from another file")
            }
            let library = try load(path: path, file: mapped.file, handle: mapped.handle, hostVersion: hostVersion)
            registry.remember(library, digest: mapped.sha256)
            return library
        }
        var known = registry.paths[path]
        var newFile: LibraryFile?
        if known == nil {
            let file = try LibraryFile.open(path)
            if let same = registry.path(of: file.identity) {
                file.close()
                registry.paths[path] = same
                known = same
            } else {
                newFile = file
            }
        }
        if let known, var record = registry.records[known] {
            // Already loaded: its mapping cannot change, so its digest is taken at most once, through
            // the descriptor it was loaded from.
            if let pin {
                let actual: String
                if let verified = record.sha256 {
                    actual = verified
                } else {
                    actual = try registry.digest(record.library.file)
                    record.sha256 = actual
                    registry.records[known] = record
                }
                guard actual == pin else { throw .pinMismatch(path: path, expected: pin, actual: actual) }
            }
            guard callInit(record.library.entry, path: path, hostVersion: hostVersion) else {
                throw .initFailed(path: path)
            }
            registry.records[known]!.initCount += 1
            return record.library
        }
        guard let file = newFile else { throw .notLoadable(path: path, reason: "lost track of the library") }
        var digest: String?
        if let pin {
            do throws(PluginLoadError) {
                let actual = try registry.digest(file)
                guard actual == pin else { throw .pinMismatch(path: path, expected: pin, actual: actual) }
                digest = actual
            } catch {
                file.close()
                throw error
            }
        }
        afterVerification?()
        // dlopen runs the library's ELF constructors: the version is read from the very file first,
        // so nothing in a library of another major (or of another machine, or no ELF) runs.
        do throws(PluginLoadError) {
            try checkEntryVersion(of: file, path: path)
        } catch {
            file.close()
            throw error
        }
        let handle = try map(file, path: path, pinned: pin != nil)
        registry.lastMapped = path
        // From here the file is mapped and its descriptor stays open (see `Registry`), even when the
        // library is refused below.
        if registry.records.values.contains(where: { $0.library.handle == handle }) {
            throw .notLoadable(path: path, reason: "the dynamic linker returned a library loaded from another file")
        }
        let library = try load(path: path, file: file, handle: handle, hostVersion: hostVersion)
        registry.remember(library, digest: digest)
        return library
    }

    /// `dlopen`s the checked `file`.
    ///
    /// A library is opened through its descriptor (`/proc/self/fd/N`): what was checked (and,
    /// pinned, hashed), and nothing else, runs — a file renamed over the path after the checks is
    /// never mapped, its constructors never run. Only a library that needs a library beside it
    /// through `$ORIGIN` in its run path is opened by its path (through the descriptor `$ORIGIN`
    /// would name `/proc/self/fd`, where its dependency is not); the dynamic linker is then asked
    /// for the library of the descriptor's (device, inode) without loading anything, and it must
    /// be the one it mapped. A pinned library is always opened through its descriptor.
    private static func map(_ file: LibraryFile, path: String, pinned: Bool) throws(PluginLoadError)
        -> UnsafeMutableRawPointer
    {
        let byPath = !pinned && needsALibraryBeside(file, path: path)
        let name = byPath ? path : file.procPath
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            var reason = (dlerror().map { String(cString: $0) } ?? "dlopen failed")
                .replacingOccurrences(of: file.procPath, with: path)
            file.close()  // nothing was mapped
            if pinned && reason.contains("cannot open shared object file") {
                reason +=
                    "; a pinned library is mapped from the file that was hashed (/proc/self/fd/N), "
                    + "where $ORIGIN in its run path does not name its folder: put its dependencies "
                    + "where the dynamic linker looks without $ORIGIN, or do not pin it"
            }
            throw .notLoadable(path: path, reason: reason)
        }
        // The descriptor stays open from here, even when this refuses: the check may have named
        // a library already loaded from the file by `/proc/self/fd/N` (see `Registry`).
        if byPath && dlopen(file.procPath, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD) != handle {
            throw .notLoadable(path: path, reason: "the file changed while it was being loaded")
        }
        return handle
    }

    /// True when a library `file` needs is found in a folder its run path names through
    /// `$ORIGIN` (the folder of `path`). An unreadable dynamic section is no such library (the
    /// dynamic linker then says what is wrong).
    private static func needsALibraryBeside(_ file: LibraryFile, path: String) -> Bool {
        guard let size = try? file.size(),
            let (needed, runPath) = try? ELFDynamicSymbols.dynamicLinking(descriptor: file.descriptor, count: size)
        else { return false }
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let origin = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        // The folders naming `$ORIGIN` (`${ORIGIN}`), expanded: those that change when it is
        // replaced (`origin` is a folder's path, never the name itself).
        let folders = runPath.compactMap { folder in
            let expanded = expandingOrigin(folder, to: origin)
            return expanded == folder ? nil : expanded
        }
        // `access`, not FileManager: a Swift plugin's run path is `$ORIGIN` and it needs a dozen
        // libraries, each looked for beside it on every load.
        return folders.contains { folder in needed.contains { access(folder + "/" + $0, F_OK) == 0 } }
    }

    /// `folder` of a run path with `$ORIGIN` and `${ORIGIN}` replaced by `origin`. By hand, not
    /// Foundation's `replacingOccurrences`, which bridges to `NSString` and, the first time, made
    /// the Swift run-time search every loaded image's conformances: a tenth of the host's start.
    static func expandingOrigin(_ folder: String, to origin: String) -> String {
        let dollar = UInt8(ascii: "$")
        guard folder.utf8.contains(dollar) else { return folder }
        // In UTF-8 bytes: by Character and Substring, it cost thousands of instructions a folder.
        let bytes = Array(folder.utf8)
        var result: [UInt8] = []
        var at = 0
        while at < bytes.count {
            if bytes[at] == dollar, let name = originNames.first(where: { bytes[at...].starts(with: $0) }) {
                result += origin.utf8
                at += name.count
            } else {
                result.append(bytes[at])
                at += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static let originNames = [Array("${ORIGIN}".utf8), Array("$ORIGIN".utf8)]

    /// Reads `plugboard_entry`'s ABI version from the bytes of `file` (the descriptor that will be
    /// mapped, not the path; only the parts the version needs) and refuses a missing entry or
    /// another major.
    private static func checkEntryVersion(of file: LibraryFile, path: String) throws(PluginLoadError) {
        let size = try file.size()
        let declared: ABIVersion?
        do throws(ELFReadError) {
            declared = try ELFDynamicSymbols.entryVersion(descriptor: file.descriptor, count: size)
        } catch {
            throw .notLoadable(path: path, reason: error.message)
        }
        guard let declared else { throw .entrySymbolMissing(path: path, symbol: PB_ENTRY_SYMBOL) }
        guard declared.isCompatibleWithHost else {
            throw .abiMajorMismatch(path: path, plugin: declared, host: .host)
        }
    }

    /// Undoes one `open`: calls the entry's `deinit`. The library stays mapped.
    package func release() {
        Self.registry.withLock { registry in
            guard let known = registry.records[path], known.initCount > 0 else { return }
            PluginCallTracker.track(PluginCallTracker.describe("deinit", library: path)) { entry.pointee.deinit?() }
            registry.records[path]!.initCount -= 1
        }
    }

    /// How many `open`s are not yet released (0 after the last `release`).
    package var initCount: Int { Self.registry.withLock { $0.records[path]?.initCount ?? 0 } }

    private static func load(
        path: String, file: LibraryFile, handle: UnsafeMutableRawPointer, hostVersion: String
    ) throws(PluginLoadError) -> PluginLibrary {
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
            var factories: [(kind: PluginKind, pointer: UnsafeRawPointer)] = []
            var descriptors: [(PluginDescriptor, UnsafePointer<pb_plugin_descriptor_t>)] = []
            var ids: Set<String> = []  // the first id seen twice is the one reported
            for kind in PluginKind.allCases {
                let describe = PluginCallTracker.describe("get_factory(\"\(kind.factoryID)\")", library: path)
                guard let factory = PluginCallTracker.track(describe, { getFactory(kind.factoryID) }) else { continue }
                factories.append((kind, factory))
                // The host reads the factory and descriptor structs the library handed out: a wild
                // pointer there crashes in host code, so the read is tracked as the library's call.
                let reading = PluginCall("reading the \(kind.factoryID) factory and its descriptors", library: path)
                try PluginCallTracker.track(reading) { () throws(PluginLoadError) in
                    let table = FactoryTable(kind: kind, pointer: factory, path: path)
                    for (index, pointer) in try table.descriptorPointers().enumerated() {
                        let descriptor = try PluginDescriptor(pointer, expectedKind: kind, path: path, index: index)
                        guard ids.insert(descriptor.id).inserted else {
                            throw .duplicateIdentifier(id: descriptor.id, firstPath: path, secondPath: path)
                        }
                        descriptors.append((descriptor, pointer!))
                    }
                }
            }
            return PluginLibrary(
                path: path, file: file, handle: handle, entry: entry, factories: factories, descriptors: descriptors)
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
    package func descriptor(named name: String, kind: PluginKind? = nil) throws(PluginLoadError) -> PluginDescriptor {
        guard let match = descriptors.first(where: { $0.id == name && (kind == nil || $0.kind == kind) }) else {
            throw .unknownClassName(path: path, name: name, available: descriptors.map(\.id))
        }
        return match
    }

    /// The descriptor a manifest names: its `api.class_name` when the library has that id (the
    /// host's NSClassFromString), else its `identifier`. The error lists what the library has.
    package func descriptor(
        className: String?, identifier: String, kind: PluginKind
    ) throws(PluginLoadError) -> PluginDescriptor {
        if let className, let match = descriptors.first(where: { $0.id == className && $0.kind == kind }) {
            return match
        }
        if let match = descriptors.first(where: { $0.id == identifier && $0.kind == kind }) { return match }
        throw .unknownClassName(path: path, name: className ?? identifier, available: descriptors.map(\.id))
    }

    /// The factory of `kind`, or `factoryMissing`.
    package func factory(_ kind: PluginKind) throws(PluginLoadError) -> FactoryTable {
        guard let pointer = factories.first(where: { $0.kind == kind })?.pointer else {
            throw .factoryMissing(path: path, factory: kind.factoryID)
        }
        return FactoryTable(kind: kind, pointer: pointer, path: path)
    }

    /// The address of an exported symbol, or nil.
    package func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }

    func cDescriptor(id: String) -> UnsafePointer<pb_plugin_descriptor_t>? { cDescriptors[id] }
}
