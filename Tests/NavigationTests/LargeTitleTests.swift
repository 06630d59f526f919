import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardNavigation

/// Seed 003's large titles in the default bar: the Showcase's Kids screen prefers one
/// (`styles.prefers_large_title`), so the General Navigation Bar shows the title large in a row
/// under its usual height; as the content scrolls the row shrinks and the small title takes over.
struct LargeTitleTests {
    struct Look: Equatable {
        var barHeight: Double
        var largeTitle: Frame?
        var smallTitleShown: Bool
        var screenTop: Double
    }

    struct Frame: Equatable {
        var y: Double
        var height: Double
    }

    static func look(_ app: PlugboardApp) throws -> Look {
        let tree = app.environment.views
        let bar = try #require(app.rootContainer.bar?.view)
        let large = try #require(tree.find(identifier: "large-title", under: bar))
        let small = try #require(tree.find(identifier: "title", under: bar))
        let largeView = try #require(tree[large])
        return Look(
            barHeight: try #require(tree[bar]).frame.height,
            largeTitle: largeView.isHidden ? nil : Frame(y: largeView.frame.y, height: largeView.frame.height),
            smallTitleShown: try #require(tree[small]).isHidden == false,
            screenTop: try #require(app.state.frames.screen).y)
    }

    @Test func theLargeTitleCollapsesIntoTheBarAsTheContentScrolls() throws {
        let app = try ShowcaseTests.launch(ShowcaseTests.showcase)
        #expect(app.selectRootItem("m-kids"))
        #expect(app.state.bar.largeTitle)
        let bar = app.rootContainer.bar!.view!
        let largeText = app.environment.views[app.environment.views.find(identifier: "large-title", under: bar)!]?.text
        #expect(largeText == "Kids")
        // At the top: the whole 52-point row, the small title hidden; the screen starts below it.
        #expect(
            try Self.look(app)
                == Look(barHeight: 96, largeTitle: Frame(y: 44, height: 52), smallTitleShown: false, screenTop: 143))
        // Scrolled 20: 32 points of the row left, more than half: still the large title.
        #expect(app.scroll(to: 20))
        #expect(
            try Self.look(app)
                == Look(barHeight: 76, largeTitle: Frame(y: 44, height: 32), smallTitleShown: false, screenTop: 123))
        // Scrolled 30: 22 points left, less than half: the small title takes over.
        #expect(app.scroll(to: 10, relative: true))
        #expect(try Self.look(app) == Look(barHeight: 66, largeTitle: nil, smallTitleShown: true, screenTop: 113))
        // Scrolled past the row: the usual bar, the small title only.
        #expect(app.scroll(to: 30, relative: true))
        #expect(try Self.look(app) == Look(barHeight: 44, largeTitle: nil, smallTitleShown: true, screenTop: 91))
        // Back to the top; never above it.
        #expect(app.scroll(to: -500, relative: true))
        #expect(try Self.look(app).barHeight == 96)
    }

    /// The offset is the screen's: another screen keeps the usual bar, and coming back finds
    /// the title as it was left.
    @Test func eachScreenKeepsItsOwnOffset() throws {
        let app = try ShowcaseTests.launch(ShowcaseTests.showcase)
        #expect(app.selectRootItem("m-kids"))
        #expect(app.scroll(to: 30))
        #expect(app.selectRootItem("m-news"))
        #expect(app.state.bar.largeTitle == false)
        #expect(try #require(app.state.frames.screen).y == 91)
        #expect(app.selectRootItem("m-kids"))
        #expect(try Self.look(app).barHeight == 66)
    }
}
