import Foundation
import TestSupport
import Testing

@testable import PlugboardEngine
@testable import PlugboardRender

/// The shell in a terminal: `help` wraps to its width, the legend is paged with `more`, what
/// cannot be seen has no number, and a tap on it says what hides it.
@Suite struct ShellFitTests {
    @Test(arguments: [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 60, rows: 20)])
    func helpWrapsBetweenWordsToTheWidth(size: TerminalSize) throws {
        let help = ShellSession.helpText(terminal: size)
        let lines = help.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= size.columns }, "\(help)")
        #expect(help.replacingOccurrences(of: "\n", with: " ").contains("plugboard run --size COLSxROWS"))
        // No description is cut inside a word: each word of it is whole on some line.
        let words = Set(lines.flatMap { $0.split(separator: " ") })
        for (_, description) in ShellCommand.usage {
            for word in description.split(separator: " ") { #expect(words.contains(word), "\(word)") }
        }
        // The descriptions start in one narrow column, not after the longest usage.
        let back = try #require(lines.first { $0.hasPrefix("back ") })
        #expect((back.firstRange(of: "go back")?.lowerBound.utf16Offset(in: back) ?? 99) <= 22)
    }

    @Test func aTapOnAViewTheClosedMenuHidesSaysSo() throws {
        let result = try runPlugboard(["run", Showcase.folder, "--size", "80x24"], input: "tap menu-item:m-shows\n")
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "menu-item:m-shows cannot be tapped: the side menu is closed (type menu to open it)"))
        #expect(!result.stderr.contains("view#"))
    }

    @Test func aTapOnAViewUnderAPresentedScreenSaysWhich() throws {
        let result = try runPlugboard(["run", Showcase.folder, "--open", "app://home?epg=v"], input: "tap cell:1:0\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("cell:1:0 cannot be tapped: the presented screen 'epg' covers it (type close"))
    }

    @Test func aTapOnADisabledButtonSaysSoByName() throws {
        let result = try runPlugboard(
            ["run", Showcase.folder, "--open", "app://home?epg=v"], input: "tap nav-item:nb-epg\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("nav-item:nb-epg cannot be tapped: it is disabled"))
        #expect(!result.stderr.contains("view#"))
    }

    @Test func cellsUnderTheOpenMenuHaveNoNumbers() throws {
        let result = try runPlugboard(["run", Showcase.folder, "--json"], input: "menu\ntap cell:1:0\n")
        let lines = try ShellStateLine.decodeAll(result.stdout)
        let home = try #require(lines.first)
        #expect(home.targets.contains { $0.identifier == "cell:1:0" })
        let menu = try #require(lines.dropFirst().first)
        #expect(menu.targets.contains { $0.identifier == "menu-item:m-shows" })
        #expect(!menu.targets.contains { $0.identifier?.hasPrefix("cell:") == true })
        #expect(result.stderr.contains("cell:1:0 cannot be tapped: the side menu covers it (type menu to close it)"))
    }

    @Test func theBackAndMenuButtonsAreNamedSo() throws {
        let result = try runPlugboard(["run", Showcase.folder], input: "push shows\n")
        let text = result.stdout
        #expect(text.contains("\n[1] menu\n"))
        #expect(text.contains("\n[1] back\n"))
        #expect(!text.contains("(context)"))
    }

    /// A terminal too short for the legend shows a page of it; `more` draws the screen again
    /// with the next page, and after the last the first.
    @Test func moreShowsTheNextPageOfTheLegend() throws {
        let input = String(repeating: "more\n", count: 8)
        let result = try runPlugboard(["run", Showcase.folder, "--size", "80x12"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        let pages = ShellGoldenTests.drawings(result.stdout).map { $0.joined(separator: "\n") }
        try #require(pages.count == 9)
        #expect(ShellGoldenTests.drawings(result.stdout).allSatisfy { $0.count <= 11 })
        let footer = try #require(pages[0].firstMatch(of: /more: type more \(1\/(\d+)\)/))
        let count = try #require(Int(footer.1))
        try #require(count > 1 && count < pages.count)
        #expect(pages[1] != pages[0])
        #expect(pages[count] == pages[0])  // after the last page, the first again
        // The pages list every target.
        for number in 1...12 {
            #expect(pages.prefix(count).contains { $0.contains("[\(number)] ") }, "[\(number)]")
        }
    }
}
