import Foundation
import Plugboard
import PlugboardHarness

/// Every benchmark, by name, in the order they are printed. Building one prepares it (loads its
/// app, generates its document), so only the selected ones are built.
public struct Catalogue {
    public let context: BenchContext
    public let quick: Bool

    public init(context: BenchContext, quick: Bool) {
        self.context = context
        self.quick = quick
    }

    /// The comparisons' names with their builders.
    public var comparisons: [(name: String, make: () throws -> [Comparison])] {
        [
            ("plugin-load", { [try PluginLoad.make(context)] }),
            ("typed-call", { [try TypedCall.make(context)] }),
            ("lifecycle", { [try Lifecycle.make(context)] }),
            ("export-call", { [try ExportCall.make(context)] }),
            ("config-load", { [try ConfigLoad.make(context)] }),
            ("json-parse", { [try JSONParse.make(context, megabytes: quick ? 2 : 17)] }),
            ("tap-hit", { [try Tap.make(context, miss: false)] }),
            ("tap-miss", { [try Tap.make(context, miss: true)] }),
            ("app-start", { [try AppStart.make(context)] }),
            ("run-start", { try AppStart.makeRun(context) }),
            ("pinned-start", { [try AppStart.makePinned(context)] }),
            ("pin-hash", { [try PinHash.make(context)] }),
            ("supervised", { try Supervision.make(context) }),
            ("serve-tap", { [try Serve.make(context)] }),
            ("check-harness", { try CheckHarness.make(context) }),
        ]
    }

    public var sweeps: [Sweep] { Sweep.all(context, quick: quick) }
}
