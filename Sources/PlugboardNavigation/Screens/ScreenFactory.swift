import Foundation
import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// Makes the controller for a screen: a screen plugin instance when a loaded plugin serves the
/// screen's type, the host's own screen for built-in types, and a visible error screen (with the
/// reason logged) when a plugin screen cannot be created. Never throws: a screen always shows.
final class ScreenFactory {
    let configuration: AppConfiguration
    let plugins: AppPlugins
    let environment: PlugboardHost
    let record: (AppEvent) -> Void
    /// Answers screens that ask to be closed.
    weak var screenDelegate: (any ScreenHostDelegate)?
    /// Answers screens that open screens (`plugboard.host.navigation`).
    weak var navigationDelegate: (any NavigationHostDelegate)?
    /// Opens the `target` screen of a tapped content cell with the cell's data source (the
    /// navigation engine, as a cell request).
    var openFromCell: ((_ target: String, _ dataSource: JSONValue) -> Void)?
    /// The folder local feed sources are relative to: the folder of rivers.json.
    var feedBase: URL?

    init(
        configuration: AppConfiguration, plugins: AppPlugins, environment: PlugboardHost,
        record: @escaping (AppEvent) -> Void
    ) {
        self.configuration = configuration
        self.plugins = plugins
        self.environment = environment
        self.record = record
        feedBase = URL(fileURLWithPath: configuration.rivers.file).deletingLastPathComponent()
    }

    /// The JSON texts a screen plugin is created with.
    struct ModelTexts {
        var screen: String
        var dataSource: String?

        init(screenModel: JSONValue, dataSource: JSONValue?) {
            screen = ScreenProps.json(screenModel: screenModel, dataSource: dataSource)
            self.dataSource = dataSource?.serialized()
        }
    }

    /// The configuration never changes after load, so the texts of a rivers.json screen opened
    /// with its own data source, and what the factory needs to know of each screen type, are
    /// found once, not at every creation.
    private var screenTexts: [String: ModelTexts] = [:]
    private var types: [String: ScreenType] = [:]

    /// What the factory knows of a screen type.
    private struct ScreenType {
        var server: Server
        /// The host's own screen of this name, if it is one.
        var builtIn: BuiltInScreenType?
        /// Built-in Settings or EPG, or a plugin whose manifest says `white_label`.
        var isWhiteLabel: Bool
    }

    /// What serves a screen type: a screen plugin with its model's text, a plugin that failed to
    /// load, or neither (the host's own screens).
    private enum Server {
        case plugin(LoadedPlugin, pluginJSON: String)
        case failed(String)
        case host
    }

    private func screenType(_ name: String) -> ScreenType {
        if let known = types[name] { return known }
        let server: Server
        if let failure = plugins.failures[name] {
            server = .failed(failure.description)
        } else if let plugin = plugins.plugin(name), plugin.descriptor.kind == .screen {
            server = .plugin(plugin, pluginJSON: plugin.entry.pluginModelJSON)
        } else {
            server = .host
        }
        let builtIn = BuiltInScreenType(rawValue: name)
        let type = ScreenType(
            server: server, builtIn: builtIn,
            isWhiteLabel: builtIn?.isWhiteLabel == true
                || configuration.plugins.entry(name)?.manifest.plugboard?.whiteLabel == true)
        types[name] = type
        return type
    }

    /// The stack entry for a rivers.json screen opened with `dataSource` (the screen's own when
    /// nil), under `key`.
    func entry(_ screen: Screen, dataSource: JSONValue?, key: ScreenCache.Key) -> ScreenEntry {
        let type = screenType(screen.type)
        return ScreenEntry(
            controller: make(screen, type, dataSource: dataSource), screen: screen, isWhiteLabel: type.isWhiteLabel,
            key: key)
    }

    /// The controller for a rivers.json screen. `dataSource`, when given (the data of the cell
    /// or nav item that opens the screen), replaces the screen's own.
    func make(_ screen: Screen, dataSource given: JSONValue? = nil) -> any ScreenController {
        make(screen, screenType(screen.type), dataSource: given)
    }

