import PlugboardSDK

/// A screen written in Swift that routes through the SDK's `Router` (plugboard.host.routing):
/// its button runs a composed transition with an object and a completion, and tries a malformed
/// one; the log says each answer and the completion.
final class RoutingScreen: ScreenPlugin {
    static let info = PluginInfo(id: "test.routing.swift", name: "Router (Swift)", version: "1.0.0")

    private let host: PluginHost
    private var root: View!

    init?(host: PluginHost, model: ScreenModels) {
        self.host = host
    }

    func setUp() -> Bool {
        guard let router = host.router, let root = host.makeView(.container), let button = host.makeView(.button)
        else { return false }
        self.root = root
        button.setIdentifier("swift-route")
        button.setText("Route")
        button.setFrame(Frame(x: 16, y: 16, width: 200, height: 44))
        root.addChild(button)
        button.onTap { [host] in
            let accepted = router.run(
                [.push("fine", data: "7"), .present("more", animated: false)], objectJSON: #"{"from":"swift"}"#
            ) { outcome in
                host.log("completion: \(outcome)")
            }
            host.log(accepted ? "accepted" : "refused")
            host.log(router.run([.pop(0)]) { _ in host.log("never") } ? "pop 0 accepted" : "pop 0 refused")
        }
        // The routes (plugboard.host.routes, ABI 1.5): one set with its transition, then listed;
        // a change naming `menu` is refused.
        guard let routes = host.routes, let routesButton = host.makeView(.button) else { return false }
        routesButton.setIdentifier("swift-routes")
        routesButton.setText("Routes")
        routesButton.setFrame(Frame(x: 16, y: 68, width: 200, height: 44))
        root.addChild(routesButton)
        routesButton.onTap { [host] in
            let fade = Routes.Transition(milliseconds: 100, curve: .linear, direction: .fade)
            host.log(routes.update([.set("alias", to: "fine", transition: fade)]) ? "set accepted" : "set refused")
            host.log(routes.update([.set("menu", to: "fine")]) ? "menu accepted" : "menu refused")
            let alias = routes.list().first { $0.key == "alias" }
            host.log(
                "listed alias: \(alias.map { "\($0.screen ?? "-") \($0.kind) \($0.transition?.milliseconds ?? 0) ms" } ?? "none")"
            )
        }
        return true
    }

    var view: View { root }

    func layout(width: Double, height: Double) {}
}

@_cdecl("plugboard_sdk_register")
public func register() { PlugboardExport.register(RoutingScreen.self) }
