import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardHarness
@testable import PlugboardNavigation
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

    /// Every terminal from the smallest `--size` takes (10×10) up: the drawing, legend and
    /// status leave the prompt its line, and no line is wider than the terminal. Cut short in a
    /// small terminal (the status's last fields first), never spilling over.
    @Test(arguments: [DeviceProfile.Kind.phone, .tablet])
    func everyTerminalSizeFits(device: DeviceProfile.Kind) throws {
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        app.setDevice(device)
        for columns in stride(from: 10, through: 130, by: 3) {
            for rows in stride(from: 10, through: 50, by: 2) {
                let text = TextRenderer.render(app, terminal: TerminalSize(columns: columns, rows: rows))
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(lines.count <= rows - 1, "\(columns)x\(rows): \(lines.count) lines")
                let widest = lines.map { RenderText.columns(of: $0) }.max() ?? 0
                #expect(widest <= columns, "\(columns)x\(rows): a line of \(widest) columns")
                let drawing = Self.frame(text).joined(separator: "\n")
                #expect(!drawing.isEmpty, "\(columns)x\(rows): no drawing")
                // What the legend numbers, the drawing shows (where the drawing has room for
                // the bar's numbered buttons, from 40×14 up).
                guard columns >= 40, rows >= 14 else { continue }
                let numbers = lines.compactMap { line -> String? in
                    guard line.range(of: #"\[\d+\] "#, options: .regularExpression) != nil else { return nil }
                    return String(line[line.range(of: #"\[\d+\]"#, options: .regularExpression)!])
                }
                for number in numbers where !drawing.contains(number) {
                    Issue.record("\(columns)x\(rows): \(number) is in the legend but not in the drawing")
                }
            }
        }
    }

    @Test func theShellTakesASize() throws {
        let fitted = try runPlugboard(["run", Showcase.folder, "--size", "80x24"], input: "")
        #expect(Self.frame(fitted.stdout).count <= 24)
        let bad = try runPlugboard(["render", Showcase.folder, "--size", "tiny"])
        #expect(bad.status != 0 && bad.stderr.contains("--size"))
        #expect(TerminalSize("80x24") == TerminalSize(columns: 80, rows: 24))
        #expect(TerminalSize("5x5") == nil && TerminalSize("80") == nil)
    }

    /// On a tablet at 80×24 the bar's title follows the menu button's number and glyph whole:
    /// it was cut to "H…" with the bar empty beyond it.
    @Test func aTabletTitleAt80x24IsWhole() throws {
        let run = try runPlugboard(["run", Showcase.folder, "--device", "tablet", "--size", "80x24"], input: "")
        let bar = try #require(Self.frame(run.stdout).first { $0.contains("[1]") })
        #expect(bar.contains("[1]☰─Home─"), "\(bar)")
        #expect(bar.contains("[2][3][4]"), "\(bar)")
    }
}
