import PlugboardConfig
import PlugboardCore

/// The state URL (seed 004): every app state as a Navigator URL. The root stack is the URL's
/// components (`app://home/shows/show-details::harbour-lights`); each presented screen and the
/// open side menu are visible parameters (`?contact=v&menu=v`). A screen's data source is its
/// component's data (`RouteDataNames`): a feed entry's id, `{"data": "2"}` as `::2`, any other
/// object as its JSON text.
extension PlugboardApp {
    /// The app's state now as a URL (`app://home/shows?contact=v`, in settings.json's `scheme`):
    /// opening its text with `open(urlText:)` from the start reaches this state. `state.url` is
    /// the same text.
    public var stateURL: RouteURL {
        var previous: String?
        let components = rootContainer.stack.map { entry in
            defer { previous = entry.key.screenID }
            let id = entry.key.screenID
            return RouteURL.Component(
                routes.componentKey(forScreen: id) ?? id, data: routeData(of: entry, after: previous))
        }
        var parameters = presented.compactMap { container in
            container.stack.first.map { entry in
                // A drawer an animation route opened is written as that route.
                let id = entry.key.screenID
                let key = routes.parameterKey(forScreen: id, drawer: container.kind == .drawer)
                return RouteURL.Parameter(key ?? id, .visible)
            }
        }
        if isMenuOpen { parameters.append(RouteURL.Parameter(AppRoutes.menu, .visible)) }
        return RouteURL(scheme: settings.scheme, components: components, parameters: parameters)
    }

    /// The component data of `entry` opened after the screen `previous` (nil for no data
    /// source). Remembered on the entry, whose key never changes, so a state URL costs no
    /// lookups once written.
    package func routeData(of entry: ScreenEntry, after previous: String?) -> String? {
        guard !entry.key.dataSource.isEmpty else { return nil }
        if let memo = entry.routeData, memo.after == previous { return memo.data }
        let data = routeDataNames.data(for: entry.key.dataSource, after: previous)
        entry.routeData = (previous, data)
        return data
    }

    /// The data source a component's data stands for, pushed after the screen `previous`.
    package func dataSource(ofRouteData data: String?, after previous: String?) -> JSONValue? {
        data.map { routeDataNames.dataSource(of: $0, after: previous) }
    }
}
