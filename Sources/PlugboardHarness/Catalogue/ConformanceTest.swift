import PlugboardCore

/// One promise of the header, as a small named test (clap-validator's model): an id, a one-line
/// summary, the lowest strictness that runs it, and what it applies to.
package struct ConformanceTest: Sendable {
    /// What a test runs on.
    package enum Scope: Sendable, Equatable {
        /// Once per library (entry, descriptors).
        case library
        /// Once per plugin of these kinds.
        case plugin(Set<PluginKind>)
    }

    package let id: String
    package let summary: String
    /// 1…10: the test runs when `--strictness` is at least this.
    package let strictness: Int
    package let scope: Scope
    /// Runs only when an app folder gave the manifests (skipped for a bare library).
    package let needsApp: Bool
    /// Draws on the seed: a failure prints how to replay it.
    package let isRandom: Bool
    /// Why the test skips a subject, when the subject alone says so (its manifests, not its
    /// plugin's behaviour); nil: it runs.
    private let skipsWhen: (@Sendable (CheckSubject) -> String?)?
    let body: @Sendable (CheckContext) throws -> Void

    init(
        _ id: String, _ summary: String, strictness: Int, scope: Scope, needsApp: Bool = false, isRandom: Bool = false,
        skipsWhen: (@Sendable (CheckSubject) -> String?)? = nil, body: @escaping @Sendable (CheckContext) throws -> Void
    ) {
        self.id = id
        self.summary = summary
        self.strictness = strictness
        self.scope = scope
        self.needsApp = needsApp
        self.isRandom = isRandom
        self.skipsWhen = skipsWhen
        self.body = body
    }

    /// True when the test applies to `subject`.
    package func applies(to subject: CheckSubject) -> Bool {
        switch scope {
        case .library: subject.plugin == nil
        case .plugin(let kinds): subject.plugin.map { kinds.contains($0.kind) } ?? false
        }
    }

    /// Why the test skips `subject` before it runs, decided from the subject alone: the runner
    /// reports the skip without starting a process for it. Nil: the test runs (and may still
    /// skip for what the plugin does).
    package func skipReason(for subject: CheckSubject) -> String? {
        if needsApp && subject.app == nil { return "needs an app folder: the manifests say what to expect" }
        return skipsWhen?(subject)
    }

    static let everyKind = Scope.plugin(Set(PluginKind.allCases))
}
