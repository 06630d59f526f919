import Foundation
import PlugboardABI
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader

/// The host's rules against hostile plugins, through real C plugins: a `pb_host_t` kept after
/// `destroy`, calls during `create`, calls from another thread, descriptor strings that are not
/// UTF-8, texts past the bound, handles that cannot be guessed.
@Suite struct HostRulesTests {
    static func screen(_ name: String, _ id: String, _ environment: PlugboardHost) throws -> ScreenInstance {
        try ScreenInstance(
            library: try PluginLibrary.open(path: Built.library(name)), pluginID: id, environment: environment,
            pluginJSON: "{}", screenJSON: "{}", dataSourceJSON: nil)
    }

    @Test func aHostKeptAfterDestroyIsRefusedNotFreed() throws {
        let environment = PlugboardHost()
        try Self.screen("BrokenStaleHost", "broken_stale_host", environment).destroy()
        let second = try Self.screen("BrokenStaleHost", "broken_stale_host", environment)
        defer { second.destroy() }
        #expect(
            environment.refusedCalls.filter { $0.reason == "instance destroyed" }.map(\.call) == ["log", "create"])
        #expect(messages(environment, from: "broken_stale_host").contains("create refused: instance destroyed"))
        #expect(!messages(environment, from: "broken_stale_host").contains("through a stale host"))
    }

    /// Every destroyed instance's struct stays readable and refuses calls under its plugin's
    /// name, and all of one plugin's point to one tombstone (a destroyed instance keeps its
    /// 64-byte struct and nothing else); once the environment is gone, they refuse quietly.
    @Test func destroyedHostsShareTheirPluginsTombstoneAndRefuseUnderItsName() throws {
        var environment: PlugboardHost? = PlugboardHost()
        let kept = try (0..<3).map { _ in
            let screen = try Self.screen("TestScreenC", "test.screen.c", environment!)
            defer { screen.destroy() }
            return UnsafePointer(screen.host.cHost)
        }
        let tombstones = Set(kept.map { UInt(bitPattern: $0.pointee.host_data) })
        #expect(tombstones.count == 1 && tombstones.first! & 1 == 1)
        for host in kept { host.pointee.log(host, pb_log_severity_t(PB_LOG_INFO), "late") }
        #expect(
            environment!.refusedCalls.map(\.description)
                == Array(repeating: "log by test.screen.c: instance destroyed", count: 3))
        environment = nil
        // Refused quietly: no environment to log in.
        for host in kept { host.pointee.log(host, pb_log_severity_t(PB_LOG_INFO), "after the environment") }
    }

    @Test func hostCallsDuringCreateAreRefused() throws {
        let environment = PlugboardHost()
        let screen = try Self.screen("BrokenHostCallInCreate", "broken_host_call_in_create", environment)
        defer { screen.destroy() }
        let refused = environment.refusedCalls.filter { $0.reason.hasPrefix("called during create") }
        #expect(refused.map(\.call) == ["log", "create"])
    }

    @Test func callsFromAnotherThreadAreRefused() throws {
        let environment = PlugboardHost()
        let screen = try Self.screen("BrokenOtherThread", "broken_other_thread", environment)
        defer { screen.destroy() }
        screen.appear()  // did_appear calls set_text from a thread of its own
        #expect(
            environment.refusedCalls.map(\.description) == [
                "set_text by broken_other_thread: called from another thread; host functions are [main-thread]"
            ])
    }

    @Test func descriptorStringsThatAreNotUTF8AreRefusedAtLoad() throws {
        let path = Built.library("BrokenNonUTF8Descriptor")
        #expect(
            throws: PluginLoadError.invalidDescriptor(
                path: path, factory: "plugboard.factory.screen", index: 0,
                reason: "'broken_non_utf8_descriptor': name is not valid UTF-8")
        ) { try PluginLibrary.open(path: path) }
    }

    @Test func longTextsAreCutWithAWarning() throws {
        let environment = PlugboardHost()
        let host = environment.makeInstanceHost(pluginID: "writer", kind: .screen)
        let api = HostTables.views.pointee
        let label = api.create(host.cHost, pb_view_kind_t(PB_VIEW_LABEL))
        let long = String(repeating: "é", count: ViewTree.maximumTextLength)  // twice the bound in bytes
        #expect(api.set_text(host.cHost, label, long))
        let text = try #require(environment.views[ViewHandle(label)]?.text)
        #expect(text.utf8.count == ViewTree.maximumTextLength)
        #expect(messages(environment, from: "writer") == ["set_text: a text of 131072 bytes was cut to 65536"])
    }

    @Test func handlesCannotBeGuessedFromOneAnother() {
        let tree = ViewTree()
        let handles = (0..<64).map { _ in tree.create(.container, owner: ViewOwner(1)).rawValue }
        let steps = Set(zip(handles, handles.dropFirst()).map { $1 &- $0 })
        #expect(steps.count > 60, "no constant stride between consecutive handles")
        #expect(Set(handles).count == handles.count)
    }
}
