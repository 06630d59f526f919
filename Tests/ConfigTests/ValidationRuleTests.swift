import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig

/// One broken twin of the app fixture per validation rule (Tests/Fixtures/broken/generate.py),
/// each with the exact diagnostics it must produce.
@Suite struct ValidationRuleTests {
    static let expectations: [(String, [String])] = [
        (
            "plugins-not-array",
            [
                "broken/plugins-not-array/plugins.json:1:1: $: expected an array of {\"plugin\": …, "
                    + "\"configuration_json\": …} entries but found an object"
            ]
        ),
        (
            "manifest-missing-identifier",
            [
                "broken/manifest-missing-identifier/plugins.json:130:19: $[1].plugin: missing required key \"identifier\"",
                "broken/manifest-missing-identifier/rivers.json:104:36: $[0].navigations[1].navigation_type: "
                    + "navigation_type \"side_menu\" names no plugin in broken/manifest-missing-identifier/plugins.json",
            ]
        ),
        (
            "manifest-wrong-value-type",
            [
                "broken/manifest-wrong-value-type/plugins.json:177:23: $[2].plugin.screen: "
                    + "expected a boolean but found a string",
                "broken/manifest-wrong-value-type/rivers.json:208:17: $[1].type: plugin \"epg_legacy_screen\" cannot "
                    + "serve a screen: its manifest lacks \"screen\": true "
                    + "(other: broken/manifest-wrong-value-type/plugins.json:162:19: $[2].plugin)",
            ]
        ),
        (
            "configuration-not-object",
            [
                "broken/configuration-not-object/plugins.json:285:31: $[4].configuration_json: "
                    + "expected an object but found an array"
            ]
        ),
        (
            "sha256-not-a-digest",
            [
                "broken/sha256-not-a-digest/plugins.json:160:27: $[1].plugin.plugboard.sha256: "
                    + "\"abc\" is not a SHA-256 digest (64 hexadecimal digits)"
            ]
        ),
        (
            "screen-missing-id",
            [
                "broken/screen-missing-id/rivers.json:205:5: $[1]: missing required key \"id\"",
                // The screen without an id cannot be a target: the items that pointed at it say so.
                "broken/screen-missing-id/rivers.json:60:39: $[0].navigations[0].nav_items[0].data.target: "
                    + "target \"1c09cbad-d16c-40ff-abcd-2b6381923aea\" names no screen in "
                    + "broken/screen-missing-id/rivers.json",
                "broken/screen-missing-id/rivers.json:130:39: $[0].navigations[1].nav_items[1].data.target: "
                    + "target \"1c09cbad-d16c-40ff-abcd-2b6381923aea\" names no screen in "
                    + "broken/screen-missing-id/rivers.json",
            ]
        ),
        (
            "screen-bad-presentation",
            [
                "broken/screen-bad-presentation/rivers.json:229:29: $[2].styles.presentation: "
                    + "\"modal\" is not one of push, present"
            ]
        ),
        (
            "screen-force-nav-bar-hidden-not-bool",
            [
                "broken/screen-force-nav-bar-hidden-not-bool/rivers.json:230:37: $[2].styles.force_nav_bar_hidden: "
                    + "expected a boolean but found a string"
            ]
        ),
        (
            "nav-bar-bad-state",
            [
                "broken/nav-bar-bad-state/rivers.json:45:30: $[0].navigations[0].styles.state: "
                    + "\"ontop\" is not one of on_top, overlay, hidden"
            ]
        ),
        (
            "nav-bar-bad-presentation-style",
            [
                "broken/nav-bar-bad-presentation-style/rivers.json:46:43: "
                    + "$[0].navigations[0].styles.presentation_style: \"icon\" is not one of logo, title, hidden"
            ]
        ),
        (
            "nav-bar-bad-color",
            [
                "broken/nav-bar-bad-color/rivers.json:48:41: $[0].navigations[0].styles.background_color: "
                    + "\"black\" is not a colour as #AARRGGBB, #RRGGBB or rgba(r, g, b, a)"
            ]
        ),
        (
            "nav-bar-bad-title-size",
            [
                "broken/nav-bar-bad-title-size/rivers.json:50:35: $[0].navigations[0].styles.title_size: "
                    + "\"large\" is not a positive number"
            ]
        ),
        (
            "nav-bar-bad-asset-url",
            [
                "broken/nav-bar-bad-asset-url/rivers.json:54:33: $[0].navigations[0].assets.app_logo: "
                    + "\"logo.png\" is not an absolute URL"
            ]
        ),
        (
            "nav-bar-several-errors",
            [
                "broken/nav-bar-several-errors/rivers.json:45:30: $[0].navigations[0].styles.state: "
                    + "\"ontop\" is not one of on_top, overlay, hidden",
                "broken/nav-bar-several-errors/rivers.json:49:36: $[0].navigations[0].styles.title_color: "
                    + "\"#FFF\" is not a colour as #AARRGGBB, #RRGGBB or rgba(r, g, b, a)",
            ]
        ),
        (
            "navigation-bad-category",
            [
                "broken/navigation-bad-category/rivers.json:105:29: $[0].navigations[1].category: "
                    + "\"tabs\" is not one of nav_bar, menu"
            ]
        ),
        (
            "nav-item-target-missing",
            [
                "broken/nav-item-target-missing/rivers.json:60:39: $[0].navigations[0].nav_items[0].data.target: "
                    + "target \"no-such-screen\" names no screen in broken/nav-item-target-missing/rivers.json"
            ]
        ),
        (
            "no-home",
            ["broken/no-home/rivers.json:1:1: $: no home screen: exactly one screen must have \"home\": true"]
        ),
        (
            "two-homes",
            [
                "broken/two-homes/rivers.json:218:17: $[1].home: second home screen "
                    + "\"1c09cbad-d16c-40ff-abcd-2b6381923aea\": exactly one screen may have \"home\": true "
                    + "(other: broken/two-homes/rivers.json:13:17: $[0].home)"
            ]
        ),
        (
            "navigation-type-unknown",
            [
                "broken/navigation-type-unknown/rivers.json:42:36: $[0].navigations[0].navigation_type: "
                    + "navigation_type \"fancy_bar\" names no plugin in broken/navigation-type-unknown/plugins.json"
            ]
        ),
        (
            "navigation-type-wrong-kind",
            [
                "broken/navigation-type-wrong-kind/rivers.json:42:36: $[0].navigations[0].navigation_type: "
                    + "navigation_type \"side_menu\" is a menu plugin; a nav_bar navigation needs a nav_bar plugin "
                    + "(other: broken/navigation-type-wrong-kind/plugins.json:140:21: $[1].plugin.type)"
            ]
        ),
        (
            "screen-type-unknown",
            [
                "broken/screen-type-unknown/rivers.json:208:17: $[1].type: screen type \"player_screen\" is neither "
                    + "a built-in type (general_content, settings, epg, web) nor a plugin in "
                    + "broken/screen-type-unknown/plugins.json"
            ]
        ),
        (
            "screen-type-not-a-screen-plugin",
            [
                "broken/screen-type-not-a-screen-plugin/rivers.json:208:17: $[1].type: plugin "
                    + "\"TestAnalyticsProvider_iOS\" cannot serve a screen: its manifest lacks \"screen\": true "
                    + "(other: broken/screen-type-not-a-screen-plugin/plugins.json:267:19: $[4].plugin)"
            ]
        ),
        (
            "duplicate-plugin-identifier",
            [
                "broken/duplicate-plugin-identifier/plugins.json:303:27: $[5].plugin.identifier: duplicate plugin "
                    + "identifier \"side_menu\" (other: broken/duplicate-plugin-identifier/plugins.json:139:27: "
                    + "$[1].plugin.identifier)"
            ]
        ),
        (
            "duplicate-navigation-id",
            [
                "broken/duplicate-navigation-id/rivers.json:102:23: $[0].navigations[1].id: duplicate navigation id "
                    + "\"f3cbf5bf-4e53-41db-92ff-45b28cc8b2dc\" (other: broken/duplicate-navigation-id/rivers.json:"
                    + "40:23: $[0].navigations[0].id)"
            ]
        ),
        (
            "duplicate-nav-item-id",
            [
                "broken/duplicate-nav-item-id/rivers.json:71:31: $[0].navigations[0].nav_items[1].id: duplicate nav "
                    + "item id \"664a3d6b-233b-459e-af27-5eebd3a9343d\" (other: broken/duplicate-nav-item-id/"
                    + "rivers.json:56:31: $[0].navigations[0].nav_items[0].id)"
            ]
        ),
        (
            "bad-manifest-default",
            [
                "broken/bad-manifest-default/plugins.json:198:42: $[2].plugin.styles.fields[1].initial_value: "
                    + "\"rgba(300,0,0,1)\" is not a colour as #AARRGGBB, #RRGGBB or rgba(r, g, b, a)"
            ]
        ),
    ]

