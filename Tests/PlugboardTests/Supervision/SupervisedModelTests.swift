import Foundation
import PlugboardCore
import TestSupport
import Testing

/// The engine a supervised `plugboard run` forks before `main`, the engine it starts when told not
/// to fork (`PLUGBOARD_NO_ENGINE_FORK`) and the app `--in-process` runs are one app: seeded random
/// sessions of shell commands, typed one at a time into all three as an app builder's script
/// would, give the same state line after every command (view handles aside: each process numbers
/// its own views). The model picks only commands the state allows, so none may fail; reopening the
/// state URL must stay where it is. The in-process app's own rules are `NavigationModelTests`'s;
/// this holds the processes, and the shell's doors into the app, to them.
///
/// A failing seed is named in the failure with its commands so far; add it to `seeds` to replay it.
@Suite(.timeLimit(.minutes(5))) struct SupervisedModelTests {
    static let seeds: [UInt64] = Array(1...12)
    static let steps = 40

    /// The three ways to run the Showcase, each driven by the same commands.
    static let ways: [(name: String, arguments: [String], environment: [String: String])] = [
        ("forked engine", ["run", "Examples/Showcase", "--json"], [:]),
        ("started engine", ["run", "Examples/Showcase", "--json"], ["PLUGBOARD_NO_ENGINE_FORK": "1"]),
        ("in process", ["run", "--in-process", "Examples/Showcase", "--json"], [:]),
    ]

    @Test(arguments: seeds) func everyWayToRunGivesTheSameStates(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let sessions = try Self.ways.map { try ScriptedRun($0.arguments, environment: $0.environment) }
        defer { sessions.forEach { $0.finish() } }
        var history: [String] = []
        var previous: String?  // the state URL before the last command
        var answers = sessions.map { $0.nextLine() }  // the first drawing's state
        for step in 0...Self.steps {
            let states = answers.map { $0.map(StateLine.init) }
            let context = "seed \(seed), after \(history.isEmpty ? "start" : history.joined(separator: " | "))"
            guard let reference = states[Self.ways.count - 1] else {
                // The model picks only what the state allows, so a failure is a fault (of the
                // app, or of the model); it must still fail alike everywhere, and end the run.
                let ending = sessions.last!.ending()
                Issue.record("\(ending.error): \(context)")
                for (index, way) in Self.ways.enumerated().dropLast() {
                    #expect(states[index] == nil && sessions[index].ending() == ending, "\(way.name): \(context)")
                }
                return
            }
            for (way, state) in zip(Self.ways.dropLast(), states) {
                try #require(state?.comparable == reference.comparable, "\(way.name) differs: \(context)")
            }
            #expect(reference.invariantViolations.isEmpty, "\(reference.invariantViolations): \(context)")
            // Opening the state URL is a way to stay where one is.
            if let last = history.last, last.hasPrefix("open "), last == previous.map({ "open \($0)" }) {
                #expect(reference.url == previous, "the state URL did not reopen itself: \(context)")
            }
            previous = reference.url
            guard step < Self.steps else { break }
            let command = reference.nextCommand(&random)
            history.append(command)
            answers = sessions.map { $0.send(command) }
        }
        for (way, session) in zip(Self.ways, sessions) {
            session.finish()
            #expect(session.ending().status == 0, "\(way.name): seed \(seed)")
        }
    }
}

/// One line of `run --json`, as a dictionary: what the three runs must agree on, and the next
/// command the model picks from what it shows.
private struct StateLine {
    let object: [String: Any]

    init(_ line: String) {
        object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    /// The line with every view handle left out, as canonical JSON text.
    var comparable: String {
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { $0.key != "view" }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        let data = try? JSONSerialization.data(withJSONObject: strip(object), options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "not JSON"
    }

    private var state: [String: Any] { object["state"] as? [String: Any] ?? [:] }
    var url: String? { state["url"] as? String }
    private var rootStack: [String] { state["rootStack"] as? [String] ?? [] }
    private var presented: [[String]] { state["presented"] as? [[String]] ?? [] }
    private var targets: [(number: Int, identifier: String?)] {
        (object["targets"] as? [[String: Any]] ?? []).compactMap { target in
            (target["number"] as? Int).map { ($0, target["identifier"] as? String) }
        }
    }

    /// What must hold of every state, whichever way the app runs.
    var invariantViolations: [String] {
        var violations: [String] = []
        if rootStack.isEmpty { violations.append("the root stack is empty") }
        if presented.contains(where: \.isEmpty) { violations.append("a presented stack is empty") }
        let top = presented.last?.last ?? rootStack.last
        if let visible = state["visibleScreen"] as? String, visible != top, visible != "menu" {
            violations.append("the visible screen \(visible) is not the top of the stacks (\(top ?? "none"))")
        }
        if Set(targets.map(\.number)).count != targets.count { violations.append("two targets share a number") }
        return violations
    }

    /// A command a user could type now: most often a tap on what is shown, else a way to move
    /// around that the state allows (a back with somewhere to go back to, a close with something
    /// presented, the menu when the bar shows its button), or a route, a device or a question. Some still fail (a screen that refuses
    /// its data): the run then ends, alike everywhere.
    func nextCommand(_ random: inout SeededRandom) -> String {
        // On the virtual clock a transition runs until waited out; the app takes no other
        // command meanwhile.
        if state["transition"] != nil { return ["wait 100", "wait 1000", "state"][Int(random.next() % 3)] }
        let visibleStack = presented.last ?? rootStack
        var choices: [String] = []
        for target in targets {
            choices += ["tap \(target.number)", "tap \(target.number)"]
            if let identifier = target.identifier { choices.append("tap \(identifier)") }
        }
        if visibleStack.count > 1 { choices += ["back", "back", "swipe back"] }
        if !presented.isEmpty { choices += ["close", "close"] }
        if (state["bar"] as? [String: Any])?["contextButton"] as? String == "menu" { choices.append("menu") }
        if rootStack.count > 1 { choices.append("pop") }
        if let url = state["url"] as? String { choices.append("open \(url)") }
        choices += [
            "select m-shows", "select m-news", "open app://home?live_drawer%3Anb-live=v", "open app://shows",
            "open app://news/article::42", "push movies", "present epg", "root home",
            "device tablet", "device phone", "state", "scroll +120", "clock virtual", "clock instant",
        ]
        return choices[Int(random.next() % UInt64(choices.count))]
    }
}

/// A `plugboard run` fed one command at a time: each command's answer is one line.
private final class ScriptedRun {
    private let run: RunningPlugboard
    private var buffer = Data()
    private var ended: (status: Int32, error: String)?

    init(_ arguments: [String], environment: [String: String]) throws {
        run = try RunningPlugboard(arguments, environment: environment, keepingErrors: true)
    }

    /// Types `command`; its answer, or nil when the run ended instead (a command that failed).
    func send(_ command: String) -> String? {
        guard ended == nil else { return nil }
        try? run.input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
        return nextLine()
    }

    /// The next line of output; nil at its end.
    func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let more = run.output.fileHandleForReading.availableData
            if more.isEmpty { return nil }
            buffer.append(more)
        }
    }

    /// Ends the input, so the run ends once it has answered everything.
    func finish() { try? run.input.fileHandleForWriting.close() }

    /// How the run ended: its status and the last line of its standard error.
    func ending() -> (status: Int32, error: String) {
        if let ended { return ended }
        finish()
        let errors = run.errors?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        run.process.waitUntilExit()
        let last = String(decoding: errors, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        ended = (run.process.terminationStatus, last)
        return ended!
    }
}
