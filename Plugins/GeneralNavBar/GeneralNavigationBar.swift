import Foundation
import PlugboardSDK

/// The "UI Builder General Navigation Bar" of seed 000: the default bar. It asks the host for one
/// navigation button per nav item (at most three, each as wide as the host says its title
/// needs, within the bar's room), shows the title or the logo as the model's
/// presentation style says, paints the background (image over colour, resolved by the host's
/// customization helper), and lays everything out with the style the model names.
final class GeneralNavigationBar: NavigationBarPlugin {
    static let info = PluginInfo(
        id: "general_nav_bar", name: "UI Builder General Navigation Bar", version: "1.0.0", vendor: "Plugboard",
        summary: "The default navigation bar: styles left and center, logo or title, context buttons",
        isScreen: false)

    /// Seed 000: a style may not have room for more; extra items are dropped with a warning.
    static let maximumNavigationButtons = 3

    private let host: PluginHost
    private var navItemIDs: [String]
    private var root: View!
    private var background: View!
    private var contextButton: View!
    private var title: View!
    /// Seed 003's large title: a row of its own under the bar's usual height, shown while the
    /// screen prefers it and the content has not scrolled it away.
    private var largeTitle: View!
    private var logo: View!
    private var navigationButtons: [View] = []
    /// The width each navigation button asked for when the host made it (its title's).
    private var navigationButtonWidths: [Double] = []
    private var context = ContextButton.none
    private var style: any NavigationBarStyle = DefaultNavigationBarLeft()
    private var size = (width: 0.0, height: 0.0)
    /// The size the views were last framed for; nil when something that moves them changed.
    private var framed: (width: Double, height: Double)?

    /// The model the nav items were last read from.
    private var lastNavBarJSON: String

    init?(host: PluginHost, pluginJSON: String, navBarJSON: String) {
        self.host = host
        navItemIDs = []
        lastNavBarJSON = navBarJSON
    }

    /// The ids of the bar model's nav items, or nil when the model is not an object. Read through
    /// the host's model reader (`plugboard.host.model`, which has the model parsed already), so
    /// the bar parses no JSON; a host before ABI 1.2 has no reader, and then `json` is parsed.
    private func readNavItemIDs(_ json: String) -> [String]? {
        guard let model = host.model else { return Self.parsedNavItemIDs(json) }
        guard model.kind(.navigationBar, "") == .object else { return nil }
        return (0..<model.count(.navigationBar, "nav_items")).compactMap {
            model.string(.navigationBar, "nav_items[\($0)].id")
        }
    }

