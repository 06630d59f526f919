import PlugboardCore

/// The keys this host adds to a manifest, under `"plugboard"`, so that they never clash with
/// UI Builder's own:
///
///     "plugboard": {
///       "library": "GeneralNavBar",                 // name or absolute path of the .so
///       "sha256": "9f86d0…",                        // optional pin of the library file
///       "exports": {"epg_tune": "(i32) -> json"},   // optional dynamic functions (libffi)
///       "white_label": true,                        // optional: a white-label screen (bar on_top)
///       "sandbox": {"network": true}                // optional: what it asks the app to grant
///     }
///
/// A manifest without them is configuration only: the host runs no code for it.
package struct PlugboardKeys: Sendable, Hashable {
    package var library: String
    /// Where `library` is written, for diagnostics about the file it names.
    package var libraryLocation: ConfigLocation? {
        get { libraryPlace?.location }
        set { libraryPlace = newValue.map { .location($0) } }
    }
    private var libraryPlace: DeferredLocation?
    package var sha256: String?
    /// A white-label screen (like Settings and EPG): its bar is always placed on_top.
    package var whiteLabel = false
    /// The dynamic exports, in file order, with where each is written.
    package var exports: [Export]
    /// What the plugin asks the app's sandbox to grant (`"sandbox"`, the keys of settings.json's
    /// `sandbox`): only the app's settings grant it; `lint` says what is asked and not granted.
    package var asks: SandboxGrants?
    /// Where `asks` is written, for that warning.
    package var asksLocation: ConfigLocation? { asksPlace?.location }
    private var asksPlace: DeferredLocation?

    init(
        library: String, libraryLocation: ConfigLocation? = nil, sha256: String?, whiteLabel: Bool = false,
        exports: [Export]
    ) {
        self.init(
            library: library, libraryPlace: libraryLocation.map { .location($0) }, sha256: sha256,
            whiteLabel: whiteLabel, exports: exports)
    }

    private init(
        library: String, libraryPlace: DeferredLocation?, sha256: String?, whiteLabel: Bool, exports: [Export]
    ) {
        self.library = library
        self.libraryPlace = libraryPlace
        self.sha256 = sha256
        self.whiteLabel = whiteLabel
        self.exports = exports
    }

    /// A function the library exports beyond the ABI, called with JSON arguments through libffi.
    package struct Export: Sendable, Hashable {
        package var name: String
        package var signature: Signature
        package var location: ConfigLocation {
            get { place.location }
            set { place = .location(newValue) }
        }
        private var place: DeferredLocation

        init(name: String, signature: Signature, location: ConfigLocation) {
            self.init(name: name, signature: signature, place: .location(location))
        }

        fileprivate init(name: String, signature: Signature, place: DeferredLocation) {
            self.name = name
            self.signature = signature
            self.place = place
        }

        package static func == (lhs: Export, rhs: Export) -> Bool {
            lhs.name == rhs.name && lhs.signature == rhs.signature && lhs.location == rhs.location
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(signature)
            hasher.combine(location)
        }
    }

    package static func == (lhs: PlugboardKeys, rhs: PlugboardKeys) -> Bool {
        lhs.library == rhs.library && lhs.sha256 == rhs.sha256 && lhs.whiteLabel == rhs.whiteLabel
            && lhs.exports == rhs.exports
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(library)
        hasher.combine(sha256)
    }

    package static func read(_ node: ConfigNode, _ sink: DiagnosticSink) -> PlugboardKeys? {
        guard let object = node.asObject(sink) else { return nil }
        let library = object.string("library", required: true, sink)
        var sha256 = object.string("sha256", sink)
        if let pin = sha256, pin.count != 64 || !pin.allSatisfy({ $0.isHexDigit }) {
            object["sha256"]!.invalid(pin, "a SHA-256 digest (64 hexadecimal digits)", sink)
            sha256 = nil
        }
        var exports: [Export] = []
        if let table = object.object("exports", sink) {
            for (name, value) in table.members ?? [] {
                guard let text = value.node.stringValue else {
                    value.mismatch("a signature string such as \"(i32) -> json\"", sink)
                    continue
                }
                do {
                    exports.append(
                        Export(name: name, signature: try SignatureParser.parse(text), place: .node(value)))
                } catch {
                    sink.error(value.location, "export '\(name)': \(error) in \"\(text)\"")
                }
            }
        }
        guard let library else { return nil }
        var keys = PlugboardKeys(
            library: library, libraryPlace: object["library"].map { .node($0) }, sha256: sha256?.lowercased(),
            whiteLabel: object.bool("white_label", sink) ?? false, exports: exports)
        if let asks = object.object("sandbox", sink) {
            keys.asks = AppSettings.grants(asks, sink)
            keys.asksPlace = .node(asks)
        }
        return keys
    }
}
