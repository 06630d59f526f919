import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// Seed 003 in the Showcase, driven from the shell as an app builder would: the guide (a C
/// plugin) keeps its own bar through the stack, is swiped back with its bar hidden, and swipes to
/// the screens its styles name.
struct ShowcaseSeed003Tests {
    @Test func theGuideKeepsItsBarAndSwipesWhereItsStylesSay() throws {
        let result = try runPlugboard(
            ["run", Showcase.folder, "--json"],
            input: """
                push shows
                push epg
                push epg-full
                swipe back
                swipe forward --from 300 --velocity 800
                back
                swipe back --from 200 --progress 0.2
                swipe back --from 200 --progress 0.6
                swipe back
                """)
        #expect(result.status == 1)  // the last swipe has nothing to go back to
        #expect(result.stderr.contains("line 9: swipe: nothing to go back to"))
        let states = try ShellStateLine.decodeAll(result.stdout).map(\.state)
        #expect(
            states.map(\.rootStack) == [
                ["home"], ["home", "shows"], ["home", "shows", "epg"], ["home", "shows", "epg", "epg-full"],
                ["home", "shows", "epg"], ["home", "shows", "epg", "news"], ["home", "shows", "epg"],
                ["home", "shows", "epg"], ["home"],
            ])
        let guide = states[2].bar
        #expect(guide.title.hasPrefix("TV Guide ") && guide.background == "#FF1B1F2A")
        #expect(states[3].bar.placement == .hidden)  // epg-full hides the bar: the swipe still goes back
        #expect(states[4].bar == guide)  // back on the guide: its bar as it left it
        #expect(states[5].bar.title == "News" && states[5].bar.background != guide.background)
        #expect(states[6].bar == guide)
    }
}
