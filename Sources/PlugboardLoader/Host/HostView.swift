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
/// Its state is `@exclusivity(unchecked)` for the reason `ViewTree`'s is: only the tree changes
/// it, on the main thread, and the run-time checks were a tenth of the view calls' cost.
package final class HostView {
    package let handle: ViewHandle
    package let kind: ViewKind
    package let owner: ViewOwner
    @exclusivity(unchecked) package internal(set) var identifier: String?
    @exclusivity(unchecked) package internal(set) var text: String?
    @exclusivity(unchecked) package internal(set) var textColor = ARGBColor(0xFF00_0000)
    @exclusivity(unchecked) package internal(set) var backgroundColor = ARGBColor.clear
    @exclusivity(unchecked) package internal(set) var imageURL: String?
    @exclusivity(unchecked) package internal(set) var fontFamily: String?
    @exclusivity(unchecked) package internal(set) var fontSize: Double = 17
    @exclusivity(unchecked) package internal(set) var alignment = ViewAlignment.left
    @exclusivity(unchecked) package internal(set) var isHidden = false
    @exclusivity(unchecked) package internal(set) var isEnabled = true
    /// The three a layout reads most, from other modules too: read through inlinable getters,
    /// because `@exclusivity(unchecked)` is not seen by another module's code, which checks every
    /// direct read of a stored property at run time (a tenth of a tap's host instructions).
    @inlinable package var frame: Rect { storedFrame }
    @inlinable package var parent: ViewHandle? { storedParent }
    @inlinable package var children: [ViewHandle] { _read { yield storedChildren } }
    @exclusivity(unchecked) @usableFromInline var storedFrame = Rect.zero
    @exclusivity(unchecked) @usableFromInline var storedParent: ViewHandle?
    @exclusivity(unchecked) @usableFromInline var storedChildren: [ViewHandle] = []
    @exclusivity(unchecked) package internal(set) var tapAction: TapAction?
    /// `identifier`'s hash in the tree's index (`IdentifierIndex`), kept so it is hashed once.
    @exclusivity(unchecked) var identifierHash = 0

    init(handle: ViewHandle, kind: ViewKind, owner: ViewOwner) {
        self.handle = handle
        self.kind = kind
        self.owner = owner
    }
}
