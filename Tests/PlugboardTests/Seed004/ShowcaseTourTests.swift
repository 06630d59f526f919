import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// Seed 004's Navigator examples from a plugin, in the Showcase: the routing tour (a Swift screen
/// of the Components library) opens a deep link and runs a composed transition through
/// plugboard.host.routing — driven from the shell as an app builder would, on the virtual clock.
struct ShowcaseTourTests {
    @Test func theTourComposesAPushAndAPresentAndOpensADeepLink() throws {
        let result = try runPlugboard(
            ["run", Showcase.folder, "--json"],
            input: """
                clock virtual
                select m-tour --unanimated
                tap tour-compose
                wait 200
                wait 2000
                close --unanimated
                back --unanimated
                tap tour-link --unanimated
                """)
        #expect(result.status == 0, "\(result.stderr)")
        let states = try ShellStateLine.decodeAll(result.stdout).map(\.state)
        #expect(
            states.map(\.url) == [
                "app://home", "app://home", "app://tour",
                "app://tour/show-details::harbour-lights",  // the push moves; the present waits for it
                "app://tour/show-details::harbour-lights",
                "app://tour/show-details::harbour-lights?contact=v",  // both ran within the wait
                "app://tour/show-details::harbour-lights", "app://tour", "app://news/article::42",
            ])
        #expect(states[3].transition?.operation == .push && states[3].transition?.elapsed == 0)
        #expect(states[4].transition?.operation == .push && states[4].transition?.elapsed == 200)
        #expect(states[5].transition == nil)
    }
}
