import Foundation
import PlugboardABI
import PlugboardCore

/// The models one instance was handed as JSON text, read for `plugboard.host.model`: parsed on
/// the first query (or found parsed, `ParsedModels`), walked by path, and the C strings handed
/// out kept until that model changes (a bar's next `customize_for_screen`) or the instance goes.
package final class InstanceModels {
    package enum Kind: Int32, CaseIterable {
        case plugin = 0, screen = 1, navBar = 2, dataSource = 3
    }

    /// One model as handed, parsed and queried.
    private struct Slot {
        var text: String?
        /// The parsed model, walked on the parsed document: a query decodes only the value it asks for.
        var parsed: JSONNode?
        /// C strings handed out, by what they read, so asking twice does not leak.
        var strings = HandedStrings()
    }

    // One slot per kind, in one buffer of the object's own rather than in arrays: every screen
    // instance has these for as long as it is on a stack, and arrays made three more heap
    // blocks each. Each query reads them, and the kinds are four small integers, so no
    // dictionary has to hash them. A buffer, not four stored properties behind a `_read` and
    // `_modify` subscript: those coroutines' frames were allocated on the heap, a malloc and a
    // free for every access (docs/performance.md, round nineteen). Model queries are
    // [main-thread] calls, refused on other threads before they get here.
    private let slots: UnsafeMutablePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: Kind.allCases.count)
        slots.initialize(repeating: Slot(), count: Kind.allCases.count)
        return slots
    }()

    private subscript(kind: Kind) -> Slot {
        unsafeAddress { UnsafePointer(slots + Int(kind.rawValue)) }
        unsafeMutableAddress { slots + Int(kind.rawValue) }
    }

    deinit {
        for kind in Kind.allCases { forget(kind) }
        slots.deinitialize(count: Kind.allCases.count)
        slots.deallocate()
    }

    /// The model's JSON text as handed to the instance, or nil when it has none.
    package func text(_ kind: Kind) -> String? { self[kind].text }

    /// Sets (or, with nil, removes) a model; strings handed out from the old one are freed.
    func set(_ kind: Kind, _ text: String?) {
        guard self[kind].text != text else { return }
        forget(kind)
        self[kind].text = text
        self[kind].parsed = nil
    }

    /// What a path reads in a model.
    enum Lookup {
        case value(JSONNode)
        /// No such model, or nothing at the path.
        case missing
        /// The path is not one of the grammar (model.h): it can never read anything.
        case malformed
    }

    /// The value at `path` of the model.
    func lookup(_ kind: Kind, at path: String) -> Lookup {
        guard let components = ModelPath.parse(path) else { return .malformed }
        guard var node = model(kind) else { return .missing }
        for component in components {
            switch component {
            case .key(let key):
                guard let next = node[key] else { return .missing }
                node = next
            case .index(let index):
                guard let next = node[index] else { return .missing }
                node = next
            }
        }
        return .value(node)
    }

    /// The value at `path`, an all-ASCII path given as its bytes: walked as it is read (see
    /// `ModelPath.scanASCII`), which is what a plugin's query costs; the same answer as
    /// `lookup(_:at:)` gives for the path as a string.
    func lookup(_ kind: Kind, asciiPath path: UnsafeBufferPointer<UInt8>) -> Lookup {
        var node = model(kind)
        let wellFormed = ModelPath.scanASCII(path) { step in
            guard let current = node else { return }
            switch step {
            case .key(let key): node = current[utf8: key]
            case .index(let index): node = current[index]
            }
        }
        guard wellFormed else { return .malformed }
        return node.map { .value($0) } ?? .missing
    }

    /// What a C string handed out reads: a string value, or the key of a member, of one node of
    /// the parsed model. Two paths to the same node share a string (its text is the same), and
    /// the key costs no string to make or hash.
    struct HandedString: Equatable {
        /// The node's place in its parsed document.
        var node: Int
        /// The member whose key it is; nil: the node's own string.
        var key: Int?

        /// Both in one number, distinct for distinct reads: a place in a document is at least -1
        /// and below 2³² − 1 (each node takes bytes of text), and so is a member's index.
        var number: UInt64 {
            UInt64(UInt32(truncatingIfNeeded: node + 1)) << 32 | UInt64(UInt32(truncatingIfNeeded: (key ?? -1) + 1))
        }
    }

    /// The C strings handed out from one model: a screen asks for a few, kept in a list searched
    /// in order (a dictionary's storage and hashing cost a thousand instructions for the first);
    /// past `listed`, in a dictionary, so a plugin reading a long list stays linear.
    struct HandedStrings {
        static let listed = 16
        private var list: [(read: HandedString, string: UnsafeMutablePointer<CChar>)] = []
        /// By `HandedString.number`: a key type of the host's own costs app start a conformance
        /// search (docs/performance.md, round fourteen).
        private var table: [UInt64: UnsafeMutablePointer<CChar>] = [:]

        var isEmpty: Bool { list.isEmpty && table.isEmpty }

        /// Every string, in no particular order.
        var all: [UnsafeMutablePointer<CChar>] { list.map(\.string) + table.values }

        subscript(read: HandedString) -> UnsafeMutablePointer<CChar>? {
            if let found = list.first(where: { $0.read == read }) { return found.string }
            return table.isEmpty ? nil : table[read.number]
        }

        /// Keeps `string` for `read`, which has none yet.
        mutating func keep(_ string: UnsafeMutablePointer<CChar>, for read: HandedString) {
            if list.count < Self.listed {
                list.append((read, string))
            } else {
                table[read.number] = string
            }
        }
    }

    /// A C string that lives until the model changes, made once per (model, node, key).
    func cString(_ kind: Kind, of node: JSONNode, key: Int? = nil, _ text: String) -> UnsafePointer<CChar> {
        let handed = HandedString(node: node.parsedSource?.index ?? -1, key: key)
        if let kept = self[kind].strings[handed] { return UnsafePointer(kept) }
        // Through `withCString`: handing `strdup` the string itself converts it through an
        // allocated array when it is a small one.
        let made = text.withCString { strdup($0)! }
        self[kind].strings.keep(made, for: handed)
        return UnsafePointer(made)
    }

    private func model(_ kind: Kind) -> JSONNode? {
        if let value = self[kind].parsed { return value }
        guard let text = self[kind].text, let value = ParsedModels.shared.node(for: text) else { return nil }
        self[kind].parsed = value
        return value
    }

    /// Set by `plugboard check`'s test processes: strings of a changed model are overwritten
    /// with `#` and never freed, so a plugin that reads one after its lifetime shows `####`
    /// instead of reading freed memory that often still holds the old text.
    nonisolated(unsafe) package static var poisonsForgottenStrings = false

    private func forget(_ kind: Kind) {
        guard !self[kind].strings.isEmpty else { return }
        for pointer in self[kind].strings.all {
            if Self.poisonsForgottenStrings {
                memset(pointer, Int32(UInt8(ascii: "#")), strlen(pointer))
            } else {
                free(pointer)
            }
        }
        self[kind].strings = HandedStrings()
    }
}

