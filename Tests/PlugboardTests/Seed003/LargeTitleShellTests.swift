import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// The shell's `scroll`, as an app builder drives it: the Showcase's Kids screen's large title
/// collapses into the bar, the screen moving up with it.
struct LargeTitleShellTests {
    @Test func scrollingCollapsesTheLargeTitle() throws {
        let result = try runPlugboard(
            ["run", Showcase.folder, "--json"], input: "select m-kids\nscroll 30\nscroll +30\nscroll -60\nscroll nope\n"
        )
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 5: 'scroll' does not take 'nope'"))
        let states = try ShellStateLine.decodeAll(result.stdout).map(\.state)
        #expect(states.compactMap { $0.frames.screen?.y } == [91, 143, 113, 91, 143])
        #expect(states.map(\.bar.largeTitle) == [false, true, true, true, true])
    }
}
