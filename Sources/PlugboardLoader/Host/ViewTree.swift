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
    /// The live views, changed where they are (see `ViewTable`).
    private let views = ViewTable()
    /// Each owner's live views, so releasing what an instance left behind visits only its own
    /// views, not every view of the app. Keyed by the owner's number, as `grants` is: a key type
    /// of the host's own costs app start a conformance search (docs/performance.md, round
    /// fourteen).
    /// The current owner's (`currentOwner`) are not here but in `currentViews`, and an owner
    /// with no views has no entry.
    @exclusivity(unchecked) private var viewsByOwner: [UInt64: HandleSet] = [:]
    /// The owner whose views were created or released last, with its views at hand: an instance
    /// creates and releases its views in runs, and looking its set up hashed the owner every
    /// time. Values, not a class shared with the index: no reference to count at each view made
    /// or released. An owner whose views are all released stays current with the set emptied,
    /// whose room then serves the next owner, so a screen made again allocates no set.
    @exclusivity(unchecked) private var currentOwner: ViewOwner?
    @exclusivity(unchecked) private var currentViews = HandleSet(room: 16)
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
    /// standard library's SipHash of the sequence, keyed by the process's random 128-bit seed
    /// with this process's key mixed in (`_rawHashValue(seed:)`, the one-word hash its own sets
    /// use) — never zero. A plugin that sees its own handles learns nothing of the key
    /// (SplitMix64's invertible finaliser, used before, gave it up from two handles in seconds),
    /// so it cannot make up another instance's handles. One call, where a `Hasher` fed the key
    /// and then the sequence cost twice as much for every view made.
    static func handle(sequence: UInt64) -> ViewHandle {
        let hash = sequence._rawHashValue(seed: Int(truncatingIfNeeded: handleKey))
        let tag = UInt64(UInt(bitPattern: hash)) >> 32
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

    /// A copy of the view with `handle`: for a reader that looks at many of its properties (the
    /// renderers); `parent(of:)`, `children(of:)` and `frame(of:)` read one without the copy.
    package subscript(handle: ViewHandle) -> HostView? { views[handle] }

    /// How many views are alive.
    package var count: Int { views.count }

    /// True when `handle` is a live view.
    package func contains(_ handle: ViewHandle) -> Bool { views.place(of: handle) != nil }

    /// The parent of `handle`: nil for a detached view, or no such view.
    package func parent(of handle: ViewHandle) -> ViewHandle? {
        views.place(of: handle).flatMap { views[place: $0].parent }
    }

    /// The children of `handle`, back-most first: none for no such view.
    package func children(of handle: ViewHandle) -> [ViewHandle] {
        views.place(of: handle).map { views[place: $0].children } ?? []
    }

    /// The owner of `handle`, or nil for no such view.
    private func owner(of handle: ViewHandle) -> ViewOwner? { views.place(of: handle).map { views[place: $0].owner } }

    /// Every live view, in no particular order.
    package var allViews: [HostView] { views.values }

    /// The most views one plugin instance may own (view.h, `create`).
    package static let maximumViewsPerInstance = 10_000
    /// The most views there may be in the app.
    package static let maximumViews = 100_000

    /// How many views `owner` has.
    package func count(ownedBy owner: ViewOwner) -> Int {
        if owner == currentOwner { return currentViews.count }
        return viewsByOwner[owner.rawValue]?.count ?? 0
    }

    /// Creates a detached view of `kind` owned by `owner`.
    @discardableResult
    package func create(_ kind: ViewKind, owner: ViewOwner) -> ViewHandle {
        let handle = Self.handle(sequence: Self.nextHandle.wrappingAdd(1, ordering: .relaxed).oldValue)
        views.insert(HostView(handle: handle, kind: kind, owner: owner))
        makeCurrent(owner)
        currentViews.insert(handle)
        return handle
    }

    /// Makes `owner` the current owner, its views in `currentViews`: the last one's go back to
    /// the index unless it has none. A new owner's set has room for 16 from the start (a screen
    /// makes a dozen views or so, and growing the set twice on the way was a twentieth of the
    /// host's work in a tap that makes a screen), or the emptied set's room.
    private func makeCurrent(_ owner: ViewOwner) {
        guard owner != currentOwner else { return }
        if let last = currentOwner, !currentViews.isEmpty {
            viewsByOwner[last.rawValue] = currentViews
            currentViews = viewsByOwner.removeValue(forKey: owner.rawValue) ?? HandleSet(room: 16)
        } else if let stored = viewsByOwner.removeValue(forKey: owner.rawValue) {
            currentViews = stored
        }
        currentOwner = owner
    }

    /// Takes `handle` out of `owner`'s views.
    private func disown(_ handle: ViewHandle, of owner: ViewOwner) {
        makeCurrent(owner)
        currentViews.remove(handle)
    }

    /// Where the live view `handle` is in `views`; a handle of no live view is an error.
    private func place(_ handle: ViewHandle) throws(ViewError) -> Int {
        guard let place = views.place(of: handle) else {
            throw releaseOrder.contains(handle) ? .released(handle) : .invalidHandle(handle.rawValue)
        }
        return place
    }

    /// Looks up `handle` for a change of `property` by `caller`, checking ownership and kind;
    /// returns where the view is, to change it there (`views[place:]`).
    private func mutable(
        _ handle: ViewHandle, by caller: ViewOwner, property: String, kinds: Kinds? = nil,
        parentOwnerMay: Bool = false
    ) throws(ViewError) -> Int {
        let place = try place(handle)
        let owner = views[place: place].owner
        guard
            caller == .host || owner == caller
                || (parentOwnerMay && views[place: place].parent.flatMap(owner(of:)) == caller)
        else {
            throw .notOwner(property: property, view: handle)
        }
        if let kinds, !kinds.contains(Kinds(views[place: place].kind)) {
            throw .propertyNotSupported(property: property, kind: views[place: place].kind, view: handle)
        }
        return place
    }

    /// Destroys a view: detaches it from its parent and its children from it.
    package func release(_ handle: ViewHandle, by caller: ViewOwner) throws(ViewError) {
        let place = try mutable(handle, by: caller, property: "release")
        let owner = views[place: place].owner
        if owner == .host && caller != .host { throw .hostOwned(handle) }
        if let parent = views[place: place].parent, let at = views.place(of: parent) {
            views[place: at].children.removeAll { $0 == handle }
        }
        for child in views[place: place].children {
            if let at = views.place(of: child) { views[place: at].parent = nil }
        }
        if let identifier = views[place: place].identifier {
            forget(handle, identifier: identifier, hash: views[place: place].identifierHash)
        }
        views.remove(handle)
        disown(handle, of: owner)
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

    /// True when `caller` may move the view at `place` around: it owns it, or the host handed
    /// it over.
    private func mayPlace(_ place: Int, by caller: ViewOwner) -> Bool {
        caller == .host || views[place: place].owner == caller
            || grants[caller.rawValue]?.contains(views[place: place].handle.rawValue) == true
    }

    /// Releases every view `owner` still has (after its instance was destroyed); returns how many.
    @discardableResult
    package func releaseAll(ownedBy owner: ViewOwner) -> Int {
        let left = (owner == currentOwner ? currentViews : viewsByOwner[owner.rawValue])?.values ?? []
        // Linear: each parent that stays loses all of these children in one pass, and the views
        // are then released with no parent to search (one by one, a container of n children
        // cost n² steps).
        let leaving = Set(left)
        var parents: Set<ViewHandle> = []
        for handle in left {
            guard let place = views.place(of: handle) else { continue }
            if let parent = views[place: place].parent, !leaving.contains(parent) { parents.insert(parent) }
            views[place: place].parent = nil
        }
        for parent in parents {
            if let place = views.place(of: parent) { views[place: place].children.removeAll { leaving.contains($0) } }
        }
        for handle in left {
            guard let place = views.place(of: handle) else { continue }
            let children = views[place: place].children
            views[place: place].children = []
            for child in children where !leaving.contains(child) {
                if let at = views.place(of: child) { views[place: at].parent = nil }
            }
        }
        for handle in left { try? release(handle, by: .host) }
        grants[owner.rawValue] = nil
        return left.count
    }

    package func setIdentifier(_ handle: ViewHandle, _ identifier: String?, by caller: ViewOwner) throws(ViewError) {
        let place = try mutable(handle, by: caller, property: "identifier")
        let old = views[place: place].identifier
        guard old != identifier else { return }
        if let old { forget(handle, identifier: old, hash: views[place: place].identifierHash) }
        views[place: place].identifier = identifier
        guard let identifier else { return }
        let hash = IdentifierIndex.hash(identifier)
        views[place: place].identifierHash = hash
        viewsByIdentifier.insert(handle, identifier: identifier, hash: hash)
    }

    /// Sets a text, cut at `maximumTextLength` bytes (on a character boundary); returns the
    /// length it had when it was cut, for the caller's warning.
    @discardableResult
    package func setText(_ handle: ViewHandle, _ text: String?, by caller: ViewOwner) throws(ViewError) -> Int? {
        let place = try mutable(handle, by: caller, property: "text", kinds: Self.textKinds)
        guard let text, text.utf8.count > Self.maximumTextLength else {
            views[place: place].text = text
            return nil
        }
        views[place: place].text = Self.cut(text)
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
        let place = try mutable(handle, by: caller, property: "text colour", kinds: Self.textKinds)
        views[place: place].textColor = color
    }

    package func setBackgroundColor(_ handle: ViewHandle, _ color: ARGBColor, by caller: ViewOwner) throws(ViewError) {
        let place = try mutable(handle, by: caller, property: "background colour")
        views[place: place].backgroundColor = color
    }

    package func setImageURL(_ handle: ViewHandle, _ url: String?, by caller: ViewOwner) throws(ViewError) {
        let place = try mutable(handle, by: caller, property: "image", kinds: Self.imageKinds)
        views[place: place].imageURL = url
    }

    package func setFont(_ handle: ViewHandle, family: String?, size: Double, by caller: ViewOwner) throws(ViewError) {
        let place = try mutable(handle, by: caller, property: "font", kinds: Self.textKinds)
        guard size.isFinite, size > 0 else { throw .invalidFontSize(size) }
        views[place: place].fontFamily = family
        views[place: place].fontSize = size
    }

    package func setAlignment(_ handle: ViewHandle, _ alignment: ViewAlignment, by caller: ViewOwner) throws(ViewError)
    {
        let place = try mutable(handle, by: caller, property: "alignment", kinds: Self.alignedKinds)
        views[place: place].alignment = alignment
    }

    package func setHidden(_ handle: ViewHandle, _ hidden: Bool, by caller: ViewOwner) throws(ViewError) {
        let place = try mutable(handle, by: caller, property: "hidden", parentOwnerMay: true)
        views[place: place].isHidden = hidden
    }

    package func setEnabled(_ handle: ViewHandle, _ enabled: Bool, by caller: ViewOwner) throws(ViewError) {
        let place = try mutable(handle, by: caller, property: "enabled", kinds: Self.buttonKinds)
        views[place: place].isEnabled = enabled
    }

    package func setFrame(_ handle: ViewHandle, _ frame: Rect, by caller: ViewOwner) throws(ViewError) {
        let place = try mutable(handle, by: caller, property: "frame", parentOwnerMay: true)
        guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite, frame.width >= 0,
            frame.height >= 0
        else { throw .invalidFrame(frame) }
        views[place: place].frame = frame
    }

    /// The frame of `handle`, or nil for no such view.
    package func frame(of handle: ViewHandle) -> Rect? { views.place(of: handle).map { views[place: $0].frame } }

    /// The frame of `handle` as `caller` may read it: its own views, their children, and views
    /// the host handed it.
    package func frame(of handle: ViewHandle, by caller: ViewOwner) throws(ViewError) -> Rect {
        let place = try place(handle)
        let parentOwner = views[place: place].parent.flatMap(owner(of:))
        guard mayPlace(place, by: caller) || parentOwner == caller else {
            throw .notOwner(property: "frame (to read it)", view: handle)
        }
        return views[place: place].frame
    }

    package func setTapAction(_ handle: ViewHandle, _ action: TapAction?, by caller: ViewOwner) throws(ViewError) {
        let place = try mutable(handle, by: caller, property: "tap action")
        views[place: place].tapAction = action
    }

    /// Appends `child` to `parent` (front-most), removing it from its previous parent.
    package func addChild(_ child: ViewHandle, to parent: ViewHandle, by caller: ViewOwner) throws(ViewError) {
        let parentPlace = try mutable(parent, by: caller, property: "children")
        let childPlace = try place(child)
        guard mayPlace(childPlace, by: caller) else { throw .notOwner(property: "parent (to move it)", view: child) }
        var ancestor: ViewHandle? = parent
        while let current = ancestor {
            if current == child { throw .cycle(parent: parent, child: child) }
            ancestor = self.parent(of: current)
        }
        if let old = views[place: childPlace].parent, let at = views.place(of: old) {
            views[place: at].children.removeAll { $0 == child }
        }
        // Room for a few children from the first: a container's rows were otherwise added
        // through four reallocations, about a thirtieth of the host's work in a tap that makes
        // a screen.
        if views[place: parentPlace].children.capacity == 0 { views[place: parentPlace].children.reserveCapacity(8) }
        views[place: parentPlace].children.append(child)
        views[place: childPlace].parent = parent
    }

    package func removeChild(_ child: ViewHandle, from parent: ViewHandle, by caller: ViewOwner) throws(ViewError) {
        let parentPlace = try mutable(parent, by: caller, property: "children")
        guard let childPlace = views.place(of: child), views[place: childPlace].parent == parent else {
            throw .notAChild(parent: parent, child: child)
        }
        views[place: parentPlace].children.removeAll { $0 == child }
        views[place: childPlace].parent = nil
    }

    /// The frame of `handle` in the coordinates of its top-most ancestor.
    package func absoluteFrame(of handle: ViewHandle) -> Rect? {
        guard let place = views.place(of: handle) else { return nil }
        var frame = views[place: place].frame
        var parent = views[place: place].parent
        while let current = parent, let place = views.place(of: current) {
            frame.x += views[place: place].frame.x
            frame.y += views[place: place].frame.y
            parent = views[place: place].parent
        }
        return frame
    }

    /// True when the view and all its ancestors are visible.
    package func isVisible(_ handle: ViewHandle) -> Bool {
        var current: ViewHandle? = handle
        while let handle = current {
            guard let place = views.place(of: handle), !views[place: place].isHidden else { return false }
            current = views[place: place].parent
        }
        return true
    }

    /// Delivers a tap to `handle`: refused when it is hidden, disabled or has no action.
    package func tap(_ handle: ViewHandle) throws(ViewError) {
        let place = try place(handle)
        guard isVisible(handle) else { throw .notTappable(handle, reason: "hidden") }
        guard views[place: place].isEnabled else { throw .notTappable(handle, reason: "disabled") }
        // A copy: the action may change the tree, this view included.
        let action = views[place: place].tapAction
        switch action {
        case .plugin(let function, let context, let plugin):
            PluginCallTracker.track(PluginCall("tap action of \(handle)", plugin: plugin)) {
                function(context, handle.rawValue)
            }
        case .host(let action): action()
        case nil: throw .notTappable(handle, reason: "no tap action")
        }
    }

    /// Removes `view` from the views with `identifier` (its identifier), by the hash the view
    /// keeps for it.
    private func forget(_ view: ViewHandle, identifier: String, hash: Int) {
        viewsByIdentifier.remove(view, identifier: identifier, hash: hash)
    }

    /// True when `handle` is `root` or one of its descendants.
    private func isInside(_ handle: ViewHandle, _ root: ViewHandle) -> Bool {
        var current: ViewHandle? = handle
        while let view = current {
            if view == root { return true }
            current = parent(of: view)
        }
        return false
    }

    /// The first view, in depth-first order from `root`, whose identifier is `identifier`: found
    /// through the identifier index when one view under `root` has it (the usual case), by a
    /// depth-first walk when several do.
    package func find(identifier: String, under root: ViewHandle) -> ViewHandle? {
        guard let candidates = viewsByIdentifier[identifier] else { return nil }
        var found: ViewHandle?
        for candidate in candidates where isInside(candidate, root) {
            guard found == nil else { return walk(identifier: identifier, under: root) }
            found = candidate
        }
        return found
    }

    private func walk(identifier: String, under root: ViewHandle) -> ViewHandle? {
        guard let place = views.place(of: root) else { return nil }
        if views[place: place].identifier == identifier { return root }
        for child in views[place: place].children {
            if let found = walk(identifier: identifier, under: child) { return found }
        }
        return nil
    }
}
