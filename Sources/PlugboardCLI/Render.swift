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

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.bootstrap()
        let loaded = try app.launch(environment: PlugboardHost())
        defer { loaded.shutdown() }
        let session = ShellSession(app: loaded)
        if let url {
            do throws(RoutingError) {
                try loaded.open(urlText: url)
            } catch {
                throw CommandFailure("\(url): \(error)")
            }
        }
        if let screen, !loaded.showScreen(screen) {
            throw CommandFailure("no screen '\(screen)' in rivers.json")
        }
        for step in (steps ?? "").split(separator: ";") {
            let outcome = session.run(line: String(step))
            guard outcome.succeeded else {
                printError("step '\(step.trimmingCharacters(in: .whitespaces))': \(outcome.output)")
                throw ExitCode(1)
            }
        }
        let drawing = format == .svg ? SVGRenderer.render(loaded) : TextRenderer.render(loaded)
        if let output {
            do {
                try drawing.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure("cannot write '\(output)': \(error.localizedDescription)")
            }
        } else {
            print(drawing, terminator: "")  // the drawing ends with its own line break
        }
    }
}
