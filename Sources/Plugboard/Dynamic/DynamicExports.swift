import CFFI
import Foundation

/// The dynamic exports of an app's plugins, prepared at load, called with JSON arguments:
/// the counterpart of the original React Native bridge. The typed vtables stay the fast path;
/// this serves functions whose signatures are only known from the manifest at run time.
public final class DynamicExports {
    private var exports: [String: [String: PreparedExport]] = [:]
    private let handles = HandleTable()

    public init() {}

    /// Prepares every export a plugin's manifest declares. A missing symbol is an error.
    public func prepare(plugin: String, keys: PlugboardKeys, library: PluginLibrary) throws(PluginLoadError) {
        var prepared: [String: PreparedExport] = [:]
        for export in keys.exports {
            prepared[export.name] = try PreparedExport(plugin: plugin, export: export, library: library)
        }
        if !prepared.isEmpty { exports[plugin] = prepared }
    }

    /// Plugin ids with exports, and their export names with signatures.
    public var catalog: [(plugin: String, exports: [(name: String, signature: Signature)])] {
        exports.keys.sorted().map { plugin in
            (plugin, exports[plugin]!.values.sorted { $0.name < $1.name }.map { ($0.name, $0.signature) })
        }
    }

    public func export(plugin: String, name: String) throws(CallError) -> PreparedExport {
        guard let table = exports[plugin] else { throw .unknownPlugin(plugin, available: exports.keys.sorted()) }
        guard let export = table[name] else {
            throw .unknownExport(plugin: plugin, export: name, available: table.keys.sorted())
        }
        return export
    }

    /// Calls `plugin.name` with `arguments` (JSON text of an array) and returns the result.
    public func call(plugin: String, name: String, arguments: String) throws(CallError) -> JSONValue {
        let export = try export(plugin: plugin, name: name)
        let parsed: JSONNode
        do {
            parsed = try JSONParser.parse(arguments)
        } catch {
            throw .invalidArguments("\(error)")
        }
        guard let array = parsed.arrayValue else {
            throw .invalidArguments("found \(parsed.value.kindDescription)")
        }
        return try call(export, arguments: array.map(\.value))
    }

    /// The JSON → C → `ffi_call` → JSON path.
    public func call(_ export: PreparedExport, arguments: [JSONValue]) throws(CallError) -> JSONValue {
        let encoder = ArgumentEncoder(export: export, handles: handles)
        let values = try encoder.encode(arguments)
        let result = encoder.buffer(max(Int(export.resultType.pointee.size), MemoryLayout<ffi_arg>.size))
        PluginCallTracker.track(PluginCall("export \(export.name)", plugin: export.plugin)) {
            ffi_call(export.cif, unsafeBitCast(export.function, to: (@convention(c) () -> Void).self), result, values)
        }
        return try ResultDecoder.decode(result, as: export.signature.result, export: export, handles: handles)
    }
}
