import ArgumentParser
import Foundation
import PlugboardCommandLine
@_spi(Layers) import PlugboardCore
import PlugboardRender
import Testing

/// `plugboard run` reads an ordinary command line itself (`RunArguments.read`) and leaves
/// everything else to swift-argument-parser (`Run`). The two must never disagree: where the
/// reader answers, the parser reads the same, and both know the same options. A failure names
/// its seed: `RUN_ARGUMENTS_SEED=<seed> swift test --filter RunArgumentsReaderTests` replays it.
@Suite struct RunArgumentsReaderTests {
    static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["RUN_ARGUMENTS_SEED"], let seed = UInt64(text) {
            return [seed]
        }
        return [1, 2, 3, 4]
    }

    /// What `run` declares, from swift-argument-parser's own description of it.
    struct Declared: Decodable {
        struct Command: Decodable { let arguments: [Argument] }
        struct Argument: Decodable {
            let kind: String
            let names: [Name]?
        }
        struct Name: Decodable { let name: String }
        let command: Command

        /// The long names of `kind` ("option" or "flag"), without the parser's own flags.
        func names(_ kind: String) -> Set<String> {
            let all = command.arguments.filter { $0.kind == kind }.flatMap { $0.names ?? [] }.map(\.name)
            return Set(all).subtracting(["help", "h", "version"])
        }
    }

    @Test func bothReadersKnowTheSameOptions() throws {
        let declared = try JSONDecoder().decode(Declared.self, from: Data(Run._dumpHelp().utf8))
        #expect(declared.names("option") == Set(RunArguments.valueOptions))
        #expect(declared.names("flag") == Set(RunArguments.flagOptions))
    }

    @Test func anOrdinaryCommandLineIsReadWithoutTheParser() throws {
        let arguments = [
            "--plugin-path", "lib", "Examples/Showcase", "--script=walk.txt", "--json", "--size", "80x24",
            "--plugin-path=more", "--device", "tablet", "--call-timeout", "2.5", "--log-level", "debug",
            "--open", "app://home/shows?menu=v",
        ]
        let read = try #require(RunArguments.read(arguments))
        var expected = RunArguments()
        expected.app.folder = "Examples/Showcase"
        expected.app.pluginPath = ["lib", "more"]
        expected.app.device = .tablet
        expected.script = "walk.txt"
        expected.json = true
        expected.size = TerminalSize(columns: 80, rows: 24)
        expected.supervision.callTimeout = 2.5
        expected.logLevel = .debug
        expected.open = "app://home/shows?menu=v"
        #expect(read == expected)
        #expect(try Run.parse(arguments).arguments == expected)
    }

    @Test(arguments: [
        [], ["--help"], ["-h"], ["help"], ["app", "other"], ["--", "app"], ["--bogus", "app"], ["-x", "app"],
        ["app", "--json", "--json"], ["app", "--script", "a", "--script", "b"], ["app", "--open", "-x"],
        ["app", "--open"], ["app", "--open="], ["app", "--json=yes"], ["app", "--restore"],
        ["app", "--call-timeout", "0"], ["app", "--call-timeout", "nan"], ["app", "--memory-limit", "63"],
        ["app", "--device", "watch"], ["app", "--size", "9x9"], ["app", "--log-level", "loud"],
        ["--plugins", "p.json"], ["app", "--version"],
    ])
    func whatTheParserMustTellIsLeftToIt(arguments: [String]) {
        #expect(RunArguments.read(arguments) == nil)
    }

    /// Made-up command lines from run's whole vocabulary, well and badly formed: wherever the
    /// reader answers, swift-argument-parser reads the same; and the reader answers often
    /// enough, and for every option, that the comparison means something.
    @Test(arguments: seeds) func whereTheReaderAnswersTheParserReadsTheSame(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var answered = 0
        var optionsAnswered: Set<String> = []
        let lines = 1_000
        for line in 0..<lines {
            let arguments = Self.commandLine(&random)
            guard let read = RunArguments.read(arguments) else { continue }
            answered += 1
            optionsAnswered.formUnion(arguments.compactMap(Self.optionName))
            let parsed = try? Run.parse(arguments)
            #expect(parsed?.arguments == read, "seed \(seed), line \(line): \(arguments)")
        }
        #expect(answered > lines / 10, "seed \(seed): the reader answered \(answered) of \(lines)")
        #expect(optionsAnswered == Set(RunArguments.valueOptions + RunArguments.flagOptions), "seed \(seed)")
    }

    /// The long option an argument names, if it names one.
    static func optionName(_ argument: String) -> String? {
        guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
        return String(argument.dropFirst(2).prefix { $0 != "=" })
    }

    /// Values each option is given: most of them valid, some not.
    static let values: [String: [String]] = [
        "device": ["phone", "tablet", "Phone", "watch"],
        "size": ["80x24", "120x40", "10x10", "9x24", "80X24", "80x"],
        "call-timeout": ["5", "0.25", "1e1", "0", "-1", "nan", "inf", "soon"],
        "memory-limit": ["64", "512", "63", "1.5", "many"],
        "log-level": ["trace", "debug", "warning", "critical", "loud"],
        "open": ["app://home", "app://home/shows?menu=v&x=1", "-x"],
        "plugins": ["p.json", "dir/plugins.json", ""],
        "rivers": ["r.json", "a b.json"],
    ]
    static let words = ["Examples/Showcase", "app", "./my app", "help", "--", "-h", "--help", "-", "--bogus", "x=y"]

    static func commandLine(_ random: inout SeededRandom) -> [String] {
        var arguments: [String] = []
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let options = RunArguments.valueOptions + RunArguments.flagOptions
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<2: arguments.append(words.randomElement(using: &random)!)
            case 2..<4:
                let flag = RunArguments.flagOptions.randomElement(using: &random)!
                arguments.append("--" + flag)
                // --restore is valid only with a state file.
                if flag == "restore", Bool.random(using: &random) { arguments += ["--state-file", "state.url"] }
            case 4: arguments.append("--" + options.randomElement(using: &random)! + "=")
            default:
                let name = RunArguments.valueOptions.randomElement(using: &random)!
                let value = (values[name] ?? ["file", "a=b", "-", "with space"]).randomElement(using: &random)!
                if Bool.random(using: &random) {
                    arguments.append("--\(name)=\(value)")
                } else {
                    arguments += ["--\(name)", value]
                }
            }
        }
        // Mostly with a folder, where the whole line can be valid.
        if Int.random(in: 0..<4, using: &random) > 0 {
            arguments.insert("Examples/Showcase", at: Int.random(in: 0...arguments.count, using: &random))
        }
        return arguments
    }
}
