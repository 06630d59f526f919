import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardHarness

/// The state URL in the shell: `run --open`, `render --url`, `--state-file` written atomically on
/// every change, `--restore` after a clean stop or a `kill -9`, a stale URL falling back to home.
@Suite struct StateFileTests {
    @Test func runOpensALinkAndStateEchoesTheSameURL() throws {
        let url = "app://home/shows?contact=v"
        let result = try runPlugboard(["run", Showcase.folder, "--json", "--open", url], input: "state\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try ShellStateLine.decodeAll(result.stdout)
        #expect(lines.map(\.state.url) == [url, url])  // the start, then `state`
        #expect(lines.first?.state.presented == [["contact"]])

        let bad = try runPlugboard(["run", Showcase.folder, "--open", "app://home/nowhere"])
        #expect(bad.status == 1)
        #expect(
            bad.errorLines == ["Error: app://home/nowhere: no screen route 'nowhere'"])
    }

    @Test func renderStartsFromAURL() throws {
        let drawing = try runPlugboard(["render", Showcase.folder, "--url", "app://news"])
        #expect(drawing.status == 0)
        #expect(TextDrawing(drawing.stdout).statusLine.hasPrefix("screen: news · title: News"))
    }

    @Test func theStateFileKeepsTheLastStateAndRestoreStartsThere() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("state.url").path
        let first = try runPlugboard(
            ["run", Showcase.folder, "--state-file", file], input: "select m-news\npush show-details::42\n")
        #expect(first.status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "app://news/show-details::42\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.url"], "no temporary left")

        let second = try runPlugboard(["run", Showcase.folder, "--json", "--state-file", file, "--restore"])
        #expect(second.status == 0)
        #expect(try ShellStateLine.decodeAll(second.stdout).first?.state.url == "app://news/show-details::42")

        try Data("app://news/gone-screen\n".utf8).write(to: URL(fileURLWithPath: file))
        let stale = try runPlugboard(["run", Showcase.folder, "--json", "--state-file", file, "--restore"])
        #expect(stale.status == 0)
        #expect(stale.errorLines.count == 1)
        // It starts at the part the routes still open, and says what was left out.
        #expect(
            stale.stderr
                == "cannot restore app://news/gone-screen: no screen route 'gone-screen'; starting at app://news\n")
        #expect(try ShellStateLine.decodeAll(stale.stdout).first?.state.url == "app://news")

        try Data("app://gone-screen\n".utf8).write(to: URL(fileURLWithPath: file))
        let gone = try runPlugboard(["run", Showcase.folder, "--json", "--state-file", file, "--restore"])
        #expect(gone.stderr.hasPrefix("cannot restore app://gone-screen: no route 'gone-screen'"))
        #expect(gone.stderr.hasSuffix("; starting at app://home\n"))
    }

    /// A run killed (`SIGKILL`) at any moment leaves the last complete state URL: never a torn or
    /// empty file, whatever instant the kill lands on.
    @Test func aKilledRunNeverLeavesATornStateFile() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("state.url").path
        let commands = ["select m-news", "select m-shows", "push news", "pop", "present contact", "dismiss contact"]
        let reachable = Set([
            "app://home", "app://news", "app://shows", "app://shows/news", "app://shows?contact=v",
        ])
        for round in 0..<8 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Built.directory + "/plugboard")
            process.arguments = ["run", Showcase.folder, "--state-file", file, "--json"]
            process.currentDirectoryURL = URL(fileURLWithPath: PackageRoot.path)
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Feed a few commands, then kill at a point that moves each round.
            for command in commands.prefix(round % commands.count + 1) {
                input.fileHandleForWriting.write(Data((command + "\n").utf8))
            }
            if round % 2 == 1 { usleep(useconds_t(2_000 * round)) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if let text = try? String(contentsOfFile: file, encoding: .utf8) {
                #expect(text.hasSuffix("\n"), "round \(round): a whole line")
                #expect(reachable.contains(String(text.dropLast())), "round \(round): \(text)")
                #expect(try RouteURL.parse(String(text.dropLast())).scheme == "app")
            }
            let restored = try runPlugboard(["run", Showcase.folder, "--json", "--state-file", file, "--restore"])
            #expect(restored.status == 0, "round \(round): \(restored.stderr)")
        }
    }
}

/// `plugboard route … --app FOLDER` checks the scheme and keys against the app's routes.
@Suite struct RouteAppCheckTests {
    @Test func keysAndSchemeAreCheckedAgainstTheApp() throws {
        let good = try runPlugboard([
            "route", "diff", "app://home/shows", "app://news?contact=v", "--app", Showcase.folder,
        ])
        #expect(good.status == 0)
        #expect(good.stdout == "replace news\nshow contact (v)\n")
        let unknown = try runPlugboard(["route", "parse", "app://home/nowhere", "--app", Showcase.folder])
        #expect(unknown.status == 1)
        #expect(unknown.errorLines == ["Error: app://home/nowhere: no route 'nowhere' in \(Showcase.folder)"])
        let scheme = try runPlugboard(["route", "diff", "app://home", "tv://home", "--app", Showcase.folder])
        #expect(scheme.errorLines == ["Error: tv://home: the app's scheme is 'app'"])
    }
}
