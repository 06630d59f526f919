/// The device an app is laid out for: screen size and the heights of the bars, in points.
public struct DeviceProfile: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable { case phone, tablet }

    public var kind: Kind
    public var width: Double
    public var height: Double
    public var statusBarHeight: Double
    public var navigationBarHeight: Double

    public static let phone = DeviceProfile(
        kind: .phone, width: 390, height: 844, statusBarHeight: 47, navigationBarHeight: 44)
    public static let tablet = DeviceProfile(
        kind: .tablet, width: 1024, height: 1366, statusBarHeight: 24, navigationBarHeight: 50)

    public static func named(_ kind: Kind) -> DeviceProfile { kind == .phone ? .phone : .tablet }

    public var isTablet: Bool { kind == .tablet }
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }
}
