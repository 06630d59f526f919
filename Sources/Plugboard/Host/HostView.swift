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
public final class HostView {
    public let handle: ViewHandle
    public let kind: ViewKind
    public let owner: ViewOwner
    public internal(set) var identifier: String?
    public internal(set) var text: String?
    public internal(set) var textColor = ARGBColor(0xFF00_0000)
    public internal(set) var backgroundColor = ARGBColor.clear
    public internal(set) var imageURL: String?
    public internal(set) var fontFamily: String?
    public internal(set) var fontSize: Double = 17
    public internal(set) var alignment = ViewAlignment.left
    public internal(set) var isHidden = false
    public internal(set) var isEnabled = true
    public internal(set) var frame = Rect.zero
    public internal(set) var parent: ViewHandle?
    public internal(set) var children: [ViewHandle] = []
    public internal(set) var tapAction: TapAction?

    init(handle: ViewHandle, kind: ViewKind, owner: ViewOwner) {
        self.handle = handle
        self.kind = kind
        self.owner = owner
    }
}
