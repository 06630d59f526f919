import Foundation
import SnapshotTesting
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardEngine
@testable import PlugboardNavigation
@testable import PlugboardRender

/// Golden files of the SVG drawing of the Showcase app, drawn as `plugboard render --format svg`
/// draws them (an engine in this process, the app folder given): the files in
/// `__Snapshots__/SVGSnapshotTests/` are compared line by line, and a difference fails.
///
/// A missing file is recorded (and that run fails, saying so). To re-record them on purpose
/// after a deliberate change to the drawing, run
/// `SNAPSHOT_TESTING_RECORD=all swift test --filter SVGSnapshotTests`, look at the new files
/// (e.g. `rsvg-convert FILE.svg -o FILE.png`), and commit them. No record mode is set here, so
/// the environment variable decides; without it, the library's default (`missing`) applies.
@Suite struct SVGSnapshotTests {
    /// The scenes: what `plugboard render Examples/Showcase` is given.
    enum Scene: String, CaseIterable, CustomTestStringConvertible {
        case home, pushed, menu, presented, tablet, news

        var device: DeviceProfile.Kind { self == .tablet ? .tablet : .phone }

        /// The shell commands run before drawing.
        var steps: [String] {
            switch self {
            case .home, .tablet: []
            case .pushed: ["push shows"]
            case .menu: ["menu"]
            case .presented: ["present contact"]
            case .news: ["push news"]
            }
        }

        var testDescription: String { rawValue }
    }

    /// The SVG of `scene`, as the `render` command draws it.
    static func svg(_ scene: Scene) throws -> String {
        try svg(device: scene.device, steps: scene.steps)
    }

    /// The SVG of the Showcase on `device` after the shell commands `steps`.
    static func svg(device: DeviceProfile.Kind, steps: [String]) throws -> String {
        let launch = EngineLaunch(folder: Showcase.url.path, searchPath: Built.searchPath, device: device)
        let engine = try AppEngine(launch: launch)
        defer { engine.shutdown() }
        for step in steps {
            let command = try ShellCommand.parse(step)
            guard case .request(let request)? = command else { throw ShellCommand.ParseError.unknown(step) }
            let reply = engine.handle(request)
            try #require(reply.succeeded, "\(step): \(reply.text)")
        }
        let reply = engine.handle(.show, drawing: .svg)
        try #require(reply.succeeded)
        return try #require(reply.drawing)
    }

    @Test(arguments: Scene.allCases)
    func showcase(_ scene: Scene) throws {
        let svg = try Self.svg(scene)
        // What makes a golden file worth keeping: well-formed, self-contained, the same every time.
        let parsed = ParsedSVG(svg)
        #expect(parsed.error == nil)
        #expect(!svg.contains(PackageRoot.path))
        #expect(!svg.contains("href=\"http"))
        #expect(try Self.svg(scene) == svg)
        assertSnapshot(of: svg, as: .svg, named: scene.rawValue, testName: "showcase")
    }
}

extension Snapshotting where Value == String, Format == String {
    /// An SVG document compared line by line, stored as `.svg` so that it opens as a picture.
    static var svg: Snapshotting {
        var snapshotting = Snapshotting.lines
        snapshotting.pathExtension = "svg"
        return snapshotting
    }
}
