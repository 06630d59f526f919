import PlugboardABI

/// Who owns a view: a plugin instance (by its host id) or the host itself (`.host`).
public struct ViewOwner: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public static let host = ViewOwner(0)
    public var description: String { rawValue == 0 ? "host" : "instance#\(rawValue)" }
}

/// What happens when a view is tapped: a plugin's C target-action, or a host closure.
public enum TapAction {
    case plugin(pb_tap_action_t, context: UnsafeMutableRawPointer?, pluginID: String)
    case host(() -> Void)
}

/// One node of the host's view tree: the properties the view API sets.
///
/// Its state is `@exclusivity(unchecked)` for the reason `ViewTree`'s is: only the tree changes
/// it, on the main thread, and the run-time checks were a tenth of the view calls' cost.
public final class HostView {
    public let handle: ViewHandle
    public let kind: ViewKind
    public let owner: ViewOwner
    @exclusivity(unchecked) public internal(set) var identifier: String?
    @exclusivity(unchecked) public internal(set) var text: String?
    @exclusivity(unchecked) public internal(set) var textColor = ARGBColor(0xFF00_0000)
    @exclusivity(unchecked) public internal(set) var backgroundColor = ARGBColor.clear
    @exclusivity(unchecked) public internal(set) var imageURL: String?
    @exclusivity(unchecked) public internal(set) var fontFamily: String?
    @exclusivity(unchecked) public internal(set) var fontSize: Double = 17
    @exclusivity(unchecked) public internal(set) var alignment = ViewAlignment.left
    @exclusivity(unchecked) public internal(set) var isHidden = false
    @exclusivity(unchecked) public internal(set) var isEnabled = true
    @exclusivity(unchecked) public internal(set) var frame = Rect.zero
    @exclusivity(unchecked) public internal(set) var parent: ViewHandle?
    @exclusivity(unchecked) public internal(set) var children: [ViewHandle] = []
    @exclusivity(unchecked) public internal(set) var tapAction: TapAction?

    init(handle: ViewHandle, kind: ViewKind, owner: ViewOwner) {
        self.handle = handle
        self.kind = kind
        self.owner = owner
    }
}
