import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardHarness
@testable import PlugboardRender

/// The drawing fits the terminal: the whole device in 80×24, larger in larger windows.
struct TerminalFitTests {
    /// The device frame's lines: from ╭ to ╰.
    static func frame(_ drawing: String) -> [Substring] {
        let lines = drawing.split(separator: "\n", omittingEmptySubsequences: false)
        guard let top = lines.firstIndex(where: { $0.hasPrefix("╭") }),
            let bottom = lines.firstIndex(where: { $0.hasPrefix("╰") })
        else { return [] }
        return lines[top...bottom].map { $0 }
    }

    @Test(arguments: [DeviceProfile.Kind.phone, .tablet])
    func theWholeDeviceFitsEightyByTwentyFour(device: DeviceProfile.Kind) throws {
        let app = try StandardApp.fixture().launch()
        app.setDevice(device)
        let frame = Self.frame(TextRenderer.render(app, terminal: TerminalSize(columns: 80, rows: 24)))
        #expect(frame.count <= 24 && frame.count > 10)
        #expect(frame.allSatisfy { $0.count <= 80 })
    }

    @Test func aLargerTerminalGetsALargerDrawing() throws {
        let app = try StandardApp.fixture().launch()
        let small = Self.frame(TextRenderer.render(app, terminal: TerminalSize(columns: 80, rows: 24)))
        let large = Self.frame(TextRenderer.render(app, terminal: TerminalSize(columns: 200, rows: 60)))
        #expect(large.count > small.count && large.count <= 60)
        #expect((large.first?.count ?? 0) > (small.first?.count ?? 0))
    }

    @Test func theShellTakesASize() throws {
        let fitted = try runPlugboard(["run", Showcase.folder, "--size", "80x24"], input: "")
        #expect(Self.frame(fitted.stdout).count <= 24)
        let bad = try runPlugboard(["render", Showcase.folder, "--size", "tiny"])
        #expect(bad.status != 0 && bad.stderr.contains("--size"))
        #expect(TerminalSize("80x24") == TerminalSize(columns: 80, rows: 24))
        #expect(TerminalSize("5x5") == nil && TerminalSize("80") == nil)
    }
}
