import PlugboardCore
import PlugboardLoader

/// Records what a bar or root asks of the host, and answers like a small manager would.
package final class RecordingManager: NavigationBarHostDelegate, RootHostDelegate {
    package let environment: PlugboardHost
    package var pressed: [(BarButton, String?)] = []
    package var opened: [String] = []
    package var specialUsed = true
    /// The width each nav item's button is made with (as the host sizes it for its title);
    /// an item not listed gets an empty frame, as from a host that does not size buttons.
    package var buttonWidths: [String: Double] = [:]
    package let container: ViewHandle

    package init(environment: PlugboardHost) {
        self.environment = environment
        container = environment.views.create(.container, owner: .host)
    }

    package func navigationBar(_ host: InstanceHost, pressed button: BarButton, navItemID: String?) {
        pressed.append((button, navItemID))
    }

    package func navigationBar(_ host: InstanceHost, makeButtonFor navItemID: String) -> ViewHandle? {
        guard navItemID != "label-item" else { return nil }
        let button = host.views.create(.button, owner: host.owner)
        try? host.views.setIdentifier(button, "nav-item:\(navItemID)", by: .host)
        if let width = buttonWidths[navItemID] {
            try? host.views.setFrame(button, Rect(x: 0, y: 0, width: width, height: 44), by: .host)
        }
        try? host.views.setTapAction(
            button, .host { [unowned self] in pressed.append((.navItem, navItemID)) }, by: .host)
        return button
    }

    package func isSpecialButtonUsedByRoot() -> Bool { specialUsed }

    package func screenContainer(for host: InstanceHost) -> ViewHandle { container }

    package func root(_ host: InstanceHost, openItem navItemID: String) -> Bool {
        opened.append(navItemID)
        return true
    }
}
