/// The C signature of a dynamic export, as a manifest declares it:
/// `"epg_tune": "(i32) -> json"`, `"area": "({f64, f64}) -> f64"`.
package struct Signature: Sendable, Hashable, CustomStringConvertible {
    package var parameters: [ValueType]
    package var result: ValueType

    package var description: String {
        "(" + parameters.map(\.description).joined(separator: ", ") + ") -> " + result.description
    }
}

/// A type of the signature grammar.
package indirect enum ValueType: Sendable, Hashable, CustomStringConvertible {
    case void
    case bool
    case int(bits: Int, signed: Bool)
    case f32
    case f64
    /// UTF-8 text: in, a NUL-terminated copy the callee may read during the call; out, a string
    /// the plugin owns, copied by the host.
    case cstr
    /// UTF-8 JSON text, in and out (out: plugin-owned, copied and parsed by the host).
    case json
    /// A pointer the host only passes through: out, it becomes a host handle `{"handle": n}`;
    /// in, only such a handle is accepted. JSON never carries an address.
    case ptr
    /// A struct of scalars passed by value, as a JSON array of its fields.
    case structure([ValueType])

    /// The scalar names of the grammar.
    package static let scalars: [String: ValueType] = [
        "void": .void, "bool": .bool, "i8": .int(bits: 8, signed: true), "i16": .int(bits: 16, signed: true),
        "i32": .int(bits: 32, signed: true), "i64": .int(bits: 64, signed: true),
        "u8": .int(bits: 8, signed: false), "u16": .int(bits: 16, signed: false),
        "u32": .int(bits: 32, signed: false), "u64": .int(bits: 64, signed: false),
        "f32": .f32, "f64": .f64, "cstr": .cstr, "json": .json, "ptr": .ptr,
    ]

    package var description: String {
        switch self {
        case .void: "void"
        case .bool: "bool"
        case .int(let bits, let signed): "\(signed ? "i" : "u")\(bits)"
        case .f32: "f32"
        case .f64: "f64"
        case .cstr: "cstr"
        case .json: "json"
        case .ptr: "ptr"
        case .structure(let fields): "{" + fields.map(\.description).joined(separator: ", ") + "}"
        }
    }

    /// Scalars a struct may hold: numbers and bool.
    package var isStructField: Bool {
        switch self {
        case .bool, .int, .f32, .f64: true
        default: false
        }
    }
}
