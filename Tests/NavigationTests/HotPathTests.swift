import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@_spi(Layers) @testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// The data structures behind the hot paths keep their behaviour: the screen cache's LRU order,
/// the view tree's per-owner release, the bounded event log, the library path resolution (string
/// joins and one `stat`, once per name per app) and the configuration's lookups by id.
struct HotPathTests {
    // MARK: screen cache

    static func entry(_ id: String, _ environment: PlugboardHost) -> ScreenEntry {
        let screen = HostDrawnScreen(
            screenID: id, screenType: "test", title: id, background: .clear, environment: environment)
        return ScreenEntry(
            controller: screen, screen: nil, isWhiteLabel: false, key: ScreenCache.Key(screenID: id, dataSource: nil))
    }

    @Test func theScreenCacheEvictsTheLeastRecentlyUsedScreensOnNoStack() {
        let environment = PlugboardHost()
        let cache = ScreenCache(capacity: 2)
        let (a, b, c, d) = (
            Self.entry("a", environment), Self.entry("b", environment), Self.entry("c", environment),
            Self.entry("d", environment)
        )
        for entry in [a, b, c] { cache.insert(entry) }
        #expect(cache.statistics.keys == ["a", "b", "c"])
        #expect(cache.lookup(a.key) === a)  // touched: now the most recent
        #expect(cache.lookup(a.key) === a)  // already the most recent: the order stays
        #expect(cache.lookup(ScreenCache.Key(screenID: "x", dataSource: nil)) == nil)
        #expect(cache.statistics.keys == ["b", "c", "a"])
        cache.insert(d)
        // b is on a stack: skipped; c and then a go, least recently used first.
        var evicted: [String] = []
        b.stacksHolding = 1
        cache.trim {
            evicted.append($0.key.screenID)
            $0.controller.destroy()
        }
        #expect(evicted == ["c", "a"])
        #expect(cache.holds(b) && !cache.holds(c))
        #expect(cache.statistics.keys == ["b", "d"])
        #expect(cache.statistics.evictions == 2)
        #expect(cache.statistics.hits == 2 && cache.statistics.misses == 1)
        #expect(c.controller.view.flatMap { environment.views[$0] } == nil, "an evicted screen is destroyed")
        #expect(b.controller.view.flatMap { environment.views[$0] } != nil)
        // Inserting a cached key again makes it the most recent.
        cache.insert(b)
        #expect(cache.statistics.keys == ["d", "b"])
        #expect(cache.removeAll().map(\.key.screenID) == ["d", "b"])
        #expect(cache.statistics.keys.isEmpty)
    }

    /// A stack deeper than the cache: while every screen is on it nothing goes; a screen popped
    /// goes at the next trim, wherever it is in the order; the count of screens on stacks follows
    /// screens that leave the cache or are replaced in it.
    @Test func theScreenCacheEvictsOnlyWhatLeftTheStacks() {
        let environment = PlugboardHost()
        let cache = ScreenCache(capacity: 2)
        let entries = (0..<6).map { Self.entry("s\($0)", environment) }
        var evicted: [String] = []
        let destroy: (ScreenEntry) -> Void = {
            evicted.append($0.key.screenID)
            $0.controller.destroy()
        }
        for entry in entries {
            entry.stacksHolding += 1
            cache.insert(entry)
            cache.trim(destroy: destroy)
        }
        #expect(evicted.isEmpty && cache.statistics.count == 6)
        entries[5].stacksHolding -= 1  // back from the top
        cache.trim(destroy: destroy)
        #expect(evicted == ["s5"])
        entries[1].stacksHolding -= 1  // off a stack in the middle, and another at the top
        entries[4].stacksHolding -= 1
        cache.trim(destroy: destroy)
        #expect(evicted == ["s5", "s1", "s4"], "least recently used first")
        #expect(cache.statistics.keys == ["s0", "s2", "s3"])
        // Replaced under its key while on a stack: the old one no longer counts, the new one does.
        let replacement = Self.entry("s3", environment)
        replacement.stacksHolding = 1
        cache.insert(replacement)
        entries[3].stacksHolding -= 1  // the replaced one leaves its stack: not the cache's concern
        entries[0].stacksHolding -= 1
        entries[2].stacksHolding -= 1
        cache.trim(destroy: destroy)
        #expect(evicted == ["s5", "s1", "s4", "s0"], "s2 stays: the capacity is 2")
        #expect(cache.statistics.keys == ["s2", "s3"])
        #expect(cache.removeAll().count == 2)
        #expect(replacement.cache == nil && entries[2].cache == nil)
    }