    /// The same, from the JSON text (hosts before ABI 1.2).
    private static func parsedNavItemIDs(_ json: String) -> [String]? {
        guard let model = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
        return (model["nav_items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    func setUp() -> Bool {
        guard let ids = readNavItemIDs(lastNavBarJSON) else {
            host.log("the nav_bar model is not a JSON object", severity: .error)
            return false
        }
        navItemIDs = ids
        guard let root = host.makeView(.container), let background = host.makeView(.image),
            let contextButton = host.makeView(.button), let title = host.makeView(.label),
            let largeTitle = host.makeView(.label), let logo = host.makeView(.image)
        else { return false }
        (self.root, self.background, self.contextButton, self.title, self.largeTitle, self.logo) =
            (root, background, contextButton, title, largeTitle, logo)
        root.setIdentifier("general-nav-bar")
        background.setIdentifier("bar-background")
        contextButton.setIdentifier("context")
        title.setIdentifier("title")
        largeTitle.setIdentifier("large-title")
        logo.setIdentifier("logo")
        contextButton.setHidden(true)
        contextButton.onTap { [unowned self] in pressContext() }
        for view in [background, contextButton, title, largeTitle, logo] { root.addChild(view) }
        makeNavigationButtons()
        apply()
        return true
    }

    var view: View { root }

    func layout(width: Double, height: Double) {
        // The host lays the bar out again with the same size (nav_bar.h allows it): the frames
        // are what they were unless something changed since (`framed` is cleared then).
        if let framed, framed == (width, height) { return }
        framed = (width, height)
        size = (width, height)
        // With a large title the host adds its row under the bar's usual height, shorter as the
        // content scrolls: the buttons and the small title keep the usual row.
        let row = largeTitleRow(height)
        let layout = style.layout(
            BarMetrics(
                width: width, height: height - row, hasContextButton: context != .none,
                navigationButtonWidths: navigationButtonWidths))
        background.setFrame(Frame(x: 0, y: 0, width: width, height: height))
        showLargeTitle(row: row, at: height - row, width: width)
        contextButton.setFrame(layout.contextButton)
        for (button, frame) in zip(navigationButtons, layout.navigationButtons) { button.setFrame(frame) }
        title.setFrame(layout.titleArea)
        logo.setFrame(layout.titleArea)
        title.setAlignment(layout.titleAlignment)
        logo.setAlignment(layout.titleAlignment)
    }

    func customize(screenJSON: String, navBarJSON: String, dataSourceJSON: String?) {
        // The same model as last time (most screen changes): nothing to read again.
        if navBarJSON != lastNavBarJSON, let ids = readNavItemIDs(navBarJSON) {
            lastNavBarJSON = navBarJSON
            if ids != navItemIDs {
                navItemIDs = ids
                makeNavigationButtons()
            }
        }
        apply()
    }

    func updateTitle(_ text: String) {
        title.setText(text)
        largeTitle.setText(text)
    }

    /// The bar's usual height on this device (the host's; nav_bar_host.h).
    private var usualHeight: Double { host.customization?.isTablet == true ? 50 : 44 }

    /// How tall the large-title row is in a bar `height` tall: what the host gave beyond the
    /// usual height, when the screen prefers a large title.
    private func largeTitleRow(_ height: Double) -> Double {
        guard host.customization?.prefersLargeTitle == true else { return 0 }
        return max(0, height - usualHeight)
    }

    /// The large title in its row (left, 34 pt, as seed 003's example bar) while at least half
    /// the row is there, else the small title: one title is read at a time, handed over as the
    /// content scrolls the large one under the bar.
    private func showLargeTitle(row: Double, at y: Double, width: Double) {
        let large = row >= Self.largeTitleRowHeight / 2 && presentationShowsTitle
        largeTitle.setHidden(!large)
        largeTitle.setFrame(Frame(x: 16, y: y, width: max(0, width - 32), height: row))
        if large { title.setHidden(true) } else { applyTitleVisibility() }
    }

    /// Seed 003's large-title row at its full height (the host's; `PlugboardApp.largeTitleHeight`).
    static let largeTitleRowHeight = 52.0

    /// True when the presentation style shows the title text (not a logo, not hidden).
    private var presentationShowsTitle: Bool {
        guard let model = host.customization else { return false }
        return model.presentationStyle == .title || (model.presentationStyle == .logo && model.logoURL == nil)
    }

    /// The small title's visibility as the presentation style says.
    private func applyTitleVisibility() { title.setHidden(!presentationShowsTitle) }

    func setContextButton(_ button: ContextButton) {
        framed = nil
        context = button
        contextButton.setHidden(button == .none)
        applyContextButton()
        layout(width: size.width, height: size.height)
    }

    // MARK: -

    /// Asks the manager for the buttons of the current model, keeping at most three.
    private func makeNavigationButtons() {
        framed = nil
        navigationButtons.forEach { $0.release() }
        navigationButtons.removeAll()
        navigationButtonWidths.removeAll()
        if navItemIDs.count > Self.maximumNavigationButtons {
            let dropped = navItemIDs.dropFirst(Self.maximumNavigationButtons).joined(separator: ", ")
            host.log(
                "\(navItemIDs.count) navigation items, the bar shows at most \(Self.maximumNavigationButtons); "
                    + "dropped: \(dropped)", severity: .warning)
        }
        for id in navItemIDs.prefix(Self.maximumNavigationButtons) {
            guard let button = host.navigationBar?.makeNavigationButton(navItemID: id) else { continue }
            root.addChild(button)
            navigationButtons.append(button)
            // nav_bar_host.h: the host made it as wide as its title needs (0: it did not say).
            navigationButtonWidths.append(button.frame?.width ?? 0)
        }
    }

    /// Applies the resolved model: style, background, title font and colour, logo or title.
    private func apply() {
        guard let model = host.customization else { return }
        framed = nil
        if let resolved = StyleRegistry.style(for: model.style) {
            style = resolved
        } else {
            host.log("unknown style '\(model.style)', using left", severity: .warning)
            style = DefaultNavigationBarLeft()
        }
        switch model.background {
        case .image(let url):
            background.setImageURL(url)
            background.setHidden(false)
            root.setBackgroundColor(0)
        case .color(let argb):
            background.setHidden(true)
            root.setBackgroundColor(argb)
        case .none:
            background.setHidden(true)
            root.setBackgroundColor(0)
        }
        let font = model.titleFont
        title.setFont(family: font.family, size: font.size)
        title.setTextColor(model.titleColor)
        largeTitle.setFont(family: font.family, size: 34)
        largeTitle.setTextColor(model.titleColor)
        largeTitle.setAlignment(.left)
        contextButton.setTextColor(model.titleColor)
        let logoURL = model.logoURL
        logo.setImageURL(logoURL)
        // No logo to show: the logo style falls back to the title.
        logo.setHidden(model.presentationStyle != .logo || logoURL == nil)
        applyTitleVisibility()
        applyContextButton()
        layout(width: size.width, height: size.height)
    }

    /// The context button's image from the assets, or a text glyph.
    private func applyContextButton() {
        let image = host.customization?.contextButtonImageURL(context)
        contextButton.setImageURL(image)
        let glyph: String? =
            switch context {
            case .menu: "☰"
            case .back: "‹"
            case .close: "✕"
            case .none: nil
            }
        contextButton.setText(image == nil ? glyph : nil)
    }

    private func pressContext() {
        switch context {
        case .menu: host.navigationBar?.buttonPressed(.menu)
        case .back: host.navigationBar?.buttonPressed(.back)
        case .close: host.navigationBar?.buttonPressed(.close)
        case .none: break
        }
    }
}

@_cdecl("plugboard_sdk_register")
public func register() { PlugboardExport.register(GeneralNavigationBar.self) }
