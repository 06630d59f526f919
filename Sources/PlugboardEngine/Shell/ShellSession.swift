import Foundation
import PlugboardCore
import PlugboardNavigation
import PlugboardRender

/// Runs shell commands against an app and says what happened: the engine behind `plugboard run`
/// and `plugboard render --steps`, kept in the library so tests drive it directly.
package final class ShellSession {
    package let app: PlugboardApp

    /// What a command produced.
    package struct Outcome {
        /// Text to print (the drawing after a change, the state, the event log, help).
        package var output: String
        /// False when the command failed (unknown command, nothing to go back to, a target that
        /// is not tappable): a script stops there with a non-zero status.
        package var succeeded: Bool
        /// True for `quit`.
        package var quit = false
    }

    package init(app: PlugboardApp) { self.app = app }

    /// Parses and runs one line. Blank lines and comments do nothing and succeed.
    package func run(line: String) -> Outcome {
        do {
            guard let command = try ShellCommand.parse(line) else { return Outcome(output: "", succeeded: true) }
            return run(command)
        } catch {
            return Outcome(output: error.description, succeeded: false)
        }
    }

    package func run(_ command: ShellCommand) -> Outcome {
        if app.isAnimating, command.isInput, let left = app.state.transition.map({ $0.duration - $0.elapsed }) {
            return Outcome(
                output: "a transition is running (\(Int(left.rounded(.up))) ms left): wait first", succeeded: false)
        }
        switch command {
        case .tap(let target): return tap(target)
        case .back: return changed(app.back(), failure: "nothing to go back to")
        case .close: return changed(app.close(), failure: "no presented screen to close")
        case .menu: return changed(app.menu(), failure: "no menu button here (\(app.whyNoMenuButton))")
        case .select(let item):
            return changed(app.selectRootItem(item), failure: "no menu item '\(item)'")
        case .device(let kind):
            app.setDevice(kind)
            return Outcome(output: drawing, succeeded: true)
        case .show: return Outcome(output: drawing, succeeded: true)
        case .state: return Outcome(output: Self.json(app.state), succeeded: true)
        case .events:
            return Outcome(output: app.events.map(\.description).joined(separator: "\n"), succeeded: true)
        case .help:
            let width = ShellCommand.usage.map(\.0.count).max() ?? 0
            let lines = ShellCommand.usage.map {
                $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1
            }
            return Outcome(output: lines.joined(separator: "\n"), succeeded: true)
        case .quit: return Outcome(output: "", succeeded: true, quit: true)
        case .route(let steps): return route(steps)
        case .wait(let milliseconds):
            app.wait(milliseconds)
            return Outcome(output: drawing, succeeded: true)
        case .clock(let mode):
            if mode == .instant { app.completeRunningTransition() }
            app.clock.mode = mode
            return Outcome(output: "", succeeded: true)
        case .swipe(let swipe):
            do throws(SwipeRefusal) {
                try app.swipe(swipe)
                return Outcome(output: drawing, succeeded: true)
            } catch {
                return Outcome(output: "swipe: \(error)", succeeded: false)
            }
        }
    }

    /// Runs route changes as one transition.
    private func route(_ steps: [ShellCommand.RouteStep]) -> Outcome {
        var transition = app.transition
        for step in steps {
            switch step {
            case .open(let text):
                do throws(RouteURLError) {
                    transition = transition.open(try RouteURL.parse(text))
                } catch {
                    return Outcome(output: "\(text): \(error)", succeeded: false)
                }
            case .push(let key, let data): transition = transition.push(key, data: data)
            case .root(let key, let data): transition = transition.root(key, data: data)
            case .present(let key): transition = transition.present(key)
            case .dismiss(let key): transition = transition.dismiss(key)
            case .pop(let count): transition = transition.pop(count)
            }
        }
        do throws(RoutingError) {
            try transition.start()
            return Outcome(output: drawing, succeeded: true)
        } catch {
            return Outcome(output: error.description, succeeded: false)
        }
    }

    /// The screen as text, with its numbered tap targets.
    package var drawing: String { TextRenderer.render(app, terminal: terminal) }

    /// The terminal the drawings fit (nil: the default scale).
    package var terminal: TerminalSize?

    private func changed(_ done: Bool, failure: String) -> Outcome {
        done ? Outcome(output: drawing, succeeded: true) : Outcome(output: failure, succeeded: false)
    }

    private func tap(_ target: String) -> Outcome {
        do {
            if let number = Int(target) {
                guard let found = app.tapTargets.first(where: { $0.number == number }) else {
                    return Outcome(output: "no element [\(number)] on screen", succeeded: false)
                }
                try app.tap(found.view)
            } else {
                try app.tap(identifier: target)
            }
            return Outcome(output: drawing, succeeded: true)
        } catch {
            return Outcome(output: error.description, succeeded: false)
        }
    }

    /// Key-sorted JSON of a state: pretty for `state`, one line for `--json`.
    package static func json(_ value: some Encodable, pretty: Bool = true) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
