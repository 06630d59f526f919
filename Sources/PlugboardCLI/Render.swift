import ArgumentParser
import Foundation
import Plugboard

/// `plugboard render`: draw a screen of an app to a file, as text or as an SVG phone/tablet mock.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a screen of an app as text or SVG.",
        discussion: """
            Without --screen or --steps the home screen is drawn. --steps runs shell commands \
            first, separated by ';' (e.g. "tap 2; back"); a step that fails stops with exit status 1.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, svg }

    @OptionGroup var app: AppOptions

    @Option(help: "Show this screen id first (pushed from the root, as a menu item would).")
    var screen: String?

    @Option(help: "Start from the state this URL of the app's scheme names (app://home/shows?menu=v).")
    var url: String?

    @Option(help: "Shell commands to run before drawing, separated by ';'.")
    var steps: String?

    @Option(help: "text or svg.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write to FILE (default: standard output).")
    var output: String?

    @OptionGroup var supervision: SupervisionOptions

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.bootstrap()
        let engine = supervision.driver(app.engineLaunch, logLevel: logging.logLevel.rawValue)
        defer { engine.stop() }
        let failures = PluginFailureReport(json: false, scripted: true)
        do throws(EngineStartFailure) {
            failures.report(try engine.start().failures)
        } catch {
            throw CommandFailure(error.description)
        }
        func perform(_ request: EngineRequest) -> EngineReply {
            let reply = engine.perform(request)
            failures.report(reply.failures)
            return reply
        }
        if let url {
            let reply = perform(.open(url))
            guard reply.succeeded else { throw CommandFailure("\(url): \(reply.output)") }
        }
        if let screen {
            let reply = perform(.showScreen(screen))
            guard reply.succeeded else { throw CommandFailure(reply.output) }
        }
        for step in (steps ?? "").split(separator: ";") {
            let reply = perform(.command(String(step)))
            guard reply.succeeded else {
                printError("step '\(step.trimmingCharacters(in: .whitespaces))': \(reply.output)")
                throw ExitCode(1)
            }
        }
        let drawing = perform(.render(svg: format == .svg))
        guard drawing.succeeded else { throw CommandFailure(drawing.output) }
        if let output {
            do {
                try drawing.output.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure("cannot write '\(output)': \(error.localizedDescription)")
            }
        } else {
            print(drawing.output, terminator: "")  // the drawing ends with its own line break
        }
        try failures.finish()
    }
}
