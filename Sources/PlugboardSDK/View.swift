import PlugboardABI
import Synchronization

/// A host view handle with the view API as methods. Setters return false when the host refused
/// the call (it logs why, under the plugin's name); nothing crashes.
///
/// Views are the host's objects: a view belongs to the instance that made it (`makeView`,
/// `makeNavigationButton`) until it is released or the instance is destroyed, and adding it to
/// a parent does not give it away. Strings are copied. Every call is for the main thread, the
/// one the host calls the plugin on. Two values are equal when they wrap the same handle.
public struct View: Hashable {
    /// The host's handle (`pb_view_t`): never 0, never reused within the process.
    public let handle: pb_view_t
    let host: UnsafePointer<pb_host_t>

    public static func == (lhs: View, rhs: View) -> Bool { lhs.handle == rhs.handle }
    public func hash(into hasher: inout Hasher) { hasher.combine(handle) }

    private var api: pb_view_api_t { host.pointee.views.pointee }

    /// Wraps a handle the host passed in (e.g. a bar view given to `placeNavigationBar`).
    init(handle: pb_view_t, host: UnsafePointer<pb_host_t>) {
        self.handle = handle
        self.host = host
    }

    /// Destroys the view: removes it from its parent, detaches its children (they live on, owned
    /// by whoever made them) and drops its tap action. The handle is invalid afterwards. For views
    /// this instance owns; those it still owns are released for it when it is destroyed.
    @discardableResult public func release() -> Bool {
        OwnedViews.forget(handle, host: host)
        return api.release(host, handle)
    }
    /// Names the view for tests, scripts and the shell (`back`, `nav-item:42`); nil clears it.
    @discardableResult public func setIdentifier(_ id: String?) -> Bool { api.set_identifier(host, handle, id) }
    /// A label's or button's text; nil clears it. Refused on containers and images. A text over
    /// 65,536 bytes is cut there, on a character boundary, and a warning logged.
    @discardableResult public func setText(_ text: String?) -> Bool { api.set_text(host, handle, text) }
    /// A label's or button's text colour, 0xAARRGGBB.
    @discardableResult public func setTextColor(_ argb: UInt32) -> Bool { api.set_text_color(host, handle, argb) }
    /// Any view's background colour, 0xAARRGGBB; 0 (fully transparent) until set.
    @discardableResult public func setBackgroundColor(_ argb: UInt32) -> Bool {
        api.set_background_color(host, handle, argb)
    }
    /// An image view's or button's image, by URL (http(s), a file or an asset name); nil clears it.
    @discardableResult public func setImageURL(_ url: String?) -> Bool { api.set_image_url(host, handle, url) }
    /// A label's or button's font: a family id (nil: the system font) and a size in points, above 0.
    @discardableResult public func setFont(family: String?, size: Double) -> Bool {
        api.set_font(host, handle, family, size)
    }
    /// The horizontal alignment of a label's text or an image view's image.
    @discardableResult public func setAlignment(_ alignment: Alignment) -> Bool {
        api.set_alignment(host, handle, alignment.cValue)
    }
    /// Hides or shows the view; a hidden view and its subtree are neither drawn nor tappable.
    @discardableResult public func setHidden(_ hidden: Bool) -> Bool { api.set_hidden(host, handle, hidden) }
    /// Enables or disables a button: a disabled one is drawn dimmed and ignores taps. Refused on
    /// other kinds.
    @discardableResult public func setEnabled(_ enabled: Bool) -> Bool { api.set_enabled(host, handle, enabled) }
    /// The view's frame in its parent's coordinates, in points; width and height must be finite
    /// and at least 0.
    @discardableResult public func setFrame(_ frame: Frame) -> Bool {
        api.set_frame(host, handle, pb_rect_t(x: frame.x, y: frame.y, width: frame.width, height: frame.height))
    }
    /// The view's frame in its parent's coordinates, in points; nil when the host refuses (a
    /// view this instance neither owns, parents nor was handed).
    public var frame: Frame? {
        var rect = pb_rect_t()
        guard api.get_frame(host, handle, &rect) else { return nil }
        return Frame(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
    /// Adds `child` as this view's front-most child, first removing it from its parent. `child`
    /// must be yours or one the host handed you (the root's screen container, the bar view of
    /// `placeNavigationBar`); refused when it would make a cycle.
    @discardableResult public func addChild(_ child: View) -> Bool { api.add_child(host, handle, child.handle) }
    /// Removes `child` from this view; refused when it is not a child of this view.
    @discardableResult public func removeChild(_ child: View) -> Bool { api.remove_child(host, handle, child.handle) }

    /// Calls `action` when the view is tapped. The SDK keeps the closure until the action is
    /// replaced or the instance is destroyed.
    @discardableResult public func onTap(_ action: @escaping () -> Void) -> Bool {
        let box = TapBox(action)
        let done = api.set_tap_action(
            host, handle,
            { context, _ in
                guard let context else { return }
                Unmanaged<TapBox>.fromOpaque(context).takeUnretainedValue().action()
            }, Unmanaged.passUnretained(box).toOpaque())
        if done { TapBox.keep(box, for: handle, host: host) }
        return done
    }
}

/// A tap closure, kept alive per instance (keyed by its `pb_host_t`) while the host may call it.
///
/// The ABI calls plugins on the host's main thread only, but a host may run several apps on
/// several threads (the test suite does), so the table is locked.
final class TapBox: @unchecked Sendable {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }

    private static let kept = Mutex<[UInt: [pb_view_t: TapBox]]>([:])

    static func keep(_ box: TapBox, for view: pb_view_t, host: UnsafePointer<pb_host_t>) {
        kept.withLock { $0[UInt(bitPattern: host), default: [:]][view] = box }
    }

    /// Drops every closure of the instance behind `host` (at destroy).
    static func dropAll(for host: UnsafePointer<pb_host_t>) {
        _ = kept.withLock { $0.removeValue(forKey: UInt(bitPattern: host)) }
    }
}

/// The views each instance owns (made with `makeView` or `makeNavigationButton`), so the SDK
/// releases what a plugin forgot when the instance is destroyed: the header asks plugins to
/// release their views in `destroy`, and Swift authors should not have to remember each one.
enum OwnedViews {
    private static let owned = Mutex<[UInt: Set<pb_view_t>]>([:])

    static func record(_ view: pb_view_t, host: UnsafePointer<pb_host_t>) {
        owned.withLock { _ = $0[UInt(bitPattern: host), default: []].insert(view) }
    }

    static func forget(_ view: pb_view_t, host: UnsafePointer<pb_host_t>) {
        owned.withLock { _ = $0[UInt(bitPattern: host)]?.remove(view) }
    }

    /// Releases every view the instance behind `host` still owns (at destroy).
    static func releaseAll(for host: UnsafePointer<pb_host_t>) {
        let views = owned.withLock { $0.removeValue(forKey: UInt(bitPattern: host)) } ?? []
        for view in views.sorted() { _ = host.pointee.views.pointee.release(host, view) }
    }
}
