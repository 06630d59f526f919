import PlugboardConfig
@_spi(Layers) import PlugboardCore

/// Turns a screen's `nav_bar` model into what the customization helper answers, with the
/// documented priorities: a background image wins over a colour; on tablets the `_tablet` keys
/// win; white-label screens are forced to on_top.
enum AppearanceResolver {
    static func resolve(_ model: NavBarModel, device: DeviceProfile, whiteLabel: Bool) -> NavigationBarAppearance {
        var appearance = NavigationBarAppearance()
        let tablet = device.isTablet
        if let image = (tablet ? model.backgroundTablet : nil) ?? model.background {
            appearance.background = .image(image)
        } else if let color = model.backgroundColor {
            appearance.background = .color(color)
        }
        appearance.titleFontFamily = model.iosFontFamily
        appearance.titleFontSize = (tablet ? model.titleSizeTablet : nil) ?? model.titleSize ?? 17
        appearance.titleColor = (tablet ? model.titleColorTablet : nil) ?? model.titleColor ?? ARGBColor(0xFF00_0000)
        appearance.logoURL = model.appLogo
        appearance.placement = whiteLabel ? .onTop : model.state ?? .onTop
        appearance.presentationStyle = model.presentationStyle ?? .title
        appearance.style = model.style ?? "left"
        appearance.contextButtonImages = ContextButtonImages(
            menu: model.menuButton, back: model.backButton, close: model.closeButton)
        appearance.isTablet = tablet
        return appearance
    }
}
