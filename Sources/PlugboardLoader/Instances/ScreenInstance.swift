import PlugboardABI
@_spi(Layers) import PlugboardCore

/// A live screen plugin instance (`pb_screen_t`), with its appearance state kept by the host so
/// lifecycle calls always come in order.
package final class ScreenInstance: PluginInstance {
    /// Where the screen is in its appearance cycle; only the lifecycle calls below move it.
    package var appearance: AppearanceState { currentAppearance }
    /// Unchecked like `isDestroyed`: read and written by every lifecycle call, only here and on
    /// the host's main thread; the run-time exclusivity checks were two fifths of what a
    /// lifecycle call cost the host. Usable from inlinable code so the lifecycle calls can be
    /// inlined into their callers in other modules.
    @exclusivity(unchecked) @usableFromInline var currentAppearance = AppearanceState.disappeared

    /// Creates and initialises the screen `pluginID` of `library` (create → init). A NULL
    /// `create` or a false `init` is reported as a `PluginLoadError`; nothing leaks.
    package init(
        library: PluginLibrary, pluginID: String, environment: PlugboardHost, pluginJSON: String,
        screenJSON: String, dataSourceJSON: String?, delegate: (any ScreenHostDelegate)? = nil,
        navigation: (any NavigationHostDelegate)? = nil
    ) throws(PluginLoadError) {
        try super.init(
            library: library, pluginID: pluginID, kind: .screen, environment: environment,
            create: { factory, host in
                host.screenDelegate = delegate
                host.navigationDelegate = navigation
                host.models.set(.plugin, pluginJSON)
                host.models.set(.screen, screenJSON)
                host.models.set(.dataSource, dataSourceJSON)
                let factory = factory.assumingMemoryBound(to: pb_screen_factory_t.self)
                return withCStrings(pluginID, pluginJSON, screenJSON, dataSourceJSON) {
                    factory.pointee.create?(factory, host.cHost, $0, $1, $2, $3)
                }
            },
            vtable: { screen in
                let c = screen.pointee
                return VTable(
                    initialize: c.`init`, destroy: c.destroy, view: c.view, layout: c.layout,
                    getExtension: c.get_extension)
            })
    }

    private var screen: UnsafePointer<pb_screen_t>? { instance(as: pb_screen_t.self) }

    /// `will_appear` then `did_appear`, unless the screen already appeared.
    @inlinable @inline(__always)
    package func appear() { appear { _ in } }

    /// `will_disappear` then `did_disappear`, unless the screen is not shown.
    @inlinable @inline(__always)
    package func disappear() { disappear { _ in } }

    /// `will_appear` then `did_appear`, unless the screen already appeared. `observe` hears each
    /// event just before the plugin does. Inlined, with `send`, into every caller: a lifecycle
    /// call is otherwise four Swift calls around each C call.
    @inlinable @inline(__always)
    package func appear(observe: (LifecycleEvent) -> Void) {
        guard currentAppearance == .disappeared else { return }
        send(.willAppear, observe: observe)
        send(.didAppear, observe: observe)
    }

    /// `will_disappear` then `did_disappear`, unless the screen is not shown.
    @inlinable @inline(__always)
    package func disappear(observe: (LifecycleEvent) -> Void) {
        guard currentAppearance == .appeared else { return }
        send(.willDisappear, observe: observe)
        send(.didDisappear, observe: observe)
    }

    /// One lifecycle call, when it is in order (`AppearanceState.after`); false otherwise.
    /// Inlined into `appear` and `disappear`, with the function read straight from the
    /// plugin's struct: without it the four calls cost 4.1–4.3× the direct C calls instead of
    /// 3.0–3.2×; inlinable across modules, with the observed path out of line, 1.33–1.43×
    /// (`lifecycle`, 2026-11-27).
    @discardableResult @inlinable @inline(__always)
    package func send(_ event: LifecycleEvent, observe: (LifecycleEvent) -> Void = { _ in }) -> Bool {
        guard !isDestroyed, let next = currentAppearance.after(event) else { return false }
        currentAppearance = next
        observe(event)
        let screen = raw.assumingMemoryBound(to: pb_screen_t.self)
        let function: (@convention(c) (UnsafePointer<pb_screen_t>?) -> Void)? =
            switch event {
            case .willAppear: screen.pointee.will_appear
            case .didAppear: screen.pointee.did_appear
            case .willDisappear: screen.pointee.will_disappear
            case .didDisappear: screen.pointee.did_disappear
            }
        guard let function else { return true }
        if !PluginCallTracker.isObserved { function(screen) } else { sendTracked(event, function, screen) }
        return true
    }

    /// `send`'s call when someone observes calls into plugins, kept out of line so the path
    /// without an observer stays a load, a branch and the call in every caller.
    @usableFromInline @inline(never)
    func sendTracked(
        _ event: LifecycleEvent, _ function: @convention(c) (UnsafePointer<pb_screen_t>?) -> Void,
        _ screen: UnsafePointer<pb_screen_t>
    ) {
        call(event.rawValue) { function(screen) }
    }

    /// Hands the route's data to the screen before it appears (`plugboard.ext.attributes`).
    /// False when the screen does not answer the extension.
    @discardableResult
    package func updateAttributes(data: String?, objectJSON: String?) -> Bool {
        guard let screen,
            let update = `extension`(PB_EXT_ATTRIBUTES)?.assumingMemoryBound(to: pb_screen_attributes_t.self).pointee
                .update_with_attributes
        else { return false }
        withOptionalCString(data) { data in
            withOptionalCString(objectJSON) { object in call("update_with_attributes") { update(screen, data, object) }
            }
        }
        return true
    }

    /// The screen's own bar (`plugboard.ext.custom-bar`, seed 003's XZNavigationBarCustomizable),
    /// or nil when it does not answer the extension or has no bar view now.
    package var customBar: CustomBar? {
        guard let screen,
            let ext = `extension`(PB_EXT_CUSTOM_BAR)?.assumingMemoryBound(to: pb_screen_custom_bar_t.self).pointee,
            let barView = ext.bar_view
        else { return nil }
        let view = call("bar_view") { barView(screen) }
        guard view != PB_VIEW_NONE else { return nil }
        let translucent = ext.is_translucent.map { function in call("is_translucent") { function(screen) } } ?? false
        let large =
            ext.prefers_large_titles.map { function in call("prefers_large_titles") { function(screen) } } ?? false
        return CustomBar(view: ViewHandle(view), isTranslucent: translucent, prefersLargeTitles: large)
    }

    private var gestureExtension: pb_screen_gesture_navigation_t? {
        `extension`(PB_EXT_GESTURE_NAVIGATION)?.assumingMemoryBound(to: pb_screen_gesture_navigation_t.self).pointee
    }

    /// Where a gesture may start (plugboard.ext.gesture-navigation): not drivable without the
    /// extension; the whole screen when `edge_insets` is NULL or answers false.
    package func gestureArea(_ operation: GestureOperation) -> GestureArea {
        guard gestureExtension != nil else { return .notDrivable }
        guard let insets = answeredGestureInsets(operation) else { return .wholeScreen }
        let values = [insets.leading, insets.trailing].map { $0.isFinite ? max(0, $0) : 0 }
        return .edges(leading: values[0], trailing: values[1])
    }

    /// What `edge_insets` filled for `operation`, as the plugin wrote it; nil when it answered
    /// none (or the screen has no such function). The harness judges the values.
    package func answeredGestureInsets(_ operation: GestureOperation) -> pb_edge_insets_t? {
        guard let screen, let edgeInsets = gestureExtension?.edge_insets else { return nil }
        var insets = pb_edge_insets_t(top: 0, leading: 0, bottom: 0, trailing: 0)
        let answered = call("edge_insets(\(operation))") { edgeInsets(screen, operation.cValue, &insets) }
        return answered ? insets : nil
    }

    /// The screen id a gesture goes to, or nil (the previous screen for a pop; no push).
    package func gestureTarget(_ operation: GestureOperation) -> String? {
        guard let bytes = answeredGestureTarget(operation) else { return nil }
        guard let id = String(validating: bytes, as: UTF8.self) else {
            host.log(.warning, "gesture target(\(operation)) is not UTF-8; ignored")
            return nil
        }
        return id
    }

    /// The bytes `target` returned for `operation`, or nil for NULL (or no such function).
    package func answeredGestureTarget(_ operation: GestureOperation) -> [UInt8]? {
        guard let screen, let target = gestureExtension?.target,
            let text = call("target(\(operation))", { target(screen, operation.cValue) })
        else { return nil }
        var bytes: [UInt8] = []
        var next = text
        while next.pointee != 0 {
            bytes.append(UInt8(bitPattern: next.pointee))
            next += 1
        }
        return bytes
    }

    /// The screen's own transition for `operation` (plugboard.ext.transition), or nil.
    package func transitionSpec(for operation: TransitionOperation) -> TransitionSpec? {
        guard let value = answeredTransition(for: operation) else { return nil }
        guard let spec = TransitionSpec(value) else {
            host.log(.warning, "transition_for(\(operation)): a value is out of range; the default is used")
            return nil
        }
        return spec
    }

    /// What `transition_for` filled for `operation`, unchecked (the harness judges it), or nil
    /// when the screen does not answer the extension or keeps the default.
    package func answeredTransition(for operation: TransitionOperation) -> pb_transition_t? {
        guard let screen, let operationValue = operation.cValue,
            let function = `extension`(PB_EXT_TRANSITION)?.assumingMemoryBound(to: pb_screen_transition_t.self).pointee
                .transition_for
        else { return nil }
        var value = TransitionSpec.defaults(for: operation).cValue
        return call("transition_for(\(operation))", { function(screen, operationValue, &value) }) ? value : nil
    }

    /// Disappears first when shown, then destroys.
    package override func destroy() {
        disappear()
        super.destroy()
    }
}
