import Foundation
import PlugboardABI
import PlugboardConfig
@_spi(Layers) import PlugboardCore

/// The C function tables of the host side of the ABI. One copy each for the process; every
/// function finds the calling instance through the `pb_host_t` it is handed.
enum HostTables {
    /// Makes every table now (each is made on its first use, once per process): a `plugboard
    /// check` fork server calls it before it forks, so that no test process makes them again.
    static func makeAll() {
        _ = (getExtension, log, views, navBar, customization, root, screen, invoke)
        _ = (navigation, routing, routesTable, model, screenBar)
    }

    static let getExtension: @convention(c) (UnsafePointer<pb_host_t>?, UnsafePointer<CChar>?) -> UnsafeRawPointer? = {
        host, id in
        guard let instance = InstanceHost.from(host, "get_extension"), let id else { return nil }
        // Compared as C strings: a screen asks for three as it is made, and making each id a
        // `String` to match it cost more than the rest of the call.
        func named(_ name: String) -> Bool { name.withCString { strcmp(id, $0) == 0 } }
        let kind = instance.kind
        if named(PB_HOST_EXT_MODEL) { return UnsafeRawPointer(model) }
        if kind == .screen {
            if named(PB_HOST_EXT_SCREEN) { return UnsafeRawPointer(screen) }
            if named(PB_HOST_EXT_SCREEN_BAR) {
                return instance.screenDelegate == nil ? nil : UnsafeRawPointer(screenBar)
            }
        }
        if kind == .navBar {
            if named(PB_HOST_EXT_NAV_BAR) { return UnsafeRawPointer(navBar) }
            if named(PB_HOST_EXT_NAV_BAR_CUSTOMIZATION) { return UnsafeRawPointer(customization) }
        }
        if kind == .root && named(PB_HOST_EXT_ROOT) { return UnsafeRawPointer(root) }
        if kind == .screen || kind == .root {
            if named(PB_HOST_EXT_NAVIGATION) {
                return instance.navigationDelegate == nil ? nil : UnsafeRawPointer(navigation)
            }
            if named(PB_HOST_EXT_ROUTING) { return instance.routingDelegate == nil ? nil : UnsafeRawPointer(routing) }
            if named(PB_HOST_EXT_ROUTES) { return instance.routesDelegate == nil ? nil : UnsafeRawPointer(routesTable) }
        }
        if named(PB_HOST_EXT_INVOKE) && instance.exports != nil { return UnsafeRawPointer(invoke) }
        return nil
    }

    static let log: @convention(c) (UnsafePointer<pb_host_t>?, pb_log_severity_t, UnsafePointer<CChar>?) -> Void = {
        host, severity, message in
        guard let instance = InstanceHost.from(host, "log"), let message else { return }
        let level: PluginLogRecord.Severity =
            switch Int(severity) {
            case Int(PB_LOG_DEBUG): .debug
            case Int(PB_LOG_INFO): .info
            case Int(PB_LOG_WARNING): .warning
            default: .error
            }
        // A log line is kept even when it is not UTF-8: shown with U+FFFD, and said so.
        let text = String(validatingCString: message) ?? (String(cString: message) + " [not UTF-8]")
        instance.log(level, text.escapingControlCharacters)  // printed on terminals: no escape sequences
    }

    /// A string argument of a view call, refused when it is not UTF-8.
    private static func utf8(_ text: UnsafePointer<CChar>?, _ argument: String) throws(ViewError) -> String? {
        guard let text else { return nil }
        guard let valid = String(validatingCString: text) else { throw .notUTF8(argument: argument) }
        return valid
    }

