import PlugboardCore
import PlugboardLoader

/// model.h (ABI 1.2): reading the models by path. A path outside the grammar reads as missing
/// forever (the host refuses it), and a string read from a bar's model is valid only until that
/// model changes: the harness's host overwrites such strings with `#` when it does, so a bar that
/// kept one shows `####`.
enum ModelQueryTests {
    static let modelQueries = ConformanceTest(
        "instance.model-queries",
        "every path read through plugboard.host.model (ABI 1.2) is one of the grammar, and a bar shows no model string after its model changed",
        strictness: 2, scope: ConformanceTest.everyKind
    ) { context in
        let instance = try context.makeInstance()
        defer { instance.destroy() }
        let start = context.refusalCount
        context.exercise(instance)
        if let bar = instance as? NavigationBarInstance {
            try walkModels(of: bar, context)
        }
        let queries = context.host.hostCalls.filter { $0.function.hasPrefix("model.") }
        if queries.isEmpty { throw CheckSkip("the plugin reads no model through plugboard.host.model") }
        let malformed = context.environment.refusedCalls(since: start).filter { $0.call.hasPrefix("model.") }
        try expect(
            malformed.isEmpty,
            "expected every model path to be one of the grammar; \(malformed.count) are not: "
                + malformed.prefix(3).map(\.description).joined(separator: "; "))
    }

    /// Customises the bar for the first two screens of the bar walk, whose bar models differ,
    /// and fails when a visible label shows a string of the first after the change.
    private static func walkModels(of bar: NavigationBarInstance, _ context: CheckContext) throws {
        let base = try context.plugin.models.navigationBars.first
        for step in BarSequenceTests.walk.prefix(2) { BarSequenceTests.show(step, on: bar, base: base) }
        guard let root = bar.view else { return }
        let stale = context.subtree(root).first {
            context.tree.isVisible($0.handle) && BarSequenceTests.isPoisoned($0.text)
        }
        try expect(
            stale == nil,
            "after a new bar model the bar shows \"\(stale?.text ?? "")\": \(BarSequenceTests.staleModelString)")
    }
}
