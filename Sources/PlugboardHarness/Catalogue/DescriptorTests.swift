import PlugboardABI
import PlugboardCore
import PlugboardLoader

/// plugin.h: every factory lists well-formed descriptors.
enum DescriptorTests {
    static let all: [ConformanceTest] = [
        countAgrees, idsValid, stringsUTF8, semanticVersions, kindMatches, describesManifests, screenFlag,
    ]

    /// The library's factories with their descriptors, after one `init`.
    private static func read(_ context: CheckContext) throws -> [(FactoryTable, UInt32, [RawDescriptor])] {
        let library = try RawLibrary(path: context.subject.library)
        return try library.initializedTables().map { table in
            let (count, descriptors) = table.rawDescriptors()
            return (table, count, descriptors)
        }
    }

    private static func descriptors(_ context: CheckContext) throws -> [RawDescriptor] {
        try read(context).flatMap(\.2)
    }

    static let countAgrees = ConformanceTest(
        "descriptors.count-agrees",
        "count agrees with get_descriptor: a descriptor below count, NULL at count", strictness: 1, scope: .library
    ) { context in
        for (table, count, _) in try read(context) {
            try expect(
                count <= FactoryTable.maximumCount,
                "\(table.kind.factoryID): count() is \(count), more than the \(FactoryTable.maximumCount) a library may hold"
            )
            for index in 0..<count {
                try expect(
                    table.descriptor(at: index) != nil,
                    "\(table.kind.factoryID): get_descriptor(\(index)) is NULL; count() is \(count)")
            }
            try expect(
                table.descriptor(at: count) == nil,
                "\(table.kind.factoryID): expected get_descriptor(\(count)) (= count) to be NULL")
        }
    }

    static let idsValid = ConformanceTest(
        "descriptors.ids-valid", "ids are non-empty, valid UTF-8 and unique in the library", strictness: 1,
        scope: .library
    ) { context in
        var seen: [String: RawDescriptor] = [:]
        for descriptor in try descriptors(context) {
            guard let bytes = descriptor.id, !bytes.isEmpty else {
                throw CheckFailure("\(descriptor.place): id is NULL or empty")
            }
            guard let id = String(validating: bytes, as: UTF8.self) else {
                throw CheckFailure("\(descriptor.place): id is not valid UTF-8")
            }
            if let first = seen[id] {
                throw CheckFailure("id '\(id)' is used twice: \(first.place) and \(descriptor.place)")
            }
            seen[id] = descriptor
        }
    }

    static let stringsUTF8 = ConformanceTest(
        "descriptors.strings-utf8", "name and version are set; every descriptor string is valid UTF-8", strictness: 1,
        scope: .library
    ) { context in
        for descriptor in try descriptors(context) {
            try expect(descriptor.name != nil, "\(descriptor.place): name is NULL (required)")
            try expect(descriptor.version != nil, "\(descriptor.place): version is NULL (required)")
            let fields = [
                ("name", descriptor.name), ("vendor", descriptor.vendor), ("version", descriptor.version),
                ("description", descriptor.description),
            ]
            for (field, bytes) in fields {
                guard let bytes else { continue }
                try expect(
                    String(validating: bytes, as: UTF8.self) != nil,
                    "\(descriptor.place): \(field) is not valid UTF-8: \(String(decoding: bytes, as: UTF8.self).debugDescription)"
                )
            }
        }
    }

    static let semanticVersions = ConformanceTest(
        "descriptors.semver", "plugin versions are semantic versions (MAJOR.MINOR.PATCH[-pre][+build])",
        strictness: 3, scope: .library
    ) { context in
        for descriptor in try descriptors(context) {
            let version = descriptor.version.map { String(decoding: $0, as: UTF8.self) } ?? ""
            try expect(
                SemanticVersion.isValid(version),
                "\(descriptor.place): version \"\(version)\" is not a semantic version")
        }
    }

    static let kindMatches = ConformanceTest(
        "descriptors.kind-matches", "each descriptor's kind is its factory's and its ABI major the host's",
        strictness: 1, scope: .library
    ) { context in
        for descriptor in try descriptors(context) {
            try expect(
                PluginKind(descriptor.kind) == descriptor.factory,
                "\(descriptor.place): kind \(descriptor.kind) does not match the factory (\(descriptor.factory))")
            try expect(
                descriptor.abiVersion.isCompatibleWithHost,
                "\(descriptor.place): ABI \(descriptor.abiVersion) is incompatible with host ABI \(ABIVersion.host)")
        }
    }

    static let describesManifests = ConformanceTest(
        "descriptors.describe-manifests",
        "every manifest that names the library finds its plugin (api.class_name or identifier, of its kind)",
        strictness: 1, scope: .library, needsApp: true
    ) { context in
        let plugins = try descriptors(context).compactMap { descriptor in
            PluginKind(descriptor.kind).map { DiscoveredPlugin(id: descriptor.idText, kind: $0, name: "") }
        }
        for manifest in context.subject.app?.manifests ?? [] {
            try expect(
                manifest.descriptorID(among: plugins) != nil,
                "manifest '\(manifest.identifier)' names a \(manifest.kind) plugin '\(manifest.className ?? manifest.identifier)'; "
                    + "the library describes: " + plugins.map { "\($0.id) (\($0.kind))" }.joined(separator: ", "))
        }
    }

    static let screenFlag = ConformanceTest(
        "descriptors.screen-flag", "the screen flag agrees with the manifest's \"screen\": true", strictness: 2,
        scope: .library, needsApp: true
    ) { context in
        let descriptors = try descriptors(context)
        let plugins = descriptors.compactMap { descriptor in
            PluginKind(descriptor.kind).map { DiscoveredPlugin(id: descriptor.idText, kind: $0, name: "") }
        }
        for manifestPlugin in context.subject.app?.manifests ?? [] {
            guard let id = manifestPlugin.descriptorID(among: plugins),
                let descriptor = descriptors.first(where: { $0.idText == id })
            else { continue }
            let manifest = manifestPlugin.isScreen
            let flagged = descriptor.flags & UInt64(PB_PLUGIN_FLAG_SCREEN) != 0
            try expect(
                flagged == manifest,
                "\(descriptor.place): PB_PLUGIN_FLAG_SCREEN is \(flagged ? "set" : "clear") but the manifest says \"screen\": \(manifest)"
            )
        }
    }
}

/// Semantic versions (semver.org 2.0.0), checked by hand: a regex engine is not worth it here.
enum SemanticVersion {
    static func isValid(_ text: String) -> Bool {
        var core = Substring(text)
        if let plus = core.firstIndex(of: "+") {
            guard identifiers(core[core.index(after: plus)...], numericRule: false) else { return false }
            core = core[..<plus]
        }
        if let dash = core.firstIndex(of: "-") {
            guard identifiers(core[core.index(after: dash)...], numericRule: true) else { return false }
            core = core[..<dash]
        }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy(isNumber)
    }

    private static func isNumber(_ part: Substring) -> Bool {
        !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } && (part == "0" || part.first != "0")
    }

    private static func identifiers(_ text: Substring, numericRule: Bool) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                return false
            }
            return !numericRule || !part.allSatisfy(\.isNumber) || isNumber(part)
        }
    }
}