    nonisolated(unsafe) static let views: UnsafePointer<pb_view_api_t> = allocate(
        pb_view_api_t(
            create: { host, kind in
                guard let instance = InstanceHost.from(host, "create") else { return 0 }
                guard let kind = ViewKind(kind) else {
                    instance.refuse("create", because: "\(ViewError.unknownKind(kind))")
                    return 0
                }
                let tree = instance.views
                // Bounded: a screen needs far fewer views, and every view costs every tree walk.
                if tree.count(ownedBy: instance.owner) >= ViewTree.maximumViewsPerInstance {
                    instance.refuse(
                        "create",
                        because: "the instance has \(ViewTree.maximumViewsPerInstance) views, the most one may have")
                    return 0
                }
                if tree.count >= ViewTree.maximumViews {
                    instance.refuse(
                        "create", because: "the app has \(ViewTree.maximumViews) views, the most there may be")
                    return 0
                }
                return tree.create(kind, owner: instance.owner).rawValue
            },
            release: { host, view in
                InstanceHost.perform(host, "release") { try $1.release(ViewHandle(view), by: $0.owner) }
            },
            set_identifier: { host, view, identifier in
                InstanceHost.perform(host, "set_identifier") {
                    try $1.setIdentifier(ViewHandle(view), try utf8(identifier, "identifier"), by: $0.owner)
                }
            },
            set_text: { host, view, text in
                InstanceHost.perform(host, "set_text") {
                    if let length = try $1.setText(ViewHandle(view), try utf8(text, "text"), by: $0.owner) {
                        $0.log(.warning, "set_text: a text of \(length) bytes was cut to \(ViewTree.maximumTextLength)")
                    }
                }
            },
            set_text_color: { host, view, color in
                InstanceHost.perform(host, "set_text_color") {
                    try $1.setTextColor(ViewHandle(view), ARGBColor(color), by: $0.owner)
                }
            },
            set_background_color: { host, view, color in
                InstanceHost.perform(host, "set_background_color") {
                    try $1.setBackgroundColor(ViewHandle(view), ARGBColor(color), by: $0.owner)
                }
            },
            set_image_url: { host, view, url in
                InstanceHost.perform(host, "set_image_url") {
                    try $1.setImageURL(ViewHandle(view), try utf8(url, "image URL"), by: $0.owner)
                }
            },
            set_font: { host, view, family, size in
                InstanceHost.perform(host, "set_font") {
                    try $1.setFont(
                        ViewHandle(view), family: try utf8(family, "font family"), size: size, by: $0.owner)
                }
            },
            set_alignment: { host, view, alignment in
                InstanceHost.perform(host, "set_alignment") {
                    guard let value = ViewAlignment(alignment) else { throw ViewError.unknownAlignment(alignment) }
                    try $1.setAlignment(ViewHandle(view), value, by: $0.owner)
                }
            },
            set_hidden: { host, view, hidden in
                InstanceHost.perform(host, "set_hidden") {
                    try $1.setHidden(ViewHandle(view), hidden, by: $0.owner)
                }
            },
            set_enabled: { host, view, enabled in
                InstanceHost.perform(host, "set_enabled") {
                    try $1.setEnabled(ViewHandle(view), enabled, by: $0.owner)
                }
            },
            set_frame: { host, view, frame in
                InstanceHost.perform(host, "set_frame") {
                    try $1.setFrame(ViewHandle(view), Rect(frame), by: $0.owner)
                }
            },
            get_frame: { host, view, out in
                InstanceHost.perform(host, "get_frame") {
                    let frame = try $1.frame(of: ViewHandle(view), by: $0.owner)
                    out?.pointee = frame.cValue
                }
            },
            add_child: { host, parent, child in
                InstanceHost.perform(host, "add_child") {
                    try $1.addChild(ViewHandle(child), to: ViewHandle(parent), by: $0.owner)
                }
            },
            remove_child: { host, parent, child in
                InstanceHost.perform(host, "remove_child") {
                    try $1.removeChild(ViewHandle(child), from: ViewHandle(parent), by: $0.owner)
                }
            },
            set_tap_action: { host, view, action, context in
                InstanceHost.perform(host, "set_tap_action") {
                    try $1.setTapAction(
                        ViewHandle(view),
                        action.map { [id = $0.pluginID] in .plugin($0, context: context, pluginID: id) }, by: $0.owner)
                }
            }
        ))

