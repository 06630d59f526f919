import Foundation
import SnapshotTesting
import TestSupport
import Testing

@testable import PlugboardRender

/// Golden files of what `plugboard run Examples/Showcase --size COLSxROWS` prints, at 80×24 and
/// 120×40: the real executable's standard output, byte for byte, so that the 80×24 home screen
/// can be the README's picture (`docs/images/run-80x24.txt`, checked to be the same).
///
/// The files are in `__Snapshots__/ShellGoldenTests/`. A missing one is recorded (and that run
/// fails, saying so). To re-record them after a deliberate change to the drawing, run
/// `SNAPSHOT_TESTING_RECORD=all swift test --filter ShellGoldenTests`, read the new files and
/// commit them (and copy `home-80x24.txt` to `docs/images/run-80x24.txt`).
@Suite struct ShellGoldenTests {
    /// The screens: where `--open` starts the Showcase, and what is typed then.
    enum Scene: String, CaseIterable, CustomTestStringConvertible {
        case home, menu, epg, details

        var url: String {
            switch self {
            case .home, .menu: "app://home"
            case .epg: "app://home?epg=v"
            case .details: "app://home/show-details::harbour-lights"
            }
        }

        /// The menu is opened as a person opens it: home is drawn, then home with the menu open.
        var input: String { self == .menu ? "menu\n" : "" }

        var testDescription: String { rawValue }
    }

    static let sizes = [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 120, rows: 40)]

    /// What `run` prints for `scene` in a terminal of `size`. The guide shows the hour it is
    /// run at unless `PLUGBOARD_EPG_HOUR` names one: 20:00, so the files are the same at any time.
    static func output(_ scene: Scene, _ size: TerminalSize) throws -> String {
        let result = try runPlugboard(
            ["run", Showcase.folder, "--size", size.description, "--open", scene.url], input: scene.input,
            environment: ["PLUGBOARD_EPG_HOUR": "20"])
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The drawings in `output`, each from its `╭` line, as lines.
    static func drawings(_ output: String) -> [[Substring]] {
        var drawings: [[Substring]] = []
        for line in output.split(separator: "\n") {
            if line.hasPrefix("╭") || drawings.isEmpty { drawings.append([]) }
            drawings[drawings.count - 1].append(line)
        }
        return drawings
    }

    @Test(arguments: Scene.allCases, sizes)
    func showcase(_ scene: Scene, size: TerminalSize) throws {
        let output = try Self.output(scene, size)
        let drawings = Self.drawings(output)
        #expect(drawings.count == (scene == .menu ? 2 : 1))
        // Each fits: every line within the columns, and a row left for the prompt.
        for drawing in drawings {
            #expect(drawing.count <= size.rows - 1)
            for line in drawing { #expect(RenderText.columns(of: line) <= size.columns, "\(line)") }
        }
        #expect(output.hasSuffix("\n") && !output.hasSuffix("\n\n"))
        assertSnapshot(of: output, as: .terminalText, named: "\(scene.rawValue)-\(size)", testName: "showcase")
    }

    /// At 80×24 the whole bar, with the menu button and every nav item's number, is in the first
    /// lines of the drawing, and the legend beside it names them.
    @Test func theBarAndItsNumbersAreOnScreenAtEightyByTwentyFour() throws {
        let output = try Self.output(.home, TerminalSize(columns: 80, rows: 24))
        let lines = output.split(separator: "\n")
        let bar = try #require(lines.prefix(4).first { $0.contains("[1]☰") })
        for number in 2...4 { #expect(bar.contains("[\(number)]")) }
        #expect(lines.contains { $0.hasSuffix(" [1] menu") })
        #expect(lines.contains { $0.hasSuffix(" [2] Guide (nav-item:nb-epg)") })
    }

    /// The README's picture is the 80×24 home golden, and what `run` prints.
    @Test func theREADMEPictureIsTheEightyByTwentyFourCapture() throws {
        let picture = try String(contentsOfFile: PackageRoot.path + "/docs/images/run-80x24.txt", encoding: .utf8)
        let golden = try String(
            contentsOfFile: PackageRoot.path
                + "/Tests/PlugboardTests/Render/__Snapshots__/ShellGoldenTests/showcase.home-80x24.txt",
            encoding: .utf8)
        #expect(picture == golden)
        #expect(picture == (try Self.output(.home, TerminalSize(columns: 80, rows: 24))))
    }
}

extension Snapshotting where Value == String, Format == String {
    /// Terminal output compared line by line, stored as `.txt`.
    static var terminalText: Snapshotting {
        var snapshotting = Snapshotting.lines
        snapshotting.pathExtension = "txt"
        return snapshotting
    }
}
