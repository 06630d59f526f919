import PlugboardSDK

/// Seed 000, style `center`: context buttons on the left, navigation buttons on the right; the
/// title or logo is offset on both sides by the larger of the context-button container and the
/// navigation-button group, so it is centred in the bar, and its content is centred.
struct DefaultNavigationBarCenter: NavigationBarStyle {
    func layout(_ metrics: BarMetrics) -> BarLayout {
        let sides = sides(metrics)
        let offset = max(sides.contextWidth, sides.buttonsWidth) + BarMetricsConstants.padding
        return BarLayout(
            contextButton: sides.context, navigationButtons: sides.buttons,
            titleArea: Frame(x: offset, y: 0, width: max(0, metrics.width - 2 * offset), height: metrics.height),
            titleAlignment: .center)
    }
}