    nonisolated(unsafe) static let navBar: UnsafePointer<pb_host_nav_bar_t> = allocate(
        pb_host_nav_bar_t(
            button_pressed: { host, button, navItemID in
                guard let instance = InstanceHost.from(host, "button_pressed") else { return }
                guard let kind = BarButton(button) else {
                    instance.refuse("button_pressed", because: "unknown button \(button)")
                    return
                }
                instance.navigationBarDelegate?.navigationBar(
                    instance, pressed: kind, navItemID: navItemID.flatMap { instance.utf8($0, "button_pressed") })
            },
            make_navigation_button: { host, navItemID in
                guard let instance = InstanceHost.from(host, "make_navigation_button"), let navItemID,
                    let id = instance.utf8(navItemID, "make_navigation_button")
                else { return 0 }
                return instance.navigationBarDelegate?.navigationBar(instance, makeButtonFor: id)?.rawValue ?? 0
            },
            is_special_button_used_by_root: { host in
                InstanceHost.from(host, "is_special_button_used_by_root")?.navigationBarDelegate?
                    .isSpecialButtonUsedByRoot() ?? false
            }
        ))

    nonisolated(unsafe) static let customization: UnsafePointer<pb_host_nav_bar_customization_t> = allocate(
        pb_host_nav_bar_customization_t(
            background: { host in
                guard let instance = InstanceHost.from(host, "background") else {
                    return pb_background_t(kind: pb_background_kind_t(PB_BACKGROUND_NONE), color: 0, image_url: nil)
                }
                switch instance.appearance.background {
                case .none:
                    return pb_background_t(kind: pb_background_kind_t(PB_BACKGROUND_NONE), color: 0, image_url: nil)
                case .color(let color):
                    return pb_background_t(
                        kind: pb_background_kind_t(PB_BACKGROUND_COLOR), color: color.rawValue, image_url: nil)
                case .image:
                    return pb_background_t(
                        kind: pb_background_kind_t(PB_BACKGROUND_IMAGE), color: 0,
                        image_url: UnsafePointer(instance.appearanceStrings.backgroundImage))
                }
            },
            title_font: { host in
                guard let instance = InstanceHost.from(host, "title_font") else {
                    return pb_font_t(family: nil, size: 17)
                }
                return pb_font_t(
                    family: UnsafePointer(instance.appearanceStrings.fontFamily),
                    size: instance.appearance.titleFontSize)
            },
            title_color: { host in InstanceHost.from(host, "title_color")?.appearance.titleColor.rawValue ?? 0xFF00_0000
            },
            logo_url: { host in UnsafePointer(InstanceHost.from(host, "logo_url")?.appearanceStrings.logo) },
            placement: { host in (InstanceHost.from(host, "placement")?.appearance.placement ?? .onTop).cValue },
            presentation_style: { host in
                (InstanceHost.from(host, "presentation_style")?.appearance.presentationStyle ?? .title).cValue
            },
            style: { host in UnsafePointer(InstanceHost.from(host, "style")?.appearanceStrings.style ?? defaultStyle) },
            context_button_image_url: { host, button in
                guard let instance = InstanceHost.from(host, "context_button_image_url"),
                    let button = ContextButton(button)
                else { return nil }
                return UnsafePointer(instance.appearanceStrings.contextButtons[button])
            },
            is_tablet: { host in InstanceHost.from(host, "is_tablet")?.appearance.isTablet ?? false },
            is_translucent: { host in InstanceHost.from(host, "is_translucent")?.appearance.isTranslucent ?? false },
            prefers_large_title: { host in
                InstanceHost.from(host, "prefers_large_title")?.appearance.prefersLargeTitle ?? false
            }
        ))

