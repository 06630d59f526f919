import PlugboardABI
import PlugboardCore

/// Who owns a view: a plugin instance (by its host id) or the host itself (`.host`).
package struct ViewOwner: Hashable, Sendable, Codable, CustomStringConvertible {
    package let rawValue: UInt64
    package init(_ rawValue: UInt64) { self.rawValue = rawValue }
    package static let host = ViewOwner(0)
    package var description: String { rawValue == 0 ? "host" : "instance#\(rawValue)" }
}

/// What happens when a view is tapped: a plugin's C target-action, or a host closure.
package enum TapAction {
    case plugin(pb_tap_action_t, context: UnsafeMutableRawPointer?, pluginID: String)
    case host(() -> Void)
}

/// One node of the host's view tree: the properties the view API sets.
///
/// A value, kept in the tree's table (`ViewTable`) and changed there in place: a class made each
/// view an allocation, a reference count touched by every lookup and a deallocation, and
/// releasing a view (its class instance held by three indexes) was the largest single cost of a
/// tap that makes a screen (docs/performance.md, round eighteen). Only the tree changes a view;
/// everyone else reads it, or a copy of it.
package struct HostView {
    package let handle: ViewHandle
    package let kind: ViewKind
    package let owner: ViewOwner
    package internal(set) var identifier: String?
    package internal(set) var text: String?
    package internal(set) var textColor = ARGBColor(0xFF00_0000)
    package internal(set) var backgroundColor = ARGBColor.clear
    package internal(set) var imageURL: String?
    package internal(set) var fontFamily: String?
    package internal(set) var fontSize: Double = 17
    package internal(set) var alignment = ViewAlignment.left
    package internal(set) var isHidden = false
    package internal(set) var isEnabled = true
    package internal(set) var frame = Rect.zero
    package internal(set) var parent: ViewHandle?
    package internal(set) var children: [ViewHandle] = []
    package internal(set) var tapAction: TapAction?
    /// `identifier`'s hash in the tree's index (`IdentifierIndex`), kept so it is hashed once.
    var identifierHash = 0

    init(handle: ViewHandle, kind: ViewKind, owner: ViewOwner) {
        self.handle = handle
        self.kind = kind
        self.owner = owner
    }
}