    private func make(_ screen: Screen, _ type: ScreenType, dataSource given: JSONValue?) -> any ScreenController {
        let title = screen.name ?? screen.id
        // The screen's own data source merges its manifest's defaults: only made when used.
        let ownDataSource = { ScreenProps.dataSource(of: screen.dataObject.merged) }
        let texts = { [self] () -> ModelTexts in
            guard given == nil else { return ModelTexts(screenModel: screen.model, dataSource: given) }
            if let made = screenTexts[screen.id] { return made }
            let made = ModelTexts(screenModel: screen.model, dataSource: ownDataSource())
            screenTexts[screen.id] = made
            return made
        }
        if let made = makePlugin(type: screen.type, type.server, id: screen.id, title: title, texts: texts) {
            return made
        }
        let dataSource = given ?? ownDataSource()
        let kind: BuiltInScreen.Kind
        switch type.builtIn {
        case .web: kind = .web(url: dataSource?.objectValue?["source"]?.stringValue ?? "about:blank")
        case .settings: kind = .whiteLabel("Settings")
        case .epg: kind = .whiteLabel("EPG")
        case .generalContent, nil: return makeContent(screen, title: title, dataSource: dataSource)
        }
        return BuiltInScreen(
            screenID: screen.id, screenType: screen.type, title: title, kind: kind,
            background: screen.styles.backgroundColor, environment: environment)
    }

    /// The generic content screen; a local feed that cannot be read is logged as an error.
    private func makeContent(_ screen: Screen, title: String, dataSource: JSONValue?) -> ContentScreen {
        let content = ContentScreen(
            screenID: screen.id, screenType: screen.type, title: title,
            components: screen.node["ui_components"]?.elements?.map(\.node.value) ?? [], dataSource: dataSource,
            feedBase: feedBase, background: screen.styles.backgroundColor, environment: environment,
            open: { [weak self] in self?.openFromCell?($0, $1) })
        for problem in content.problems {
            record(AppEvent("error", screen.id, detail: problem))
            environment.logger.error("screen \(screen.id): \(problem)")
        }
        return content
    }

    /// The screen a component nav item opens (live drawer, crossmates, feed): the plugin whose
    /// identifier is the item type when there is one, else the host's component screen; with
    /// `dataSource`, the one the request resolved (a crossmates item adds what is watched).
    func makeComponent(_ item: NavItem, dataSource: JSONValue?) -> any ScreenController {
        let id = "\(item.typeName):\(item.id)"
        let title = item.title ?? item.typeName
        let (model, dataSource) = ScreenProps.componentModels(item, dataSource: dataSource)
        if let made = makePlugin(
            type: item.typeName, screenType(item.typeName).server, id: id, title: title,
            texts: { ModelTexts(screenModel: model, dataSource: dataSource) })
        {
            return made
        }
        return BuiltInScreen(
            screenID: id, screenType: item.typeName, title: title,
            kind: .component(item.typeName, dataSource: item.data.source), background: nil, environment: environment)
    }

    /// The web screen for a URL button: the `web` plugin when the app has one, else the host's.
    func makeWeb(url: String, title: String, itemID: String) -> any ScreenController {
        let id = "web:\(itemID)"
        let (model, data) = ScreenProps.webModels(url: url, title: title, itemID: itemID)
        if let made = makePlugin(
            type: "web", screenType("web").server, id: id, title: title,
            texts: { ModelTexts(screenModel: model, dataSource: data) })
        {
            return made
        }
        return BuiltInScreen(
            screenID: id, screenType: "web", title: title, kind: .web(url: url), background: nil,
            environment: environment)
    }

    /// A white-label screen (Settings, EPG) opened by its nav item when rivers.json lists none.
    func makeWhiteLabel(_ type: BuiltInScreenType, itemID: String) -> any ScreenController {
        let title = type == .epg ? "EPG" : "Settings"
        return BuiltInScreen(
            screenID: "\(type.rawValue):\(itemID)", screenType: type.rawValue, title: title, kind: .whiteLabel(title),
            background: nil, environment: environment)
    }

    private func makePlugin(
        type: String, _ server: Server, id: String, title: String, texts: () -> ModelTexts
    ) -> (any ScreenController)? {
        let (plugin, pluginJSON): (LoadedPlugin, String)
        switch server {
        case .failed(let failure): return error(id: id, type: type, title: title, failure)
        case .host: return nil
        case .plugin(let loaded, let json): (plugin, pluginJSON) = (loaded, json)
        }
        let texts = texts()
        do throws(PluginLoadError) {
            let instance = try ScreenInstance(
                library: plugin.library, pluginID: plugin.descriptor.id, environment: environment,
                pluginJSON: pluginJSON, screenJSON: texts.screen, dataSourceJSON: texts.dataSource,
                delegate: screenDelegate, navigation: navigationDelegate)
            return PluginScreenController(screenID: id, screenType: type, title: title, instance: instance)
        } catch {
            return self.error(id: id, type: type, title: title, error.description)
        }
    }

    private func error(id: String, type: String, title: String, _ message: String) -> any ScreenController {
        record(AppEvent("error", id, detail: message))
        environment.logger.error("screen \(id): \(message)")
        return BuiltInScreen(
            screenID: id, screenType: type, title: title, kind: .error(message), background: nil,
            environment: environment)
    }
}