    nonisolated(unsafe) static let root: UnsafePointer<pb_host_root_t> = allocate(
        pb_host_root_t(
            screen_container: { host in
                guard let instance = InstanceHost.from(host, "screen_container") else { return 0 }
                guard let container = instance.rootDelegate?.screenContainer(for: instance) else { return 0 }
                instance.views.grant(container, to: instance.owner)
                return container.rawValue
            },
            open_item: { host, navItemID in
                guard let instance = InstanceHost.from(host, "open_item"), let navItemID,
                    let id = instance.utf8(navItemID, "open_item")
                else { return false }
                return instance.rootDelegate?.root(instance, openItem: id) ?? false
            }
        ))

    nonisolated(unsafe) static let screen: UnsafePointer<pb_host_screen_t> = allocate(
        pb_host_screen_t(close: { host in
            guard let instance = InstanceHost.from(host, "close") else { return false }
            return instance.screenDelegate?.close(instance) ?? false
        }))

    nonisolated(unsafe) static let invoke: UnsafePointer<pb_host_invoke_t> = allocate(
        pb_host_invoke_t(invoke: { host, plugin, export, arguments in
            guard let instance = InstanceHost.from(host, "invoke"), let exports = instance.exports else { return nil }
            let text: String
            do throws(CallError) {
                text = try exports.call(
                    plugin: plugin.map { String(cString: $0) } ?? "", name: export.map { String(cString: $0) } ?? "",
                    arguments: arguments.map { String(cString: $0) } ?? "null"
                ).serialized()
            } catch {
                text = JSONValue.object(JSONObject([("error", .string(error.description))])).serialized()
            }
            free(instance.lastInvokeResult)
            instance.lastInvokeResult = strdup(text)
            return UnsafePointer(instance.lastInvokeResult)
        }))

    nonisolated(unsafe) static let navigation: UnsafePointer<pb_host_navigation_t> = allocate(
        pb_host_navigation_t(
            open_screen: { host, screenID, dataSourceJSON, mode in
                guard let instance = InstanceHost.from(host, "open_screen"), let screenID,
                    let id = instance.utf8(screenID, "open_screen")
                else { return false }
                let presentation: ScreenPresentation?
                switch Int(mode) {
                case Int(PB_OPEN_DEFAULT): presentation = nil
                case Int(PB_OPEN_PUSH): presentation = .push
                case Int(PB_OPEN_PRESENT): presentation = .present
                default:
                    instance.refuse("open_screen", because: "unknown mode \(mode)")
                    return false
                }
                var dataSource: JSONValue?
                if let dataSourceJSON {
                    guard let text = instance.utf8(dataSourceJSON, "open_screen") else { return false }
                    guard let parsed = try? JSONParser.parse(text),
                        parsed.value.objectValue != nil
                    else {
                        instance.refuse("open_screen", because: "the data source of '\(id)' is not a JSON object")
                        return false
                    }
                    dataSource = parsed.value
                }
                guard let delegate = instance.navigationDelegate, delegate.screenExists(id) else {
                    instance.refuse("open_screen", because: "no screen '\(id)' in rivers.json")
                    return false
                }
                return delegate.navigation(instance, open: id, dataSource: dataSource, mode: presentation)
            },
            screen_exists: { host, screenID in
                guard let instance = InstanceHost.from(host, "screen_exists"), let screenID else { return false }
                guard let id = instance.utf8(screenID, "screen_exists") else { return false }
                return instance.navigationDelegate?.screenExists(id) ?? false
            }
        ))

