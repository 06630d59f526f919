import AppTestSupport
import Foundation
import TestSupport

@testable import PlugboardConfig

/// An app folder whose screens are served by the hostile plugins of the corpus, next to a home
/// screen and a working C screen (`fine`), as an app builder who installed a bad plugin has it.
enum HostileApp {
    struct Screen {
        var id: String
        var plugin: String
        var library: String
    }

    static let screens = [
        Screen(id: "crash", plugin: "broken_create_crash", library: "BrokenCreateCrash"),
        Screen(id: "abort", plugin: "broken_init_abort", library: "BrokenInitAbort"),
        Screen(id: "loop", plugin: "broken_will_appear_loop", library: "BrokenWillAppearLoop"),
        Screen(id: "tap-crash", plugin: "broken_tap_crash", library: "BrokenTapCrash"),
        Screen(id: "stale", plugin: "broken_stale_host", library: "BrokenStaleHost"),
        Screen(id: "thread", plugin: "broken_other_thread", library: "BrokenOtherThread"),
        Screen(id: "fine", plugin: "test.screen.c", library: "TestScreenC"),
    ]

    /// Writes the app; `extra` adds screens (plugins that fail while the app starts), `menu` names
    /// the home screen's root plugin.
    static func write(extra: [Screen] = [], menu: Screen? = nil) throws -> URL {
        var plugins = [
            AppFixture.plugin("test.navbar.swift", type: "nav_bar", library: "TestSwiftPlugins"),
            AppFixture.plugin("test.root.plain", type: "menu", library: "TestSwiftPlugins"),
        ]
        var navigations: [[String: Any]] = [AppFixture.navBar("bar-home")]
        if let menu {
            plugins.append(AppFixture.plugin(menu.plugin, type: "menu", library: menu.library))
            navigations.append(AppFixture.menu(type: menu.plugin, items: [AppFixture.item("m-fine", target: "fine")]))
        }
        var rivers = [AppFixture.screen("home", home: true, navigations: navigations)]
        for screen in screens + extra {
            plugins.append(AppFixture.plugin(screen.plugin, type: "general", library: screen.library, screen: true))
            rivers.append(
                AppFixture.screen(screen.id, type: screen.plugin, navigations: [AppFixture.navBar("bar-\(screen.id)")]))
        }
        return try AppFixture(plugins: plugins, screens: rivers).write()
    }

    /// `plugboard ARGUMENTS APP --plugin-path <build>`, with a short call time-out.
    static func run(_ arguments: [String], app: URL, input: String = "", environment: [String: String] = [:]) throws
        -> CommandResult
    {
        try runPlugboard(
            arguments + [app.path, "--plugin-path", Built.directory, "--call-timeout", "1"], input: input,
            environment: environment)
    }
}

/// The JSON events and states of `run --json`.
struct JSONLines {
    var events: [[String: Any]] = []
    var states: [ShellStateLine] = []

    init(_ output: String) throws {
        for line in output.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if object?["event"] != nil {
                events.append(object!)
            } else {
                states.append(try JSONDecoder().decode(ShellStateLine.self, from: Data(line.utf8)))
            }
        }
    }
}
