import PlugboardSDK

/// Style `compact` (a Plugboard addition, and the proof that a style is one file): narrower
/// 32-point buttons, the title left-aligned right after the context button.
struct DefaultNavigationBarCompact: NavigationBarStyle {
    func layout(_ metrics: BarMetrics) -> BarLayout {
        let sides = sides(metrics, buttonWidth: 32)
        let x = sides.contextWidth + 4
        let width = max(0, metrics.width - x - sides.buttonsWidth - 4)
        return BarLayout(
            contextButton: sides.context, navigationButtons: sides.buttons,
            titleArea: Frame(x: x, y: 0, width: width, height: metrics.height), titleAlignment: .left)
    }
}
