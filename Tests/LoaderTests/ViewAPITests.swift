import Foundation
import PlugboardABI
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader

/// The C view API as a plugin calls it: every bad call is refused with false and logged with the
/// plugin's id; none crashes.
@Suite struct ViewAPITests {
    let environment = PlugboardHost()

    @Test func badCallsAreRefusedAndLoggedWithThePluginsName() throws {
        let instance = environment.makeInstanceHost(pluginID: "acme.bar", kind: .navBar)
        let other = environment.makeInstanceHost(pluginID: "acme.other", kind: .screen)
        let host = UnsafePointer(instance.cHost)
        let api = host.pointee.views.pointee

        let label = api.create(host, pb_view_kind_t(PB_VIEW_LABEL))
        let container = api.create(host, pb_view_kind_t(PB_VIEW_CONTAINER))
        #expect(label != 0 && container != 0)
        #expect(api.create(host, 42) == 0)
        #expect(!api.set_text(host, 999_999, "x"))
        #expect(!api.set_text(host, container, "containers have no text"))
        #expect(!api.set_enabled(host, label, false))
        #expect(!api.set_alignment(host, label, 7))
        #expect(!api.set_font(host, label, nil, -1))
        #expect(!api.set_frame(host, label, pb_rect_t(x: 0, y: 0, width: -5, height: 1)))
        #expect(api.add_child(host, container, label))
        #expect(!api.add_child(host, label, container))  // cycle
        #expect(!api.remove_child(host, label, container))  // not a child
        let foreign = other.cHost.pointee.views.pointee.create(other.cHost, pb_view_kind_t(PB_VIEW_LABEL))
        #expect(!api.set_text(host, foreign, "not mine"))
        #expect(api.release(host, label))
        #expect(!api.set_text(host, label, "released"))

        let refused = environment.pluginLog.filter { $0.plugin == "acme.bar" }.map(\.message)
        #expect(
            refused == [
                "create refused: unknown view kind 42",
                "set_text refused: invalid view handle 999999: no view was ever made with it",
                "set_text refused: view#\(container): a container has no text",
                "set_enabled refused: view#\(label): a label has no enabled",
                "set_alignment refused: unknown alignment 7",
                "set_font refused: invalid font size -1.0: must be finite and > 0",
                "set_frame refused: invalid frame (0.0, 0.0, -5.0×1.0): sizes must be finite and ≥ 0",
                "add_child refused: adding view#\(container) to view#\(label) would make a cycle",
                "remove_child refused: view#\(container) is not a child of view#\(label)",
                "set_text refused: view#\(foreign) is not yours: cannot set text of a view the plugin does not own",
                "set_text refused: view#\(label) was released; a released view cannot be used again",
            ])
        #expect(environment.pluginLog.allSatisfy { $0.severity == .warning })
    }

    @Test func stringsThatAreNotUTF8AreRefused() throws {
        let instance = environment.makeInstanceHost(pluginID: "acme.screen", kind: .screen)
        let host = UnsafePointer(instance.cHost)
        let api = host.pointee.views.pointee
        let label = api.create(host, pb_view_kind_t(PB_VIEW_LABEL))
        let invalid: [CChar] = [CChar(bitPattern: 0xFF), CChar(bitPattern: 0xFE), 0]
        #expect(!api.set_text(host, label, invalid))
        #expect(!api.set_identifier(host, label, invalid))
        #expect(!api.set_font(host, label, invalid, 12))
        #expect(api.set_text(host, label, "fine"))
        #expect(environment.views[ViewHandle(label)]?.text == "fine")
        #expect(
            messages(environment, from: "acme.screen").prefix(3) == [
                "set_text refused: the text is not UTF-8", "set_identifier refused: the identifier is not UTF-8",
                "set_font refused: the font family is not UTF-8",
            ])
        host.pointee.log(host, pb_log_severity_t(PB_LOG_INFO), invalid)
        #expect(messages(environment, from: "acme.screen").last?.hasSuffix("[not UTF-8]") == true)
    }

    @Test func aParentsOwnerMayFrameAndHideItsChildrenButNotRestyleThem() throws {
        let tree = ViewTree()
        let parentOwner = ViewOwner(1)
        let childOwner = ViewOwner(2)
        let parent = tree.create(.container, owner: parentOwner)
        let child = tree.create(.label, owner: childOwner)
        #expect(throws: ViewError.notOwner(property: "parent (to move it)", view: child)) {
            try tree.addChild(child, to: parent, by: parentOwner)  // not its view: refused
        }
        tree.grant(child, to: parentOwner)  // as the host hands a root the bar view it places
        try tree.addChild(child, to: parent, by: parentOwner)
        try tree.setFrame(child, Rect(x: 1, y: 2, width: 3, height: 4), by: parentOwner)
        #expect(try tree.frame(of: child, by: parentOwner) == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(throws: ViewError.self) { try tree.frame(of: parent, by: childOwner) }
        try tree.setHidden(child, true, by: parentOwner)
        #expect(throws: ViewError.notOwner(property: "text", view: child)) {
            try tree.setText(child, "no", by: parentOwner)
        }
        #expect(tree.absoluteFrame(of: child) == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func hostOwnedViewsCannotBeReleasedByPlugins() throws {
        let tree = ViewTree()
        let container = tree.create(.container, owner: .host)
        #expect(throws: ViewError.notOwner(property: "release", view: container)) {
            try tree.release(container, by: ViewOwner(5))
        }
    }

    @Test func callsThroughADestroyedInstancesHostAreRefused() throws {
        let instance = environment.makeInstanceHost(pluginID: "gone", kind: .screen)
        let host = UnsafePointer(instance.cHost)
        instance.detach()
        #expect(host.pointee.views.pointee.create(host, pb_view_kind_t(PB_VIEW_LABEL)) == 0)
        #expect(host.pointee.get_extension(host, PB_HOST_EXT_NAV_BAR) == nil)
    }
}