    // MARK: view tree

    @Test func releasingAnOwnersViewsReleasesExactlyThoseLeft() throws {
        let tree = ViewTree()
        let (mine, other) = (ViewOwner(901), ViewOwner(902))
        let parent = tree.create(.container, owner: mine)
        let children = (0..<5).map { _ in tree.create(.label, owner: mine) }
        let others = (0..<3).map { _ in tree.create(.label, owner: other) }
        for child in children { try tree.addChild(child, to: parent, by: mine) }
        try tree.release(children[0], by: mine)
        #expect(tree.releaseAll(ownedBy: mine) == 5)  // the parent and four children
        #expect(([parent] + children).allSatisfy { tree[$0] == nil })
        #expect(others.allSatisfy { tree[$0] != nil })
        #expect(throws: ViewError.released(children[1])) { try tree.setHidden(children[1], true, by: mine) }
        #expect(tree.releaseAll(ownedBy: mine) == 0)
        #expect(tree.releaseAll(ownedBy: other) == 3)
        #expect(tree.count == 0)
    }

    @Test func findByIdentifierIsTheFirstInDepthFirstOrderUnderTheRoot() throws {
        let tree = ViewTree()
        let owner = ViewOwner(904)
        let (root, a, b, deep, outside) = (
            tree.create(.container, owner: owner), tree.create(.container, owner: owner),
            tree.create(.container, owner: owner), tree.create(.button, owner: owner),
            tree.create(.button, owner: owner)
        )
        try tree.addChild(a, to: root, by: owner)
        try tree.addChild(b, to: root, by: owner)
        try tree.addChild(deep, to: a, by: owner)
        try tree.setIdentifier(outside, "x", by: owner)
        #expect(tree.find(identifier: "x", under: root) == nil, "not under the root")
        try tree.setIdentifier(b, "x", by: owner)
        #expect(tree.find(identifier: "x", under: root) == b)
        try tree.setIdentifier(deep, "x", by: owner)
        #expect(tree.find(identifier: "x", under: root) == deep, "depth first: a's child before b")
        try tree.setIdentifier(deep, "y", by: owner)
        #expect(tree.find(identifier: "x", under: root) == b)
        #expect(tree.find(identifier: "y", under: root) == deep)
        #expect(tree.find(identifier: "y", under: deep) == deep)
        try tree.release(deep, by: owner)
        #expect(tree.find(identifier: "y", under: root) == nil)
        try tree.setIdentifier(b, nil, by: owner)
        #expect(tree.find(identifier: "x", under: root) == nil)
        #expect(tree.find(identifier: "x", under: outside) == outside)
    }

    @Test func theViewTreeRemembersTheNewestReleases() throws {
        let tree = ViewTree()
        let owner = ViewOwner(903)
        let handles = (0..<(ViewTree.rememberedReleases + 2)).map { _ in tree.create(.container, owner: owner) }
        #expect(tree.releaseAll(ownedBy: owner) == handles.count)
        let remembered = handles.filter { handle in
            do throws(ViewError) {
                _ = try tree.frame(of: handle, by: .host)
                return false
            } catch {
                return error == .released(handle)
            }
        }
        #expect(remembered.count == ViewTree.rememberedReleases)
    }

    // MARK: event log