/// The path syntax of plugboard/model.h: `styles.title_color`, `nav_items[2].title`,
/// `styles["a.b"]`; "" is the model itself.
enum ModelPath {
    static func parse(_ path: String) -> [JSONPath.Component]? {
        var path = path
        // Checked over the bytes in place: walking `utf8` cost more than the parse.
        let ascii: [JSONPath.Component]?? = path.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? .some(parseASCII(bytes)) : nil
        }
        return ascii ?? parseCharacters(path)
    }

    /// One step of a path: a key's bytes (inside the path) or an index.
    enum Step {
        case key(UnsafeBufferPointer<UInt8>)
        case index(Int)
    }

    /// The grammar over the bytes of an all-ASCII path (the usual kind): reading `Character`s
    /// cost a plugin about ten times more per query.
    static func parseASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> [JSONPath.Component]? {
        var components: [JSONPath.Component] = []
        let wellFormed = scanASCII(bytes) { step in
            switch step {
            case .key(let key): components.append(.key(String(decoding: key, as: UTF8.self)))
            case .index(let index): components.append(.index(index))
            }
        }
        return wellFormed ? components : nil
    }

    /// Reads an all-ASCII path, handing each step to `visit` as it is read, so a query walks the
    /// model while it reads the path, with no array of steps and no string per key. False when
    /// the path is not one of the grammar (`visit` may have seen its first steps).
    static func scanASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ visit: (Step) -> Void) -> Bool {
        var index = 0
        let end = bytes.count
        var hasSteps = false
        var expectsKey = true  // at the start, and after a dot
        func isKeyByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "["):
                index += 1
                if index < end && bytes[index] == UInt8(ascii: "\"") {
                    guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return false }
                    visit(.key(UnsafeBufferPointer(rebasing: bytes[index + 1..<close])))
                    index = close + 1
                } else {
                    var value = 0
                    let start = index
                    while index < end, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                        let (times, overflowMultiplying) = value.multipliedReportingOverflow(by: 10)
                        let (sum, overflowAdding) = times.addingReportingOverflow(Int(digit))
                        guard !overflowMultiplying && !overflowAdding else { return false }
                        value = sum
                        index += 1
                    }
                    guard index > start else { return false }
                    visit(.index(value))
                }
                guard index < end && bytes[index] == UInt8(ascii: "]") else { return false }
                index += 1
                (hasSteps, expectsKey) = (true, false)
            case UInt8(ascii: "."):
                guard hasSteps, !expectsKey else { return false }
                index += 1
                expectsKey = true
            default:
                guard expectsKey else { return false }
                let start = index
                while index < end && isKeyByte(bytes[index]) { index += 1 }
                guard index > start else { return false }
                visit(.key(UnsafeBufferPointer(rebasing: bytes[start..<index])))
                (hasSteps, expectsKey) = (true, false)
            }
        }
        return !(expectsKey && hasSteps)
    }

    /// The grammar over `Character`s, whose letters and digits may be any script's.
    static func parseCharacters(_ path: String) -> [JSONPath.Component]? {
        var components: [JSONPath.Component] = []
        var rest = Substring(path)
        var expectsKey = true  // at the start, and after a dot
        while !rest.isEmpty {
            if rest.first == "[" {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    guard let end = rest.dropFirst().firstIndex(of: "\"") else { return nil }
                    components.append(.key(String(rest[rest.index(after: rest.startIndex)..<end])))
                    rest = rest[rest.index(after: end)...]
                } else {
                    let digits = rest.prefix { $0.isASCII && $0.isNumber }
                    guard let index = Int(digits) else { return nil }
                    components.append(.index(index))
                    rest = rest.dropFirst(digits.count)
                }
                guard rest.first == "]" else { return nil }
                rest = rest.dropFirst()
                expectsKey = false
            } else if rest.first == "." {
                guard !components.isEmpty, !expectsKey else { return nil }
                rest = rest.dropFirst()
                expectsKey = true
            } else {
                guard expectsKey else { return nil }
                let key = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                guard !key.isEmpty else { return nil }
                components.append(.key(String(key)))
                rest = rest.dropFirst(key.count)
                expectsKey = false
            }
        }
        return expectsKey && !components.isEmpty ? nil : components
    }
}
