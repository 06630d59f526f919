import ArgumentParser
import Foundation
import PlugboardCommandLine
import PlugboardEngine
import PlugboardRender

/// `plugboard render`: draw a screen of an app to a file, as text or as an SVG phone/tablet mock.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a screen of an app as text or SVG.",
        discussion: """
            Without --screen or --steps the home screen is drawn. --steps runs shell commands \
            first, separated by ';' (e.g. "tap 2; close"); a step that fails stops with exit status 1. \
            --at MS draws the last step's transition MS milliseconds in; --format svg --animate \
            writes an SVG that plays it (e.g. --steps "push shows" --at 175).
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

    @Option(
        help:
            "Draw the last step's transition MS milliseconds after it starts (the transitions run on a virtual clock).")
    var at: Double?

    @Flag(help: "With --format svg: an SVG that plays the last step's transition (SMIL).")
    var animate = false

    func validate() throws {
        if let at, !(at >= 0 && at.isFinite) { throw ValidationError("--at takes milliseconds, 0 or more") }
        if animate && format != .svg { throw ValidationError("--animate needs --format svg") }
        if (at != nil || animate) && (steps ?? "").allSatisfy({ $0 == ";" || $0.isWhitespace }) {
            throw ValidationError("--at and --animate draw the last step's transition: give --steps")
        }
    }

    @Option(
        help:
            "With --format text: fit the drawing, legend and status to COLSxROWS characters, each at least 10 (e.g. 80x24)."
    )
    var size: TerminalSize?

    @Option(name: .shortAndLong, help: "Write to FILE (default, or -: standard output).")
    var output: String?

    @OptionGroup var supervision: SupervisionOptions

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.bootstrap()
        var launch = app.engineLaunch
        launch.terminal = size
        launch.startURL = url
        let engine = try CommandEngine(supervision, launch, logging)
        if let screen {
            let reply = engine.perform(.showScreen(screen))
            guard reply.succeeded else { throw CommandFailure(reply.text) }
        }
        let allSteps = (steps ?? "").split(separator: ";").filter { !$0.allSatisfy(\.isWhitespace) }
        for (index, step) in allSteps.enumerated() {
            // The last step's transition runs on the virtual clock, to be drawn in the middle.
            if index == allSteps.count - 1 && (at != nil || animate) { _ = engine.perform(.clock(.virtual)) }
            let failure: String
            do throws(ShellCommand.ParseError) {
                guard case .request(let request)? = try ShellCommand.parse(String(step)) else { continue }
                let reply = engine.perform(request)
                if reply.succeeded { continue }
                failure = reply.text
            } catch {
                failure = error.description
            }
            printError("step '\(step.trimmingCharacters(in: .whitespaces))': \(failure)")
            throw ExitCode(1)
        }
        if let at { _ = engine.perform(.wait(at)) }
        let form: DrawingFormat = format == .text ? .text : animate ? .animatedSVG : .svg
        let drawing = try engine.output(of: engine.perform(.show, drawing: form))
        if let output, output != "-" {
            do {
                try drawing.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure("cannot write '\(output)': \(error.localizedDescription)")
            }
        } else {
            print(drawing, terminator: "")  // the drawing ends with its own line break
        }
        try engine.failures.finish()
    }
}
