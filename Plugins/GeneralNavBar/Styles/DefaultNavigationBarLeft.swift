import PlugboardSDK

/// Seed 000, style `left`: context buttons on the left, navigation buttons on the right; the
/// title or logo takes all the free space between them, left-aligned.
struct DefaultNavigationBarLeft: NavigationBarStyle {
    func layout(_ metrics: BarMetrics) -> BarLayout {
        let sides = sides(metrics)
        let padding = BarMetricsConstants.padding
        let x = sides.contextWidth + padding
        let width = max(0, metrics.width - sides.contextWidth - sides.buttonsWidth - 2 * padding)
        return BarLayout(
            contextButton: sides.context, navigationButtons: sides.buttons,
            titleArea: Frame(x: x, y: 0, width: width, height: metrics.height), titleAlignment: .left)
    }
}