    /// `plugboard.host.routing`: URLs and composed transitions, with a completion.
    nonisolated(unsafe) static let routing: UnsafePointer<pb_host_routing_t> = allocate(
        pb_host_routing_t(
            open_url: { host, url, animated, completion, context in
                guard let instance = InstanceHost.from(host, "open_url"), let url,
                    let text = instance.utf8(url, "open_url")
                else { return false }
                return RoutingCall(instance, "open_url", completion, context).run(
                    [PluginRouteStep(.openURL(text), animated: animated)], enqueue: false, object: nil)
            },
            run_transition: { host, steps, count, when, objectJSON, completion, context in
                guard let instance = InstanceHost.from(host, "run_transition") else { return false }
                let call = RoutingCall(instance, "run_transition", completion, context)
                guard let steps, count > 0, count <= RoutingCall.maximumSteps else {
                    return call.refuse("between 1 and \(RoutingCall.maximumSteps) steps, not \(count)")
                }
                guard when == pb_route_when_t(PB_ROUTE_START) || when == pb_route_when_t(PB_ROUTE_ENQUEUE) else {
                    return call.refuse("unknown when \(when)")
                }
                var read: [PluginRouteStep] = []
                for index in 0..<count {
                    guard let step = call.step(steps[index], index) else { return false }
                    read.append(step)
                }
                var object: JSONValue?
                if let objectJSON {
                    guard let text = instance.utf8(objectJSON, "run_transition") else { return false }
                    guard let parsed = try? JSONParser.parse(text), parsed.value.objectValue != nil else {
                        return call.refuse("object_json is not a JSON object")
                    }
                    object = parsed.value
                }
                return call.run(read, enqueue: when == pb_route_when_t(PB_ROUTE_ENQUEUE), object: object)
            }
        ))

    /// `plugboard.host.routes`: the app's routes, listed and changed (`RoutesCall`).
    nonisolated(unsafe) static let routesTable: UnsafePointer<pb_host_routes_t> = allocate(
        pb_host_routes_t(
            update_routes: { host, routes, count in
                guard let instance = InstanceHost.from(host, "update_routes") else { return false }
                return RoutesCall(instance: instance).update(routes, count)
            },
            list_routes: { host, visit, context in
                guard let instance = InstanceHost.from(host, "list_routes") else { return 0 }
                return RoutesCall(instance: instance).list(visit, context)
            }
        ))

    /// `plugboard.host.model`: typed reads of the instance's models by path.
    nonisolated(unsafe) static let model: UnsafePointer<pb_host_model_t> = allocate(
        pb_host_model_t(
            kind: { host, model, path in
                guard let value = modelQuery(host, "model.kind", model, path)?.value else {
                    return pb_value_kind_t(PB_VALUE_MISSING)
                }
                // Asked of the node, so an object or array is not decoded to say what it is.
                return if value.isObject {
                    pb_value_kind_t(PB_VALUE_OBJECT)
                } else if value.isArray {
                    pb_value_kind_t(PB_VALUE_ARRAY)
                } else if value.isNull {
                    pb_value_kind_t(PB_VALUE_NULL)
                } else if value.boolValue != nil {
                    pb_value_kind_t(PB_VALUE_BOOL)
                } else if value.numberValue != nil {
                    pb_value_kind_t(PB_VALUE_NUMBER)
                } else {
                    pb_value_kind_t(PB_VALUE_STRING)
                }
            },
            string: { host, model, path in
                guard let query = modelQuery(host, "model.string", model, path), let text = query.value.stringValue
                else { return nil }
                return query.instance.models.cString(query.kind, of: query.value, text)
            },
            number: { host, model, path, value in
                guard let number = modelQuery(host, "model.number", model, path)?.value.numberValue?.double,
                    let value
                else { return false }
                value.pointee = number
                return true
            },
            boolean: { host, model, path, value in
                guard let bool = modelQuery(host, "model.boolean", model, path)?.value.boolValue, let value else {
                    return false
                }
                value.pointee = bool
                return true
            },
            count: { host, model, path in
                guard let value = modelQuery(host, "model.count", model, path)?.value else { return 0 }
                return UInt32(clamping: value.arrayValue?.count ?? value.members?.count ?? 0)
            },
            key: { host, model, path, index in
                guard let query = modelQuery(host, "model.key", model, path),
                    let members = query.value.members, Int(index) < members.count
                else { return nil }
                return query.instance.models.cString(
                    query.kind, of: query.value, key: Int(index), members[Int(index)].key)
            }
        ))