    @Test func theEventLogKeepsTheNewestEventsAndDropsTheOldest() {
        var log = EventLog(capacity: 3)
        #expect(log.events.isEmpty)
        log.append(AppEvent("error", "start"))
        log.append(AppEvent("open", "a"))
        #expect(log.events == [AppEvent("error", "start"), AppEvent("open", "a")])
        for name in ["b", "c", "d", "e"] { log.append(AppEvent("open", name)) }
        #expect(log.events.map(\.subject) == ["c", "d", "e"])
        #expect(log.dropped == 3)
        #expect(log.problems == [AppEvent("error", "start")], "errors are kept apart from the lifecycle")
        let smaller = log.resized(to: 2)
        #expect(smaller.events.map(\.subject) == ["d", "e"])
        #expect(smaller.dropped == 4)
        var larger = log.resized(to: 5)
        larger.append(AppEvent("open", "f"))
        #expect(larger.events.map(\.subject) == ["c", "d", "e", "f"])
        #expect(EventLog().capacity == EventLog.defaultCapacity)
    }

    @Test func recentItemsKeepTheNewestAndNumberEveryItem() {
        var items = RecentItems<Int>(capacity: 3)
        let start = items.total
        for number in 0..<5 { items.append(number) }
        #expect(items.items == [2, 3, 4])
        #expect(items.dropped == 2 && items.total == 5)
        #expect(items.since(start) == [2, 3, 4], "the dropped ones are gone, the kept ones all came after")
        #expect(items.since(4) == [4])
        #expect(items.since(5).isEmpty)
        let smaller = items.resized(to: 2)
        #expect(smaller.items == [3, 4] && smaller.total == 5 && smaller.since(4) == [4])
        var larger = items.resized(to: 4)
        larger.append(5)
        #expect(larger.items == [2, 3, 4, 5] && larger.total == 6)
    }

    /// A long session's plugin log and refusals stay at `logCapacity` each, and "refused since"
    /// (what the harness asks around each step) still answers once the oldest are dropped.
    @Test func thePluginLogAndTheRefusalsKeepTheNewest() {
        let environment = PlugboardHost()
        let count = PlugboardHost.logCapacity + 5
        for number in 0..<count { environment.log(plugin: "p", severity: .debug, "line \(number)") }
        #expect(environment.pluginLog.count == PlugboardHost.logCapacity)
        #expect(environment.pluginLog.first?.message == "line 5")
        #expect(environment.pluginLog.last?.message == "line \(count - 1)")
        for number in 0..<count {
            environment.recordRefusal(RefusedCall(plugin: "p", call: "call \(number)", reason: "test"))
        }
        let before = environment.refusalCount
        #expect(before == count && environment.refusedCalls.count == PlugboardHost.logCapacity)
        environment.recordRefusal(RefusedCall(plugin: "p", call: "last", reason: "test"))
        #expect(environment.refusedCalls(since: before).map(\.call) == ["last"])
        #expect(environment.refusedCalls.first?.call == "call 6")
    }

    @Test func theAppsEventLogIsBoundedAndKeepsItsStartupProblems() throws {
        let app = try StandardApp.fixture().launch()
        let startup = app.events
        #expect(startup.count < app.eventLogCapacity)
        #expect(app.state.problems.contains { $0.contains("missing_root") })
        app.eventLogCapacity = 10
        #expect(app.events == Array(startup.suffix(10)))
        for _ in 0..<20 {
            #expect(app.showScreen("shows"))
            #expect(app.back())
        }
        #expect(app.events.count == 10)
        #expect(app.events.last == AppEvent("did_appear", "home"))
        #expect(app.state.problems.contains { $0.contains("missing_root") })
    }

    // MARK: library paths

