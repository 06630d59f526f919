import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardEngine
@testable import PlugboardHarness
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// `plugboard inspect <app-folder>` and the commands' help, run as the built executable.
@Suite struct ShellInspectAppCommandTests {
    static let libraries: [String: String] = [
        "side_menu": "SideMenu", "general_nav_bar": "GeneralNavBar", "epg_legacy_screen": "EPG",
        "settings_contact_us_legacy": "ContactUs", "web": "Web", "live_drawer": "Components",
        "applicaster_crossmates": "Components", "applicaster_feed": "Components", "chromecast": "Components",
        "showcase_tour": "Components",
    ]
    static let configurationOnly = ["TestAnalyticsProvider_iOS", "FacebookLoginPlugin", "ZappPlayerAdapter-iOS"]

    @Test func theShowcaseAsJSON() throws {
        let result = try runPlugboard(["inspect", Showcase.folder, "--json"])
        #expect(result.status == 0)
        let report = try JSONDecoder().decode(AppReport.self, from: Data(result.stdout.utf8))

        // Plugins: each library-backed one with its library path, ABI and descriptor.
        #expect(Set(report.plugins.map(\.identifier)) == Set(Self.libraries.keys).union(Self.configurationOnly))
        for (identifier, library) in Self.libraries {
            let plugin = try #require(report.plugins.first { $0.identifier == identifier })
            #expect(plugin.library == Built.library(library), "\(identifier)")
            #expect(plugin.abiVersion == .host, "\(identifier)")
            #expect(plugin.descriptor?.id == identifier, "\(identifier)")
        }
        let plugin = { (id: String) in report.plugins.first { $0.identifier == id } }
        #expect(plugin("side_menu")?.type == "menu")
        #expect(plugin("side_menu")?.descriptor?.kind == .root)
        #expect(plugin("side_menu")?.extensions == ["plugboard.ext.special-action", "plugboard.ext.placement"])
        #expect(plugin("general_nav_bar")?.type == "nav_bar")
        #expect(plugin("general_nav_bar")?.descriptor?.kind == .navBar)
        #expect(plugin("general_nav_bar")?.descriptor?.name == "UI Builder General Navigation Bar")
        #expect(plugin("epg_legacy_screen")?.descriptor?.isScreen == true)

        // Analytics, login and player are configuration only: no library, a note saying so.
        for identifier in Self.configurationOnly {
            let entry = try #require(plugin(identifier))
            #expect(entry.library == nil && entry.descriptor == nil && entry.abiVersion == nil, "\(identifier)")
            #expect(entry.note == "configuration only (no \"plugboard\" library)", "\(identifier)")
        }
        #expect(plugin("TestAnalyticsProvider_iOS")?.type == "analytics")
        #expect(plugin("FacebookLoginPlugin")?.type == "login")

        // Screens and what serves them.
        #expect(
            report.screens.map(\.id) == [
                "home", "shows", "movies", "news", "kids", "about", "tour", "show-details", "movie-details", "article",
                "programme", "epg", "epg-full", "contact", "settings",
            ])
        #expect(report.screens.filter(\.home).map(\.id) == ["home"])
        let servedBy = Dictionary(uniqueKeysWithValues: report.screens.map { ($0.id, $0.servedBy) })
        #expect(servedBy["home"] == "built-in")
        #expect(servedBy["show-details"] == "built-in")  // the details screens cells open
        #expect(servedBy["settings"] == "built-in")
        #expect(servedBy["epg"] == "epg_legacy_screen")
        #expect(servedBy["epg-full"] == "epg_legacy_screen")
        #expect(servedBy["contact"] == "settings_contact_us_legacy")
        #expect(servedBy["tour"] == "showcase_tour")  // the routing tour (plugboard.host.routing)

