@_spi(Layers) import PlugboardCore
import Synchronization

/// The host's view tree: every view any plugin (or the host) created, with the rules of the
/// view API (`plugboard/view.h`) enforced on each call.
///
/// Rules: properties are set by the view's owner; frame and hidden may also be set by the owner
/// of the view's parent (a container lays out its children, as in UIKit); children are added to
/// and removed from a parent by the parent's owner, and a plugin may only add views it owns or
/// that the host handed it (the root's screen container, the bar view it places); frames are
/// read by the same owners; nothing may create a cycle. Texts are cut at `maximumTextLength`.
///
/// The tree's state is `@exclusivity(unchecked)`: it is touched on the main thread only (host
/// calls from other threads are refused before they reach it) and never by overlapping
/// accesses, while Swift's run-time check of each access was a sixth of a tap's instructions.
package final class ViewTree {
    /// The live views (tables, not dictionaries: see `ViewTable`).
    @exclusivity(unchecked) private var views = ViewTable()
    /// Each owner's live views, so releasing what an instance left behind visits only its own
    /// views, not every view of the app. Keyed by the owner's number, as `grants` is: a key type
    /// of the host's own costs app start a conformance search (docs/performance.md, round
    /// fourteen).
    @exclusivity(unchecked) private var viewsByOwner: [UInt64: OwnedViews] = [:]
    /// The owner whose views were created or released last, at hand: an instance creates and
    /// releases its views in runs, and looking its table up hashed the owner every time.
    @exclusivity(unchecked) private var lastOwned: (owner: ViewOwner, views: OwnedViews)?
    /// The handles released last (at most `rememberedReleases`), so a call on one says
    /// "released" rather than "invalid". Searched only when a call names no live view.
    @exclusivity(unchecked) private var releaseOrder: [ViewHandle] = []
    /// Where the oldest remembered release is once `releaseOrder` is full (a ring).
    @exclusivity(unchecked) private var oldestRelease = 0
    static let rememberedReleases = 4096
    /// Views the host handed to an owner that does not own them: it may place them in its tree.
    @exclusivity(unchecked) private var grants: [UInt64: Set<UInt64>] = [:]

    /// The longest text a label or button keeps (UTF-8 bytes); longer texts are cut with a
    /// warning, so laying out a hostile 64 MiB label stays cheap.
    package static let maximumTextLength = 64 * 1024

    /// Handles are process-wide and never reused, so a stale handle is always detected: a
    /// sequence number in the high 32 bits, random-looking bits in the low 32, so a plugin cannot
    /// guess another instance's handles from its own.
    private static let nextHandle = Atomic<UInt64>(1)
    /// A key of the low bits, drawn once: one `getrandom` system call per process, where a
    /// random number per handle made one per view (sixty at the Showcase's start).
    private static let handleKey = UInt64.random(in: .min ... .max)

    /// The handle numbered `sequence`: its low 32 bits are a keyed PRF of the sequence — the
    /// standard library's `Hasher` (SipHash, with the process's random 128-bit seed) over this
    /// process's key and the sequence — never zero. A plugin that sees its own handles learns
    /// nothing of the key (SplitMix64's invertible finaliser, used before, gave it up from two
    /// handles in seconds), so it cannot make up another instance's handles.
    static func handle(sequence: UInt64) -> ViewHandle {
        var hasher = Hasher()
        hasher.combine(handleKey)
        hasher.combine(sequence)
        let tag = UInt64(UInt(bitPattern: hasher.finalize())) >> 32
        return ViewHandle(sequence << 32 | max(1, tag))
    }

    package init() {}

    /// A set of view kinds as bits: what a property applies to. Not a `Set<ViewKind>`, which
    /// allocates, hashes on every call and, the first time, makes the Swift runtime search every
    /// loaded image's conformances for `ViewKind: Hashable` (a tenth of a millisecond at start).
    struct Kinds: OptionSet {
        let rawValue: UInt8
        static let container = Kinds(rawValue: 1)
        static let label = Kinds(rawValue: 2)
        static let image = Kinds(rawValue: 4)
        static let button = Kinds(rawValue: 8)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        init(_ kind: ViewKind) {
            self =
                switch kind {
                case .container: .container
                case .label: .label
                case .image: .image
                case .button: .button
                }
        }
    }

    private static let textKinds: Kinds = [.label, .button]
    private static let imageKinds: Kinds = [.image, .button]
    private static let alignedKinds: Kinds = [.label, .image, .button]
    private static let buttonKinds: Kinds = [.button]

    /// The live views with each identifier, so a lookup by identifier does not walk the tree.
    @exclusivity(unchecked) private var viewsByIdentifier = IdentifierIndex()

    package subscript(handle: ViewHandle) -> HostView? { views[handle] }

    /// How many views are alive.
    package var count: Int { views.count }

    /// Every live view, in no particular order.
    package var allViews: [HostView] { views.values }

    /// The most views one plugin instance may own (view.h, `create`).
    package static let maximumViewsPerInstance = 10_000
    /// The most views there may be in the app.
    package static let maximumViews = 100_000

    /// How many views `owner` has.
    package func count(ownedBy owner: ViewOwner) -> Int {
        if let last = lastOwned, last.owner == owner { return last.views.table.count }
        return viewsByOwner[owner.rawValue]?.table.count ?? 0
    }

    /// Creates a detached view of `kind` owned by `owner`.
    @discardableResult
    package func create(_ kind: ViewKind, owner: ViewOwner) -> ViewHandle {
        let handle = Self.handle(sequence: Self.nextHandle.wrappingAdd(1, ordering: .relaxed).oldValue)
        let view = HostView(handle: handle, kind: kind, owner: owner)
        views.insert(view)
        owned(by: owner).table.insert(view)
        return handle
    }

    /// One owner's live views: a class, so `lastOwned` can keep them at hand. Room for 16 from
    /// the start: a screen makes a dozen views or so, and growing the table twice on the way
    /// was a twentieth of the host's work in a tap that makes a screen.
    private final class OwnedViews {
        @exclusivity(unchecked) var table = ViewTable(room: 16)
    }

    /// `owner`'s views, made empty the first time.
    private func owned(by owner: ViewOwner) -> OwnedViews {
        if let last = lastOwned, last.owner == owner { return last.views }
        let views: OwnedViews
        if let found = viewsByOwner[owner.rawValue] {
            views = found
        } else {
            views = OwnedViews()
            viewsByOwner[owner.rawValue] = views
        }
        lastOwned = (owner, views)
        return views
    }

    /// Takes `handle` out of `owner`'s views, and the owner out of the index once it has none.
    private func disown(_ handle: ViewHandle, of owner: ViewOwner) {
        let views = owned(by: owner)
        views.table.remove(handle)
        guard views.table.isEmpty else { return }
        viewsByOwner[owner.rawValue] = nil
        lastOwned = nil
    }

    private func view(_ handle: ViewHandle) throws(ViewError) -> HostView {
        guard let view = views[handle] else {
            throw releaseOrder.contains(handle) ? .released(handle) : .invalidHandle(handle.rawValue)
        }
        return view
    }

    /// Looks up `handle` for a change of `property` by `caller`, checking ownership and kind.
    private func mutable(
        _ handle: ViewHandle, by caller: ViewOwner, property: String, kinds: Kinds? = nil,
        parentOwnerMay: Bool = false
    ) throws(ViewError) -> HostView {
        let view = try view(handle)
        guard
            caller == .host || view.owner == caller
                || (parentOwnerMay && view.parent.flatMap { views[$0]?.owner } == caller)
        else {
            throw .notOwner(property: property, view: handle)
        }
        if let kinds, !kinds.contains(Kinds(view.kind)) {
            throw .propertyNotSupported(property: property, kind: view.kind, view: handle)
        }
        return view
    }

    /// Destroys a view: detaches it from its parent and its children from it.
    package func release(_ handle: ViewHandle, by caller: ViewOwner) throws(ViewError) {
        let view = try mutable(handle, by: caller, property: "release")
        if view.owner == .host && caller != .host { throw .hostOwned(handle) }
        if let parent = view.parent { views[parent]?.storedChildren.removeAll { $0 == handle } }
        for child in view.children { views[child]?.storedParent = nil }
        views.remove(handle)
        if let identifier = view.identifier { forget(view, identifier: identifier) }
        disown(handle, of: view.owner)
        if releaseOrder.count < Self.rememberedReleases {
            releaseOrder.append(handle)
        } else {
            releaseOrder[oldestRelease] = handle
            oldestRelease = (oldestRelease + 1) % Self.rememberedReleases
        }
    }

    /// Lets `owner` place `view` in its tree although it does not own it (views the host hands a
    /// plugin: the root's screen container, the bar view of `place_nav_bar`).
    package func grant(_ view: ViewHandle, to owner: ViewOwner) {
        grants[owner.rawValue, default: []].insert(view.rawValue)
    }

    /// True when `caller` may move `view` around: it owns it, or the host handed it over.
    private func mayPlace(_ view: HostView, by caller: ViewOwner) -> Bool {
        caller == .host || view.owner == caller || grants[caller.rawValue]?.contains(view.handle.rawValue) == true
    }

    /// Releases every view `owner` still has (after its instance was destroyed); returns how many.
    @discardableResult
    package func releaseAll(ownedBy owner: ViewOwner) -> Int {
        let left = viewsByOwner[owner.rawValue]?.table.values ?? []
        // Linear: each parent that stays loses all of these children in one pass, and the views
        // are then released with no parent to search (one by one, a container of n children
        // cost n² steps).
        let leaving = Set(left.map(\.handle))
        var parents: Set<ViewHandle> = []
        for view in left {
            if let parent = view.parent, !leaving.contains(parent) { parents.insert(parent) }
            view.storedParent = nil
        }
        for parent in parents { views[parent]?.storedChildren.removeAll { leaving.contains($0) } }
        for view in left {
            for child in view.children where !leaving.contains(child) { views[child]?.storedParent = nil }
            view.storedChildren.removeAll()
        }
        for view in left { try? release(view.handle, by: .host) }
        grants[owner.rawValue] = nil
        return left.count
    }

    package func setIdentifier(_ handle: ViewHandle, _ identifier: String?, by caller: ViewOwner) throws(ViewError) {
        let view = try mutable(handle, by: caller, property: "identifier")
        guard view.identifier != identifier else { return }
        if let old = view.identifier { forget(view, identifier: old) }
        view.identifier = identifier
        guard let identifier else { return }
        view.identifierHash = IdentifierIndex.hash(identifier)
        viewsByIdentifier.insert(view, identifier: identifier, hash: view.identifierHash)
    }

    /// Sets a text, cut at `maximumTextLength` bytes (on a character boundary); returns the
    /// length it had when it was cut, for the caller's warning.
    @discardableResult
    package func setText(_ handle: ViewHandle, _ text: String?, by caller: ViewOwner) throws(ViewError) -> Int? {
        let view = try mutable(handle, by: caller, property: "text", kinds: Self.textKinds)
        guard let text, text.utf8.count > Self.maximumTextLength else {
            view.text = text
            return nil
        }
        view.text = Self.cut(text)
        return text.utf8.count
    }

    /// `text` cut at `maximumTextLength` bytes, on a character boundary.
    static func cut(_ text: String) -> String {
        guard text.utf8.count > maximumTextLength else { return text }
        var cut = text.utf8.prefix(maximumTextLength)
        while String(cut) == nil { cut = cut.dropLast() }
        return String(cut)!
    }

    package func setTextColor(_ handle: ViewHandle, _ color: ARGBColor, by caller: ViewOwner) throws(ViewError) {
        try mutable(handle, by: caller, property: "text colour", kinds: Self.textKinds).textColor = color
    }

    package func setBackgroundColor(_ handle: ViewHandle, _ color: ARGBColor, by caller: ViewOwner) throws(ViewError) {
        try mutable(handle, by: caller, property: "background colour").backgroundColor = color
    }

    package func setImageURL(_ handle: ViewHandle, _ url: String?, by caller: ViewOwner) throws(ViewError) {
        try mutable(handle, by: caller, property: "image", kinds: Self.imageKinds).imageURL = url
    }

    package func setFont(_ handle: ViewHandle, family: String?, size: Double, by caller: ViewOwner) throws(ViewError) {
        let view = try mutable(handle, by: caller, property: "font", kinds: Self.textKinds)
        guard size.isFinite, size > 0 else { throw .invalidFontSize(size) }
        view.fontFamily = family
        view.fontSize = size
    }

    package func setAlignment(_ handle: ViewHandle, _ alignment: ViewAlignment, by caller: ViewOwner) throws(ViewError)
    {
        try mutable(handle, by: caller, property: "alignment", kinds: Self.alignedKinds).alignment = alignment
    }

    package func setHidden(_ handle: ViewHandle, _ hidden: Bool, by caller: ViewOwner) throws(ViewError) {
        try mutable(handle, by: caller, property: "hidden", parentOwnerMay: true).isHidden = hidden
    }

    package func setEnabled(_ handle: ViewHandle, _ enabled: Bool, by caller: ViewOwner) throws(ViewError) {
        try mutable(handle, by: caller, property: "enabled", kinds: Self.buttonKinds).isEnabled = enabled
    }

    package func setFrame(_ handle: ViewHandle, _ frame: Rect, by caller: ViewOwner) throws(ViewError) {
        let view = try mutable(handle, by: caller, property: "frame", parentOwnerMay: true)
        guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite, frame.width >= 0,
            frame.height >= 0
        else { throw .invalidFrame(frame) }
        view.storedFrame = frame
    }

    package func frame(of handle: ViewHandle) throws(ViewError) -> Rect { try view(handle).frame }

    /// The frame of `handle` as `caller` may read it: its own views, their children, and views
    /// the host handed it.
    package func frame(of handle: ViewHandle, by caller: ViewOwner) throws(ViewError) -> Rect {
        let view = try view(handle)
        let parentOwner = view.parent.flatMap { views[$0]?.owner }
        guard mayPlace(view, by: caller) || parentOwner == caller else {
            throw .notOwner(property: "frame (to read it)", view: handle)
        }
        return view.frame
    }

    package func setTapAction(_ handle: ViewHandle, _ action: TapAction?, by caller: ViewOwner) throws(ViewError) {
        try mutable(handle, by: caller, property: "tap action").tapAction = action
    }

    /// Appends `child` to `parent` (front-most), removing it from its previous parent.
    package func addChild(_ child: ViewHandle, to parent: ViewHandle, by caller: ViewOwner) throws(ViewError) {
        let parentView = try mutable(parent, by: caller, property: "children")
        let childView = try view(child)
        guard mayPlace(childView, by: caller) else { throw .notOwner(property: "parent (to move it)", view: child) }
        var ancestor: ViewHandle? = parent
        while let current = ancestor {
            if current == child { throw .cycle(parent: parent, child: child) }
            ancestor = views[current]?.parent
        }
        if let old = childView.parent { views[old]?.storedChildren.removeAll { $0 == child } }
        parentView.storedChildren.append(child)
        childView.storedParent = parent
    }

    package func removeChild(_ child: ViewHandle, from parent: ViewHandle, by caller: ViewOwner) throws(ViewError) {
        let parentView = try mutable(parent, by: caller, property: "children")
        guard let childView = views[child], childView.parent == parent else {
            throw .notAChild(parent: parent, child: child)
        }
        parentView.storedChildren.removeAll { $0 == child }
        childView.storedParent = nil
    }

    /// The frame of `handle` in the coordinates of its top-most ancestor.
    package func absoluteFrame(of handle: ViewHandle) -> Rect? {
        guard var frame = views[handle]?.frame else { return nil }
        var parent = views[handle]?.parent
        while let current = parent, let view = views[current] {
            frame.x += view.frame.x
            frame.y += view.frame.y
            parent = view.parent
        }
        return frame
    }

    /// True when the view and all its ancestors are visible.
    package func isVisible(_ handle: ViewHandle) -> Bool {
        var current: ViewHandle? = handle
        while let handle = current {
            guard let view = views[handle], !view.isHidden else { return false }
            current = view.parent
        }
        return true
    }

    /// Delivers a tap to `handle`: refused when it is hidden, disabled or has no action.
    package func tap(_ handle: ViewHandle) throws(ViewError) {
        let view = try view(handle)
        guard isVisible(handle) else { throw .notTappable(handle, reason: "hidden") }
        guard view.isEnabled else { throw .notTappable(handle, reason: "disabled") }
        switch view.tapAction {
        case .plugin(let function, let context, let plugin):
            PluginCallTracker.track(PluginCall("tap action of \(handle)", plugin: plugin)) {
                function(context, handle.rawValue)
            }
        case .host(let action): action()
        case nil: throw .notTappable(handle, reason: "no tap action")
        }
    }

    /// Removes `view` from the views with `identifier` (its identifier), by the hash it keeps.
    private func forget(_ view: HostView, identifier: String) {
        viewsByIdentifier.remove(view.handle, identifier: identifier, hash: view.identifierHash)
    }

    /// True when `handle` is `root` or one of its descendants.
    private func isInside(_ handle: ViewHandle, _ root: ViewHandle) -> Bool {
        var current: ViewHandle? = handle
        while let view = current {
            if view == root { return true }
            current = views[view]?.parent
        }
        return false
    }

    /// The first view, in depth-first order from `root`, whose identifier is `identifier`: found
    /// through the identifier index when one view under `root` has it (the usual case), by a
    /// depth-first walk when several do.
    package func find(identifier: String, under root: ViewHandle) -> ViewHandle? {
        guard let candidates = viewsByIdentifier[identifier] else { return nil }
        var found: ViewHandle?
        for candidate in candidates where isInside(candidate.handle, root) {
            guard found == nil else { return walk(identifier: identifier, under: root) }
            found = candidate.handle
        }
        return found
    }

    private func walk(identifier: String, under root: ViewHandle) -> ViewHandle? {
        guard let view = views[root] else { return nil }
        if view.identifier == identifier { return root }
        for child in view.children {
            if let found = walk(identifier: identifier, under: child) { return found }
        }
        return nil
    }
}
