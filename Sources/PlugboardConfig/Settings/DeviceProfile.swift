import PlugboardCore

/// The device an app is laid out for: screen size and the heights of the bars, in points.
public struct DeviceProfile: Sendable, Hashable, Codable {
    /// The two profiles, as settings.json's `device` names them: `phone` (390 × 844 points, a
    /// 47-point status bar, a 44-point bar) and `tablet` (1024 × 1366, 24, 50), on which the
    /// models' `_tablet` keys apply.
    public enum Kind: String, Sendable, Codable, CaseIterable { case phone, tablet }

    package var kind: Kind
    package var width: Double
    package var height: Double
    package var statusBarHeight: Double
    package var navigationBarHeight: Double

    package static let phone = DeviceProfile(
        kind: .phone, width: 390, height: 844, statusBarHeight: 47, navigationBarHeight: 44)
    package static let tablet = DeviceProfile(
        kind: .tablet, width: 1024, height: 1366, statusBarHeight: 24, navigationBarHeight: 50)

    package static func named(_ kind: Kind) -> DeviceProfile { kind == .phone ? .phone : .tablet }

    package var isTablet: Bool { kind == .tablet }
    package var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }
}
