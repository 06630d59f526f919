import Foundation
import PlugboardSDK

/// A navigation bar written in Swift through PlugboardSDK. It builds a context button, a title
/// and one navigation button per nav item the host makes, and logs what it is told, so the
/// tests can check both directions of the nav-bar ABI.
final class TestNavigationBar: NavigationBarPlugin {
    static let info = PluginInfo(
        id: "test.navbar.swift", name: "Test Navigation Bar (Swift)", version: "1.0.0", vendor: "Plugboard",
        summary: "Logs every call", isScreen: false)

    private let host: PluginHost
    private var navItemIDs: [String]
    private var root: View!
    private var contextButton: View!
    private var title: View!
    private var navigationButtons: [View] = []
    private var context = ContextButton.none

    init?(host: PluginHost, pluginJSON: String, navBarJSON: String) {
        guard let ids = Self.navItemIDs(navBarJSON) else { return nil }
        self.host = host
        navItemIDs = ids
    }

    static func navItemIDs(_ json: String) -> [String]? {
        guard let model = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            return nil
        }
        let items = model["nav_items"] as? [[String: Any]] ?? []
        return items.compactMap { $0["id"] as? String }
    }

    /// Asks the manager for one button per nav item of the current model.
    private func makeButtons() {
        for button in navigationButtons { button.release() }
        navigationButtons.removeAll()
        for id in navItemIDs {
            guard let button = host.navigationBar?.makeNavigationButton(navItemID: id) else {
                host.log("no button for \(id)", severity: .warning)
                continue
            }
            root.addChild(button)
            navigationButtons.append(button)
        }
    }

    func setUp() -> Bool {
        guard let root = host.makeView(.container), let contextButton = host.makeView(.button),
            let title = host.makeView(.label)
        else { return false }
        self.root = root
        self.contextButton = contextButton
        self.title = title
        contextButton.setIdentifier("context")
        contextButton.setHidden(true)
        contextButton.onTap { [unowned self] in
            switch context {
            case .menu: host.navigationBar?.buttonPressed(.menu)
            case .back: host.navigationBar?.buttonPressed(.back)
            case .close: host.navigationBar?.buttonPressed(.close)
            case .none: break
            }
        }
        title.setIdentifier("title")
        root.addChild(contextButton)
        root.addChild(title)
        makeButtons()
        let special = host.navigationBar?.isSpecialButtonUsedByRoot ?? false
        host.log("setUp buttons=\(navigationButtons.count) special=\(special)")
        return true
    }

    var view: View { root }

    func layout(width: Double, height: Double) {
        contextButton.setFrame(Frame(x: 0, y: 0, width: 44, height: height))
        var x = width
        for button in navigationButtons.reversed() {
            x -= 44
            button.setFrame(Frame(x: x, y: 0, width: 44, height: height))
        }
        title.setFrame(Frame(x: 44, y: 0, width: max(0, x - 44), height: height))
        host.log("layout \(Int(width))x\(Int(height))")
    }

    func customize(screenJSON: String, navBarJSON: String, dataSourceJSON: String?) {
        // The new model, read through plugboard.host.model (no JSON parsing once set up).
        let ids = host.model.map { model in
            (0..<model.count(.navigationBar, "nav_items")).compactMap {
                model.string(.navigationBar, "nav_items[\($0)].id")
            }
        }
        if let ids, ids != navItemIDs {
            navItemIDs = ids
            makeButtons()
        }
        guard let style = host.customization else { return }
        switch style.background {
        case .color(let argb): root.setBackgroundColor(argb)
        case .image(let url): host.log("background image \(url)")
        case .none: break
        }
        let font = style.titleFont
        title.setFont(family: font.family, size: font.size)
        title.setTextColor(style.titleColor)
        title.setHidden(style.presentationStyle == .hidden)
        host.log(
            "customize style=\(style.style) placement=\(style.placement) presentation=\(style.presentationStyle) "
                + "size=\(Int(font.size)) tablet=\(style.isTablet) logo=\(style.logoURL ?? "-") "
                + "back=\(style.contextButtonImageURL(.back) ?? "-")")
    }

    func updateTitle(_ text: String) {
        title.setText(text)
        host.log("title \(text)")
    }

    func setContextButton(_ button: ContextButton) {
        context = button
        contextButton.setHidden(button == .none)
        contextButton.setText("\(button)")
        host.log("context \(button)")
    }

    func tearDown() { host.log("tearDown") }
}

@_cdecl("plugboard_sdk_register")
public func register() { PlugboardExport.register(TestNavigationBar.self, TestRoot.self, PlainRoot.self) }
