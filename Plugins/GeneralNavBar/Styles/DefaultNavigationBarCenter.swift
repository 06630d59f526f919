import PlugboardSDK

/// Seed 000, style `center`: context buttons on the left, navigation buttons on the right; the
/// title or logo is offset on both sides by the larger of the context-button container and the
/// navigation-button group, so it is centred in the bar, and its content is centred.
///
/// When navigation buttons as wide as their titles would leave the centred title less than
/// `centredTitleShare` of the bar, the title takes the free space between the two sides
/// instead (still centred in it): a cut-off button title ("Cro…") says less than a title
/// slightly off the bar's middle.
struct DefaultNavigationBarCenter: NavigationBarStyle {
    static let centredTitleShare = 0.25

    func layout(_ metrics: BarMetrics) -> BarLayout {
        let sides = sides(metrics)
        let padding = BarMetricsConstants.padding
        let offset = max(sides.contextWidth, sides.buttonsWidth) + padding
        let titleArea =
            metrics.width - 2 * offset >= metrics.width * Self.centredTitleShare
            ? Frame(x: offset, y: 0, width: metrics.width - 2 * offset, height: metrics.height)
            : Frame(
                x: sides.contextWidth + padding, y: 0,
                width: max(0, metrics.width - sides.contextWidth - sides.buttonsWidth - 2 * padding),
                height: metrics.height)
        return BarLayout(
            contextButton: sides.context, navigationButtons: sides.buttons, titleArea: titleArea,
            titleAlignment: .center)
    }
}
