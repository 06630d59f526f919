import PlugboardConfig
import PlugboardLoader

/// `plugin_call` items (a Plugboard addition): call `data.plugin`'s dynamic export
/// `data.export` with `data.args` (a JSON array, default []) and record the result or the error.
enum PluginCallButton: NavItemBehaviour {
    static let types: [NavItemType] = [.pluginCall]

    static func perform(_ item: NavItem, _ context: NavItemContext) -> Bool {
        let app = context.app
        let data = item.node["data"]
        guard let plugin = data?["plugin"]?.node.stringValue, let export = data?["export"]?.node.stringValue else {
            app.record(AppEvent("error", item.id, detail: "a plugin_call item needs data.plugin and data.export"))
            return false
        }
        let arguments = data?["args"]?.node.serialized() ?? "[]"
        do throws(CallError) {
            let result = try app.plugins.exports.call(plugin: plugin, name: export, arguments: arguments)
            app.record(
                AppEvent("plugin_call", item.id, detail: "\(plugin).\(export)(\(arguments)) = \(result.serialized())"))
            return true
        } catch {
            app.record(AppEvent("error", item.id, detail: error.description))
            return false
        }
    }
}
