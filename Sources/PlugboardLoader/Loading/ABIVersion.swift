import PlugboardABI

/// A Plugboard ABI version (`pb_version_t`), compared by the rule of `plugboard/version.h`:
/// the major must match, the minor may differ either way.
package struct ABIVersion: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    package var major: UInt32
    package var minor: UInt32
    package var patch: UInt32

    package init(major: UInt32, minor: UInt32, patch: UInt32) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    package init(_ version: pb_version_t) {
        self.init(major: version.major, minor: version.minor, patch: version.patch)
    }

    /// The version this host was compiled against.
    package static let host = ABIVersion(major: PB_VERSION_MAJOR, minor: PB_VERSION_MINOR, patch: PB_VERSION_PATCH)

    /// The first version whose placement table has `place_nav_bar_in`.
    static let placementArea = ABIVersion(major: 1, minor: 3, patch: 0)

    package var cValue: pb_version_t { pb_version_t(major: major, minor: minor, patch: patch) }

    /// True when a struct stamped with this version can be used by this host.
    package var isCompatibleWithHost: Bool { major == ABIVersion.host.major }

    package var description: String { "\(major).\(minor).\(patch)" }

    package static func < (lhs: ABIVersion, rhs: ABIVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
