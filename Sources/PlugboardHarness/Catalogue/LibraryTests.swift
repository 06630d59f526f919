import Foundation
import PlugboardABI
import PlugboardCore
import PlugboardLoader

/// entry.h and version.h: the library loads, exports its entry, speaks our ABI major, and its
/// entry functions behave as documented.
enum LibraryTests {
    static let all: [ConformanceTest] = [loads, exportsEntry, abiVersion, extraExports, initCounted, unknownFactory]

    static let loads = ConformanceTest(
        "library.loads", "loads with dlopen(RTLD_NOW | RTLD_LOCAL): every symbol it needs resolves", strictness: 1,
        scope: .library
    ) { context in
        _ = try RawLibrary(path: context.subject.library)
    }

    static let exportsEntry = ConformanceTest(
        "library.exports-entry", "exports plugboard_entry with init, deinit and get_factory set", strictness: 1,
        scope: .library
    ) { context in
        let library = try RawLibrary(path: context.subject.library)
        try expect(library.entry.pointee.`init` != nil, "plugboard_entry.init is NULL")
        try expect(library.entry.pointee.deinit != nil, "plugboard_entry.deinit is NULL")
        try expect(library.entry.pointee.get_factory != nil, "plugboard_entry.get_factory is NULL")
    }

    static let abiVersion = ConformanceTest(
        "library.abi-version", "the entry's ABI major is the host's; a newer minor is a warning", strictness: 1,
        scope: .library
    ) { context in
        let version = try RawLibrary(path: context.subject.library).version
        let host = ABIVersion.host
        try expect(version.major == host.major, "expected ABI major \(host.major); the entry declares \(version)")
        if version.minor > host.minor {
            context.warn("the library was built against ABI \(version), newer than the host's \(host)")
        }
    }

    static let extraExports = ConformanceTest(
        "library.extra-exports",
        "exports nothing beyond plugboard_entry and the manifest's declared exports (a warning otherwise)",
        strictness: 3, scope: .library
    ) { context in
        let symbols: [String]
        do throws(ELFReadError) {
            symbols = try ELFDynamicSymbols.exported(path: context.subject.library)
        } catch {
            throw CheckSkip("cannot read the dynamic symbol table: \(error)")
        }
        let allowed = Set([PB_ENTRY_SYMBOL] + (context.subject.app?.exports.map(\.name) ?? []))
        let extra = symbols.filter { !allowed.contains($0) && !linkerSymbols.contains($0) }
        if !extra.isEmpty {
            context.warn(
                "\(extra.count) symbols exported beyond \(allowed.sorted().joined(separator: ", ")): "
                    + extra.prefix(5).joined(separator: ", ") + (extra.count > 5 ? ", …" : "")
                    + " (hide them: -fvisibility=hidden, a version script, or `static`)")
        }
    }

    /// Symbols the static linker defines in every shared object; no plugin can hide them.
    static let linkerSymbols: Set<String> = ["__bss_start", "_edata", "_end", "__end__", "_init", "_fini"]

    static let initCounted = ConformanceTest(
        "library.init-refcounted", "init is reference-counted: init, init, deinit, deinit, then init again works",
        strictness: 2, scope: .library
    ) { context in
        let library = try RawLibrary(path: context.subject.library)
        try library.checkedEntry()
        try expect(library.initialize(), "the first init returned false")
        let factories = PluginKind.allCases.map { library.factory($0.factoryID) != nil }
        try expect(library.initialize(), "a second init (reference-counted) returned false")
        library.deinitialize()
        let afterOne = PluginKind.allCases.map { library.factory($0.factoryID) != nil }
        try expect(
            afterOne == factories, "expected the factories to stay available while one init is not matched by deinit")
        library.deinitialize()
        try expect(library.initialize(), "init after the last deinit returned false")
        let again = PluginKind.allCases.map { library.factory($0.factoryID) != nil }
        try expect(again == factories, "expected the same factories after init again; got \(again), had \(factories)")
        library.deinitialize()
    }

    static let unknownFactory = ConformanceTest(
        "library.get-factory-unknown",
        "get_factory returns NULL for unknown ids and known ids with trailing characters",
        strictness: 2, scope: .library
    ) { context in
        let library = try RawLibrary(path: context.subject.library)
        _ = try library.initializedTables()
        defer { library.deinitialize() }
        let probes =
            ["", "plugboard.factory.unknown", "plugboard.factory", "PLUGBOARD.FACTORY.SCREEN"]
            + PluginKind.allCases.flatMap { [$0.factoryID + "x", $0.factoryID + ".v2", $0.factoryID + " "] }
        let answered = probes.filter { library.factory($0) != nil }
        try expect(
            answered.isEmpty,
            "expected NULL for unknown factory ids; got a factory for "
                + answered.map { "\"\($0)\"" }.joined(separator: ", "))
    }
}
