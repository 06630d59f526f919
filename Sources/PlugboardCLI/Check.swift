import ArgumentParser
import Foundation
import PlugboardCommandLine
import PlugboardConfig
import PlugboardCore
import PlugboardHarness

/// `plugboard check`: the conformance harness. Every test of the catalogue runs in a child
/// process, so a crashing or hanging plugin is a result, never the end of the run.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that plugins keep every promise of plugboard.h, and survive the ones that don't.",
        discussion: """
            Give plugin libraries (checked with minimal valid models) or one app folder (every \
            plugin the app uses, checked with the app's real models). Each test runs in a child \
            process: a crash, an exit() or an endless loop in plugin code is reported as crashed \
            or timed out, with the plugin call in flight and the plugin's last log lines.

            Strictness levels (each adds to the ones below it):
            \(Catalogue.levels.map { "  \($0.level): \($0.adds)" }.joined(separator: "\n"))

            Exit status: 0 when nothing failed, crashed or timed out; 1 otherwise.
            """
    )

    @Argument(help: "Plugin libraries (.so), or one app folder.")
    var inputs: [String] = []

    @Option(help: "Check only this plugin (descriptor id, or manifest identifier with an app).")
    var plugin: String?

    @Option(help: "1…10: higher runs more tests and fuzzes harder.")
    var strictness = 5

    @Option(help: "Run only tests whose id matches this glob (repeatable), e.g. 'nav-bar.*'.")
    var only: [String] = []

    @Option(help: "Skip tests whose id matches this glob (repeatable).")
    var skip: [String] = []

    @Flag(help: "List every test with its minimum strictness and one-line description, then exit.")
    var list = false

    @Option(help: "The seed of the random tests (default: random; always printed, so a run can be replayed).")
    var seed: UInt64?

    @Option(name: .customLong("repeat"), help: "Run each test this many times.")
    var repetitions = 1

    @Option(help: "Seconds each test may take before its child is killed.")
    var timeout: Double = 20

    @Option(help: "Report format: text, json or junit.")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(
        name: .customLong("plugin-path"),
        help: "For an app folder: a folder to search for plugin libraries (repeatable).")
    var pluginPath: [String] = []

    @Flag(help: "Run the tests in this process (debugging the harness only: a crashing plugin ends the run).")
    var inProcess = false

    @Flag(
        name: .customLong("no-fork-server"),
        help: "Start a fresh process for every test instead of forking it from one that has loaded the library.")
    var noForkServer = false

    @Option(
        help: "How many tests run at a time, each in its own process (default: the number of processors, at most 8).")
    var jobs: Int?

    @Option(
        name: .customLong("screen-model"),
        help: "A rivers.json screen object (JSON file) to make screen plugins with; with an app folder, needs --plugin."
    )
    var screenModel: String?

    @Option(
        name: .customLong("data-source"),
        help: "The data source (JSON file) to open screen plugins with; with an app folder, needs --plugin.")
    var dataSource: String?

    enum ReportFormat: String, ExpressibleByArgument, CaseIterable { case text, json, junit }

    func validate() throws {
        guard (1...10).contains(strictness) else { throw ValidationError("--strictness must be 1…10") }
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
        guard timeout > 0, timeout.isFinite else {
            throw ValidationError("--timeout must be a positive number of seconds")
        }
        guard (jobs ?? 1) >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard list || !inputs.isEmpty else { throw ValidationError("give plugin libraries (.so) or an app folder") }
    }

    func run() throws {
        if list {
            print(CheckCatalogueListing.text)
            return
        }
        var options = CheckOptions()
        options.strictness = strictness
        options.only = only
        options.skip = skip
        options.plugin = plugin
        if let seed { options.seed = seed }
        options.repetitions = repetitions
        options.timeout = timeout
        options.inProcess = inProcess
        options.forkServer = !noForkServer
        if let jobs { options.workers = jobs }
        options.authorScreen = try authorScreen()
        // A misspelt filter must not pass a CI gate by testing nothing.
        if !only.isEmpty, !Catalogue.tests.contains(where: { test in only.contains { fnmatch($0, test.id, 0) == 0 } }) {
            throw CommandFailure(
                "--only \(only.joined(separator: " ")) matches no test (`plugboard check --list` lists them)")
        }
        let runner = try CheckRunner(options: options, executable: Executables.current)
        let report = try check(with: runner)
        if let plugin, !report.results.contains(where: { $0.group == plugin }) {
            throw CommandFailure(
                "--plugin \(plugin): no test ran for it: no plugin has that id in \(inputs.joined(separator: " "))"
                    + (only.isEmpty ? "" : ", or --only selects none of its tests"))
        }
        guard !report.results.isEmpty else { throw CommandFailure("no test ran: --only selects none for these inputs") }
        for gap in runner.sandboxGaps.sorted() { printError(gap) }  // once, not per child
        for fallback in runner.forkServerFallbacks { printError(fallback) }  // once per library
        try write(report)
        if !report.succeeded { throw ExitCode(1) }
    }

    /// The author's screen model and data source, read from their files; a file that is not
    /// JSON is refused with its place.
    private func authorScreen() throws -> AuthorScreenModels? {
        guard screenModel != nil || dataSource != nil else { return nil }
        func read(_ path: String?, _ option: String) throws -> JSONValue? {
            guard let path else { return nil }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("\(option): cannot read '\(path)'")
            }
            do throws(JSONSyntaxError) {
                return try JSONParser.parse(data).value
            } catch {
                throw CommandFailure("\(path):\(error.position): \(error.message)")
            }
        }
        let screen = try read(screenModel, "--screen-model")
        if let screen, screen.objectValue == nil {
            throw CommandFailure("\(screenModel ?? ""): a screen model is a JSON object (a rivers.json screen)")
        }
        return AuthorScreenModels(screen: screen, dataSource: try read(dataSource, "--data-source"))
    }

    private func check(with runner: CheckRunner) throws -> CheckReport {
        let first = inputs[0]
        if FileManager.default.isFolder(atPath: first) {
            guard inputs.count == 1 else { throw CommandFailure("give one app folder, or only libraries") }
            guard runner.options.authorScreen == nil || plugin != nil else {
                throw CommandFailure("with an app folder, --screen-model and --data-source need --plugin ID")
            }
            let options = try AppOptions.parse(pluginPath.flatMap { ["--plugin-path", $0] } + ["--", first])
            let files = AppConfiguration.files(in: URL(fileURLWithPath: first))
            let (configuration, diagnostics) = AppConfiguration.check(
                pluginsURL: files.plugins, riversURL: files.rivers)
            guard let configuration else { throw AppConfiguration.Invalid(diagnostics: diagnostics) }
            return runner.check(app: configuration, searchPath: options.location.searchPath)
        }
        for input in inputs where !FileManager.default.fileExists(atPath: input) {
            throw CommandFailure("'\(input)' does not exist")
        }
        return runner.check(libraries: inputs)
    }

    private func write(_ report: CheckReport) throws {
        let text: String
        switch format {
        case .text:
            let colour =
                output == nil && isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            text = TextReport(report: report, colour: colour, command: replayCommand).text + "\n"
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            text = String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
        case .junit:
            text = JUnitReport(report: report).xml
        }
        if let output {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output))
            // The verdict still reaches the terminal when the report goes to a file.
            print(report.summary)
            print(report.succeeded ? "SUCCESS" : "FAILURE")
        } else {
            print(text, terminator: "")
        }
    }

    /// The command that checks the same inputs, for replay hints.
    private var replayCommand: String {
        (["plugboard check"] + inputs + pluginPath.flatMap { ["--plugin-path", $0] }).joined(separator: " ")
    }
}

/// `--list`: every test with its minimum strictness and summary.
enum CheckCatalogueListing {
    static var text: String {
        let width = Catalogue.tests.map(\.id.count).max() ?? 0
        return Catalogue.tests.map { test in
            let notes = [test.needsApp ? "app" : nil, test.isRandom ? "seeded" : nil].compactMap { $0 }
            return
                "\(test.id.padding(toLength: width, withPad: " ", startingAt: 0))  \(test.strictness)  \(test.summary)"
                + (notes.isEmpty ? "" : " [\(notes.joined(separator: ", "))]")
        }.joined(separator: "\n")
    }
}