    @Test(arguments: expectations)
    func eachBrokenTwinGivesItsExactErrors(folder: String, expected: [String]) {
        let (configuration, diagnostics) = Fixtures.check("broken/" + folder)
        #expect(configuration == nil, "nothing is loaded from a configuration with errors")
        #expect(diagnostics.map(\.description) == expected)
    }

    @Test func aDuplicateScreenIdNamesBothPlaces() throws {
        let (_, diagnostics) = Fixtures.check("broken/duplicate-screen-id")
        let duplicate = try #require(diagnostics.first)
        #expect(
            duplicate.description
                == "broken/duplicate-screen-id/rivers.json:206:15: $[1].id: duplicate screen id "
                + "\"02fca55b-0d8b-4a70-89e4-c6be5ef5efbc\" (other: broken/duplicate-screen-id/rivers.json:3:15: $[0].id)"
        )
    }

    @Test(arguments: [
        (
            "manifest-unknown-type",
            "broken/manifest-unknown-type/plugins.json:304:21: warning: $[5].plugin.type: unknown plugin type \"social\" "
                + "(known: \(ManifestPluginType.names.joined(separator: ", "))); loaded as configuration"
        ),
        (
            "nav-item-unknown-type",
            "broken/nav-item-unknown-type/rivers.json:87:33: warning: $[0].navigations[0].nav_items[2].type: unknown "
                + "nav item type \"hologram\" (known: \(NavItemType.names.joined(separator: ", "))); "
                + "the item is kept and does nothing"
        ),
    ])
    func unknownTypesAreWarningsAndTheAppStillLoads(folder: String, warning: String) throws {
        let (configuration, diagnostics) = Fixtures.check("broken/" + folder)
        let loaded = try #require(configuration)
        #expect(diagnostics.map(\.description) == [warning])
        #expect(loaded.warnings.map(\.description) == [warning])
    }

    @Test func theValidAppLoadsWithNoDiagnostics() throws {
        let (configuration, diagnostics) = Fixtures.check("app")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(configuration?.rivers.home?.name == "Home")
    }

    @Test func loadThrowsEveryError() throws {
        #expect(throws: AppConfiguration.Invalid.self) {
            try AppConfiguration.load(folder: Fixtures.url("broken/nav-bar-several-errors"))
        }
    }
}