        // Navigations: the home bar and menu, the shows bar, with every item.
        let homeBar = try #require(report.navigations.first { $0.screen == "home" && $0.category == "nav_bar" })
        #expect(homeBar.navigationType == "general_nav_bar")
        #expect(
            homeBar.items == [
                "nb-epg (button → epg)", "nb-web (button → https://showcase.example/about)",
                "nb-live (live_drawer → https://streams.showcase.example/live.m3u8)",
            ])
        let menu = try #require(report.navigations.first { $0.screen == "home" && $0.category == "menu" })
        #expect(menu.navigationType == "side_menu")
        let menuItems = menu.items.map { String($0.prefix { $0 != " " }) }
        for item in [
            "m-home", "m-shows", "m-movies", "m-news", "m-epg", "m-kids", "m-about", "m-tour", "m-guide-full",
            "m-contact", "m-settings",
        ] {
            #expect(menuItems.contains(item), "\(item)")
        }
        let showsBar = try #require(report.navigations.first { $0.screen == "shows" })
        #expect(showsBar.items.map { String($0.prefix { $0 != " " }) } == ["sb-feed", "sb-mates", "sb-cast"])

        // The report is the one the library builds for the same app.
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        #expect(report == AppReport(app: app))
    }

    @Test func theShowcaseAsText() throws {
        let result = try runPlugboard(["inspect", Showcase.folder])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Plugins:")
        #expect(lines.contains("  general_nav_bar (nav_bar)"))
        #expect(lines.contains("    library \(Built.library("GeneralNavBar")), ABI \(ABIVersion.host)"))
        #expect(lines.contains("    descriptor general_nav_bar — UI Builder General Navigation Bar 1.0.0, nav_bar"))
        #expect(lines.contains("    extensions: plugboard.ext.special-action, plugboard.ext.placement"))
        #expect(lines.contains("  TestAnalyticsProvider_iOS (analytics)"))
        #expect(lines.contains("  FacebookLoginPlugin (login)"))
        #expect(lines.filter { $0 == "    configuration only (no \"plugboard\" library)" }.count == 3)
        #expect(lines.contains("Screens:"))
        #expect(lines.contains("  home \"Home\" — general_content, served by built-in [home]"))
        #expect(
            lines.contains(
                "  contact \"Contact Us\" — settings_contact_us_legacy, served by settings_contact_us_legacy"))
        #expect(lines.contains("Navigations:"))
        #expect(lines.contains("  home: nav_bar nav-home → general_nav_bar"))
        #expect(lines.contains("    nb-web (button → https://showcase.example/about)"))
        #expect(lines.contains("  home: menu menu-home → side_menu"))
        #expect(result.hasNoBacktrace)
    }

    @Test func aPluginPathIsSearchedFirst() throws {
        // An empty folder first: the libraries are still found next to the executable.
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPlugboard(["inspect", Showcase.folder, "--plugin-path", folder.path, "--json"])
        #expect(result.status == 0)
        let report = try JSONDecoder().decode(AppReport.self, from: Data(result.stdout.utf8))
        #expect(report.plugins.first { $0.identifier == "web" }?.library == Built.library("Web"))
    }

    // MARK: help

    @Test func theHelpNamesTheCommands() throws {
        let help = try runPlugboard(["--help"])
        #expect(help.status == 0)
        for command in ["run", "render", "inspect", "lint"] {
            #expect(help.stdout.split(separator: "\n").contains { $0.hasPrefix("  \(command) ") }, "\(command)")
        }

        let run = try runPlugboard(["run", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: plugboard run"))
        for option in ["--script", "--json", "--device", "--plugin-path", "--plugins", "--rivers", "--log-level"] {
            #expect(run.stdout.contains(option), "\(option)")
        }
        for (usage, _) in ShellCommand.usage {
            #expect(run.stdout.contains("  \(usage): "), "\(usage)")
        }

        let render = try runPlugboard(["help", "render"])
        #expect(render.status == 0)
        for option in ["--screen", "--steps", "--format", "--output"] {
            #expect(render.stdout.contains(option), "\(option)")
        }
        let inspect = try runPlugboard(["inspect", "--help"])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("app folder"))
    }
}
