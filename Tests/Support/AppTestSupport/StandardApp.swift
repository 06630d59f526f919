/// The app most runtime tests drive: a home screen with a bar of every nav-item type and a menu,
/// a C plugin screen, a screen with its own bar model, white-label and hidden-bar screens.
package enum StandardApp {
    package static func fixture(root: String? = "test.root.plain", homeBarStyles: [String: Any] = [:]) -> AppFixture {
        typealias F = AppFixture
        let barItems = [
            F.item("to-plugin", target: "plugin"),
            F.item("to-shows", target: "shows"),
            F.item("to-home", target: "home"),
            F.item("web", source: "https://example.com/page", dataType: "WEB_URL"),
            F.item("live", type: "live_drawer", source: "https://feeds.example.com/live"),
            F.item("feed", type: "applicaster_feed", source: "https://feeds.example.com/news"),
            F.item("cast", type: "chromecast"),
        ]
        let menuItems = [
            F.item("m-shows", type: "label", target: "shows"),
            F.item("m-plugin", type: "label", target: "plugin"),
            F.item("m-settings", type: "label", target: "settings"),
            F.item("m-hidden", type: "label", target: "hidden"),
            F.item("m-broken", type: "label", target: "broken"),
            F.item("m-modal", type: "label", target: "modal"),
        ]
        var styles: [String: Any] = [
            "state": "on_top", "style": "left", "presentation_style": "title", "background_color": "#FF112233",
            "title_color": "#FFFFFFFF", "title_size": "17", "title_size_tablet": "24",
        ]
        styles.merge(homeBarStyles) { $1 }
        return AppFixture(screens: [
            F.screen(
                "home", home: true,
                navigations: [F.navBar(items: barItems, styles: styles), F.menu(type: root, items: menuItems)]),
            F.screen(
                "plugin", type: "test.screen.c", data: ["source": "https://feeds.example.com/plugin", "type": "ATOM"]),
            F.screen(
                "shows",
                navigations: [
                    F.navBar(
                        "shows-bar", items: [F.item("shows-to-plugin", target: "plugin")],
                        styles: ["state": "overlay", "presentation_style": "logo"],
                        assets: ["app_logo": "https://assets.example.com/logo.png"])
                ]),
            F.screen("settings", type: "settings"),
            F.screen("hidden", styles: ["force_nav_bar_hidden": true]),
            F.screen("broken", type: "test.screen.create-null"),
            F.screen("modal", styles: ["presentation": "present"]),
        ])
    }
}
