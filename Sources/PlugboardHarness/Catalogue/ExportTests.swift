import PlugboardCore
import PlugboardLoader

/// invoke.h and the manifest's `plugboard.exports`: each declared export exists, prepares, and
/// takes any arguments its signature allows.
enum ExportTests {
    static let all: [ConformanceTest] = [resolve, callGenerated]

    /// Why a subject skips the export tests: its manifest declares none. Read from the subject, so
    /// the runner starts no process for them.
    static func noExports(_ subject: CheckSubject) -> String? {
        (subject.app?.exports ?? []).isEmpty ? "the manifest declares no exports" : nil
    }

    /// The declared exports, prepared against the library; a failure names the export.
    static func prepared(_ context: CheckContext) throws -> [PreparedExport] {
        if let reason = noExports(context.subject) { throw CheckSkip(reason) }
        let declared = context.subject.app?.exports ?? []
        let library = try context.library()
        let plugin = context.subject.app?.identifier ?? context.subject.group
        return try declared.map { declaration in
            let signature: Signature
            do throws(SignatureParser.Failure) {
                signature = try SignatureParser.parse(declaration.signature)
            } catch {
                throw CheckFailure("export '\(declaration.name)': signature \"\(declaration.signature)\": \(error)")
            }
            do throws(PluginLoadError) {
                return try PreparedExport(
                    plugin: plugin, name: declaration.name, signature: signature, library: library)
            } catch {
                throw CheckFailure("\(error)")
            }
        }
    }

    static let resolve = ConformanceTest(
        "exports.resolve", "each export the manifest declares is in the library and its signature prepares",
        strictness: 1, scope: ConformanceTest.everyKind, needsApp: true, skipsWhen: noExports
    ) { context in
        _ = try prepared(context)
    }

    static let callGenerated = ConformanceTest(
        "exports.call-generated",
        "each export, called with arguments generated from its signature, returns a value or a clear error",
        strictness: 7, scope: ConformanceTest.everyKind, needsApp: true, isRandom: true, skipsWhen: noExports
    ) { context in
        let exports = DynamicExports()
        for export in try prepared(context) {
            for _ in 0..<(context.strictness >= 9 ? 20 : 5) {
                let arguments = export.signature.parameters.map { ArgumentGenerator.value(for: $0, &context.random) }
                // A CallError is a clear answer; only a crash or a hang fails, and those the
                // parent sees.
                _ = try? exports.call(export, arguments: arguments)
            }
        }
    }
}

/// Arguments a signature allows, drawn from a seeded generator: edges often, anything sometimes.
enum ArgumentGenerator {
    static func value(for type: ValueType, _ random: inout SeededRandom) -> JSONValue {
        switch type {
        case .void: return .null
        case .bool: return .bool(Bool.random(using: &random))
        case .int(let bits, let signed):
            let maximum: Int64 = bits >= 64 ? Int64.max : (1 << (signed ? bits - 1 : bits)) - 1
            let minimum: Int64 = signed ? (bits >= 64 ? Int64.min : -(1 << (bits - 1))) : 0
            let edges = [0, 1, minimum, maximum, signed ? -1 : 2]
            let value =
                Bool.random(using: &random)
                ? edges.randomElement(using: &random)! : Int64.random(in: minimum...maximum, using: &random)
            return .number(JSONNumber(value))
        case .f32, .f64:
            return .number(JSONNumber([0, -1.5, 1e30, -1e-30, 42.25].randomElement(using: &random)!)!)
        case .cstr:
            return .string(
                ["", "check", "émoji 🧩", String(repeating: "y", count: 2048)].randomElement(using: &random)!)
        case .json:
            var fuzzer = JSONFuzzer(random: random)
            defer { random = fuzzer.random }
            return fuzzer.value(depth: 2)
        case .ptr: return .null
        case .structure(let fields):
            return .array(fields.map { JSONNode(value(for: $0, &random), position: .start) })
        }
    }
}