    @Test func plainNamesJoinAsURLStandardisationWould() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["x.so", "~x", "a b.so", "%20.so", "é.so", "a:b", "x?y#z", "...", ".so", "lib.so"] {
            try Data().write(to: folder.appendingPathComponent(name))
            for directory in [folder.path, folder.path + "/", folder.path + "/./", folder.path + "//"] {
                let expected = URL(fileURLWithPath: directory).appendingPathComponent(name).standardizedFileURL.path
                #expect(try LibrarySearchPath([directory]).resolve(name) == expected)
                // A folder set by hand is used as written, as it always was: one not in standard
                // form never holds the standardised path (the name seems to leave it).
                var search = LibrarySearchPath([])
                search.directories = [directory]
                if LibrarySearchPath.isStandard(directory) {
                    #expect(try search.resolve(name) == expected)
                } else {
                    let reason = "the name '\(name)' leaves the search folder \(directory)"
                    #expect(throws: PluginLoadError.unsafePath(path: expected, reason: reason)) {
                        try search.resolve(name)
                    }
                }
            }
        }
        #expect(LibrarySearchPath.isStandard("/"))
        #expect(LibrarySearchPath.isStandard("/a/b"))
        for directory in ["", "a", "/a/", "/a//b", "/a/./b", "/a/..", "/a/."] {
            #expect(!LibrarySearchPath.isStandard(directory))
        }
        #expect(LibrarySearchPath.folder(of: "/a/b/x.so") == "/a/b")
        #expect(LibrarySearchPath.folder(of: "/x.so") == "/")
        // A folder is not a library; a NUL never reaches stat.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("dir.so"), withIntermediateDirectories: true)
        #expect(!LibrarySearchPath.isFile(folder.path + "/dir.so"))
        #expect(!LibrarySearchPath.isFile(folder.path + "/x.so\u{0}"))
        #expect(LibrarySearchPath.isFile(folder.path + "/x.so"))
        #expect(throws: PluginLoadError.self) { try LibrarySearchPath([folder.path]).resolve("dir") }
    }

    @Test func anAppResolvesEachLibraryNameOnce() throws {
        // Three manifests name TestSwiftPlugins, which is also the default bar's library; bars
        // are made for every presented screen.
        let app = try StandardApp.fixture().launch()
        let names = ["TestSwiftPlugins", "TestScreenC", "BrokenCreateNull", "NoSuchLibrary"]
        #expect(app.plugins.lookups == names.count)
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(app.close())
        #expect(app.plugins.lookups == names.count)
        #expect(app.plugins.failures["missing_root"]?.error == app.plugins.failures["missing_root"]?.error)
        #expect(throws: PluginLoadError.self) { try app.plugins.resolve("NoSuchLibrary", in: app.searchPath) }
        #expect(app.plugins.lookups == names.count)
    }

    // MARK: lookups by id

    @Test func screensAndPluginsByIDAreTheFirstWithTheID() throws {
        let configuration = try AppConfiguration.load(folder: try StandardApp.fixture().write())
        var rivers = configuration.rivers
        #expect(rivers.home?.id == "home")
        #expect(rivers.screen("shows")?.id == "shows")
        #expect(rivers.screen("nope") == nil)
        let shows = try #require(rivers.screen("shows"))
        let renamed = Screen(
            id: shows.id, name: "Second", type: shows.type, isHome: shows.isHome, styles: shows.styles,
            stylesObject: shows.stylesObject, dataObject: shows.dataObject, navigations: shows.navigations,
            node: shows.node)
        rivers.screens.append(renamed)  // a second "shows": the first one still answers
        #expect(rivers.screen("shows")?.name == shows.name)
        rivers.screens.removeFirst()  // no home left
        #expect(rivers.home == nil)
        #expect(rivers.screen("home") == nil)
        #expect(rivers.screen("plugin")?.id == "plugin")

        var plugins = configuration.plugins
        #expect(plugins.entry("test.screen.c")?.manifest.identifier == "test.screen.c")
        #expect(plugins.entry("nope") == nil)
        plugins.entries.removeAll { $0.manifest.identifier == "test.screen.c" }
        #expect(plugins.entry("test.screen.c") == nil)
        #expect(plugins.entry("analytics")?.manifest.identifier == "analytics")
    }
}
