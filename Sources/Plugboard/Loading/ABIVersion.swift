import PlugboardABI

/// A Plugboard ABI version (`pb_version_t`), compared by the rule of `plugboard/version.h`:
/// the major must match, the minor may differ either way.
public struct ABIVersion: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public var major: UInt32
    public var minor: UInt32
    public var patch: UInt32

    public init(major: UInt32, minor: UInt32, patch: UInt32) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    init(_ version: pb_version_t) {
        self.init(major: version.major, minor: version.minor, patch: version.patch)
    }

    /// The version this host was compiled against.
    public static let host = ABIVersion(major: PB_VERSION_MAJOR, minor: PB_VERSION_MINOR, patch: PB_VERSION_PATCH)

    /// The first version whose placement table has `place_nav_bar_in`.
    static let placementArea = ABIVersion(major: 1, minor: 3, patch: 0)

    var cValue: pb_version_t { pb_version_t(major: major, minor: minor, patch: patch) }

    /// True when a struct stamped with this version can be used by this host.
    public var isCompatibleWithHost: Bool { major == ABIVersion.host.major }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (lhs: ABIVersion, rhs: ABIVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
