import PlugboardConfig
import PlugboardCore

/// The state URL (seed 004): every app state as a Navigator URL. The root stack is the URL's
/// components (`app://home/shows/show-details::…`); each presented screen and the open side menu
/// are visible parameters (`?contact=v&menu=v`). A screen's data source is its component's data:
/// `{"data": "2"}` is written `::2`, any other object as its JSON text.
extension PlugboardApp {
    /// The app's state now as a URL (`app://home/shows?contact=v`, in settings.json's `scheme`):
    /// opening its text with `open(urlText:)` from the start reaches this state. `state.url` is
    /// the same text.
    public var stateURL: RouteURL {
        let components = rootContainer.stack.map { entry in
            RouteURL.Component(entry.key.screenID, data: Self.routeData(of: entry.key.dataSource))
        }
        var parameters = presented.compactMap { container in
            container.stack.first.map { entry in
                // A drawer an animation route opened is written as that route.
                let drawer = container.kind == .drawer ? routes.drawerRoute(forScreen: entry.key.screenID) : nil
                return RouteURL.Parameter(drawer?.key ?? entry.key.screenID, .visible)
            }
        }
        if isMenuOpen { parameters.append(RouteURL.Parameter(AppRoutes.menu, .visible)) }
        return RouteURL(scheme: settings.scheme, components: components, parameters: parameters)
    }

    /// A component's data for a data source (canonical JSON text, empty for none).
    static func routeData(of dataSource: String) -> String? {
        guard !dataSource.isEmpty else { return nil }
        if let object = (try? JSONParser.parse(dataSource))?.value.objectValue, object.count == 1,
            let data = object["data"]?.stringValue
        {
            return data
        }
        return dataSource
    }

    /// The data source a component's data stands for: a JSON object written as such, any other
    /// string as `{"data": …}`.
    static func dataSource(ofRouteData data: String?) -> JSONValue? {
        guard let data else { return nil }
        if let parsed = try? JSONParser.parse(data), parsed.value.objectValue != nil { return parsed.value }
        return .object(JSONObject([("data", .string(data))]))
    }
}
