import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardLoader
@testable import PlugboardNavigation
@testable import PlugboardRender

/// Tap targets: the visible, enabled, tappable views of the top layer, in reading order.
@Suite struct TapTargetTests {
    @Test func theHomeBarsEnabledButtonsAreNumberedInReadingOrder() throws {
        let app = try StandardApp.fixture().launch()
        let targets = app.tapTargets
        #expect(targets.map(\.number) == Array(1...6))
        #expect(
            targets.map(\.identifier) == [
                "nav-item:to-plugin", "nav-item:to-shows", "nav-item:web", "nav-item:live", "nav-item:feed",
                "nav-item:cast",
            ])
        #expect(targets.map(\.label) == ["To-Plugin", "To-Shows", "Web", "Live", "Feed", "Cast"])
        // Reading order: by absolute frame, top to bottom then left to right.
        let frames = targets.compactMap { app.environment.views.absoluteFrame(of: $0.view) }
        #expect(frames.map(\.x) == frames.map(\.x).sorted())
        #expect(Set(frames.map(\.y)).count == 1)
    }

    @Test func numberingIsStableAndTheNumbersCanBeTapped() throws {
        let app = try StandardApp.fixture().launch()
        let targets = app.tapTargets
        #expect(app.tapTargets == targets)
        #expect(try StandardApp.fixture().launch().tapTargets.map(\.label) == targets.map(\.label))
        let toShows = try #require(targets.first { $0.label == "To-Shows" })
        #expect(toShows.number == 2)
        try app.tap(toShows.view)
        #expect(app.state.presented == [["shows"]])
    }

    @Test func onlyTheTopLayerCounts() throws {
        let app = try StandardApp.fixture().launch()
        try app.tap(identifier: "nav-item:to-shows")
        let targets = app.tapTargets
        #expect(targets.map(\.label) == ["close", "Shows-To-Plugin"])
        #expect(targets.map(\.identifier) == ["context", "nav-item:shows-to-plugin"])
        try app.tap(targets[0].view)  // close
        #expect(app.state.state == "root")
        #expect(app.tapTargets.count == 6)
    }

    @Test func hiddenAndDisabledViewsAreNotTargets() throws {
        let app = try StandardApp.fixture().launch()
        let identifiers = app.tapTargets.compactMap(\.identifier)
        #expect(!identifiers.contains("context"))  // hidden: the plain root has no menu button
        #expect(!identifiers.contains("nav-item:to-home"))  // disabled: it targets the visible screen
    }

    @Test func labelsFallBackToTheIdentifierThenTheImage() throws {
        let tree = ViewTree()
        let button = tree.create(.button, owner: .host)
        #expect(PlugboardApp.tapLabel(of: try #require(tree[button])) == button.description)
        try tree.setImageURL(button, "https://example.com/a.png", by: .host)
        #expect(PlugboardApp.tapLabel(of: try #require(tree[button])) == "image https://example.com/a.png")
        try tree.setIdentifier(button, "play", by: .host)
        #expect(PlugboardApp.tapLabel(of: try #require(tree[button])) == "play")
        try tree.setText(button, "Play\nnow", by: .host)
        #expect(PlugboardApp.tapLabel(of: try #require(tree[button])) == "Play now")
    }

    @Test func aShutDownAppHasNoTargets() throws {
        let app = try StandardApp.fixture().launch()
        app.shutdown()
        #expect(app.tapTargets.isEmpty)
        #expect(TextRenderer.render(app) == "(the app is shut down)\n")
        #expect(ParsedSVG(SVGRenderer.render(app)).error == nil)
    }
}