    /// What a model query names: the instance, model and value; nil (missing) for refused
    /// calls, unknown models, paths that are NULL or not UTF-8, and paths that lead nowhere. A
    /// path that is not one of the grammar is refused (logged): it could never read anything.
    private static func modelQuery(
        _ host: UnsafePointer<pb_host_t>?, _ call: String, _ model: pb_model_t, _ path: UnsafePointer<CChar>?
    ) -> (instance: InstanceHost, kind: InstanceModels.Kind, value: JSONNode)? {
        guard let instance = InstanceHost.from(host, call), let kind = InstanceModels.Kind(rawValue: model), let path
        else { return nil }
        // An all-ASCII path (the usual kind) is read in place; any other is made a string first.
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self), count: strlen(path))
        let found: InstanceModels.Lookup
        if bytes.allSatisfy({ $0 < 0x80 }) {
            found = instance.models.lookup(kind, asciiPath: bytes)
        } else {
            guard let text = String(validatingCString: path) else { return nil }
            found = instance.models.lookup(kind, at: text)
        }
        switch found {
        case .value(let value): return (instance, kind, value)
        case .missing: return nil
        case .malformed:
            instance.refuse(
                call,
                because: "\(String(cString: path).debugDescription) is no model path (keys joined by dots, "
                    + "indexes in brackets: nav_items[0].title)")
            return nil
        }
    }

    /// `plugboard.host.screen-bar`: each setter changes the calling screen's values.
    nonisolated(unsafe) static let screenBar: UnsafePointer<pb_host_screen_bar_t> = allocate(
        pb_host_screen_bar_t(
            set_title: { host, title in
                guard let text = optionalText(host, "set_title", title) else { return }
                change(host, "set_title") { $0.title = text }
            },
            set_hidden: { host, hidden in change(host, "set_hidden") { $0.isHidden = hidden } },
            set_translucent: { host, translucent in change(host, "set_translucent") { $0.isTranslucent = translucent }
            },
            set_prefers_large_title: { host, prefers in
                change(host, "set_prefers_large_title") { $0.prefersLargeTitle = prefers }
            },
            set_background_color: { host, color in
                change(host, "set_background_color") { $0.background = .color(ARGBColor(color)) }
            },
            set_background_image: { host, url in
                guard let text = optionalText(host, "set_background_image", url) else { return }
                change(host, "set_background_image") { $0.background = text.map { .image($0) } }
            },
            set_title_color: { host, color in change(host, "set_title_color") { $0.titleColor = ARGBColor(color) } },
            reset: { host in change(host, "reset") { $0 = ScreenBarValues() } }
        ))

    /// A C string argument that may be NULL: `.some(nil)` for NULL, the text (cut to the view
    /// text bound) when it is UTF-8, nil (refused and logged) when it is not.
    private static func optionalText(
        _ host: UnsafePointer<pb_host_t>?, _ call: String, _ text: UnsafePointer<CChar>?
    ) -> String?? {
        guard let text else { return .some(nil) }
        guard let valid = String(validatingCString: text) else {
            InstanceHost.from(host, call)?.refuse(call, because: "the text is not UTF-8")
            return nil
        }
        return .some(ViewTree.cut(valid))
    }

    private static func change(
        _ host: UnsafePointer<pb_host_t>?, _ call: String, _ body: (inout ScreenBarValues) -> Void
    ) {
        guard let instance = InstanceHost.from(host, call) else { return }
        let before = instance.screenBar
        body(&instance.screenBar)
        guard instance.screenBar != before else { return }
        instance.screenBarRevision &+= 1
        instance.screenDelegate?.screenBarChanged(instance)
    }

    nonisolated(unsafe) private static let defaultStyle = strdup("left")!

    private static func allocate<T>(_ value: T) -> UnsafePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        pointer.initialize(to: value)
        return UnsafePointer(pointer)
    }
}
