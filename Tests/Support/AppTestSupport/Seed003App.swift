import Foundation
import PlugboardNavigation

/// An app whose screens are the seed-003 test plugins (a C library, `TestSeed003C`) next to a
/// plain C screen, each with its own bar navigation.
package enum Seed003App {
    package static func fixture(gestureData: [String: Any] = [:], gestureStyles: [String: Any] = [:]) -> AppFixture {
        var plugins = AppFixture.standardPlugins
        for id in ["seed003.bar", "seed003.custom", "seed003.gesture"] {
            plugins.append(AppFixture.plugin(id, type: "general", library: "TestSeed003C", screen: true))
        }
        let bar = { (id: String) in
            [AppFixture.navBar("bar-\(id)", styles: ["background_color": "#FF101010", "title_color": "#FFFFFFFF"])]
        }
        return AppFixture(
            plugins: plugins,
            screens: [
                AppFixture.screen("home", home: true, navigations: bar("home")),
                AppFixture.screen("own", type: "seed003.bar", navigations: bar("own")),
                AppFixture.screen("custom", type: "seed003.custom", navigations: bar("custom")),
                AppFixture.screen(
                    "swipe", type: "seed003.gesture", navigations: bar("swipe"), styles: gestureStyles,
                    data: gestureData),
                AppFixture.screen("fine", type: "test.screen.c", navigations: bar("fine")),
                AppFixture.screen("more", type: "test.screen.c", navigations: bar("more")),
            ])
    }

    package static func launch(gestureData: [String: Any] = [:]) throws -> PlugboardApp {
        try fixture(gestureData: gestureData).launch()
    }
}
