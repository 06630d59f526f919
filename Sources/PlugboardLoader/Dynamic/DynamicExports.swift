import CFFI
import Foundation
import PlugboardConfig
@_spi(Layers) import PlugboardCore

/// The dynamic exports of an app's plugins, prepared at load, called with JSON arguments:
/// the counterpart of the original React Native bridge. The typed vtables stay the fast path;
/// this serves functions whose signatures are only known from the manifest at run time.
package final class DynamicExports {
    private var exports: [String: [String: PreparedExport]] = [:]
    /// The same exports under one key: a call hashes its two names once, not a table per name.
    /// Made at the first call, not at load: a key type of the host's own costs a conformance
    /// search (docs/performance.md, round fourteen), which an app that never calls an export
    /// need not pay at start.
    private var byName: [Name: PreparedExport] = [:]
    private struct Name: Hashable {
        var plugin: String
        var export: String
    }
    private let handles = HandleTable()

    package init() {}

    /// Prepares every export a plugin's manifest declares. A missing symbol is an error.
    package func prepare(plugin: String, keys: PlugboardKeys, library: PluginLibrary) throws(PluginLoadError) {
        var prepared: [String: PreparedExport] = [:]
        for export in keys.exports {
            prepared[export.name] = try PreparedExport(plugin: plugin, export: export, library: library)
        }
        guard !prepared.isEmpty else { return }
        exports[plugin] = prepared
        byName = [:]
    }

    /// Plugin ids with exports, and their export names with signatures.
    package var catalog: [(plugin: String, exports: [(name: String, signature: Signature)])] {
        exports.keys.sorted().map { plugin in
            (plugin, exports[plugin]!.values.sorted { $0.name < $1.name }.map { ($0.name, $0.signature) })
        }
    }

    /// The export the last lookup found: callers tend to call one export repeatedly, and two
    /// string comparisons cost a fraction of hashing both names.
    private var lastFound: PreparedExport?

    package func export(plugin: String, name: String) throws(CallError) -> PreparedExport {
        if let lastFound, lastFound.name == name, lastFound.plugin == plugin { return lastFound }
        if byName.isEmpty {
            for (plugin, table) in exports {
                for (name, export) in table { byName[Name(plugin: plugin, export: name)] = export }
            }
        }
        if let export = byName[Name(plugin: plugin, export: name)] {
            lastFound = export
            return export
        }
        guard let table = exports[plugin] else { throw .unknownPlugin(plugin, available: exports.keys.sorted()) }
        guard let export = table[name] else {
            throw .unknownExport(plugin: plugin, export: name, available: table.keys.sorted())
        }
        return export
    }

    /// Calls `plugin.name` with `arguments` (JSON text of an array) and returns the result.
    package func call(plugin: String, name: String, arguments: String) throws(CallError) -> JSONValue {
        let export = try export(plugin: plugin, name: name)
        if export.takesOnlyScalars, let result = try callWithScalars(export, arguments) { return result }
        let parsed: JSONNode
        do {
            parsed = try JSONParser.parse(arguments)
        } catch {
            throw .invalidArguments("\(error)")
        }
        guard let array = parsed.arrayValue else {
            throw .invalidArguments("found \(parsed.value.kindDescription)")
        }
        return try perform(
            export, encode: { encoder throws(CallError) in try encoder.encode(array.lazy.map(\.value)) })!
    }

    /// The JSON → C → `ffi_call` → JSON path.
    package func call(_ export: PreparedExport, arguments: [JSONValue]) throws(CallError) -> JSONValue {
        try perform(export, encode: { encoder throws(CallError) in try encoder.encode(arguments) })!
    }

    /// The common call: integer and bool arguments read from the text straight into the
    /// export's own frame, with no closure, nothing allocated and no reference counted, which
    /// were most of what the general path's frame on the stack cost such a call. Nil when the
    /// general path must decide: the text is not plain literals, or the frame is in use by a
    /// call that re-entered this export through the host.
    private func callWithScalars(_ export: PreparedExport, _ arguments: String) throws(CallError) -> JSONValue? {
        guard let frame = export.borrowFrame() else { return nil }
        defer { export.returnFrame() }
        guard let values = ScalarArguments.encode(arguments, for: export, into: frame) else { return nil }
        return try invoke(export, frame: frame, values: values)
    }

    /// One call in a frame on the stack: `encode` fills the frame and returns the value
    /// pointers, or nil to call nothing.
    private func perform(
        _ export: PreparedExport,
        encode: (inout ArgumentEncoder) throws(CallError) -> UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) throws(CallError) -> JSONValue? {
        let outcome = withUnsafeTemporaryAllocation(byteCount: export.frameSize, alignment: 16) {
            buffer -> Result<JSONValue?, CallError> in
            let frame = buffer.baseAddress!
            frame.initializeMemory(as: UInt8.self, repeating: 0, count: export.frameSize)
            var encoder = ArgumentEncoder(export: export, handles: handles, frame: frame)
            defer { encoder.releaseStrings() }
            do throws(CallError) {
                guard let values = try encode(&encoder) else { return .success(nil) }
                return .success(try invoke(export, frame: frame, values: values))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// `ffi_call` on an encoded frame, and the result as JSON.
    private func invoke(
        _ export: PreparedExport, frame: UnsafeMutableRawPointer, values: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) throws(CallError) -> JSONValue {
        let result = frame + export.resultOffset
        let function = unsafeBitCast(export.function, to: (@convention(c) () -> Void).self)
        PluginCallTracker.track(PluginCall("export \(export.name)", plugin: export.plugin)) {
            ffi_call(export.cif, function, result, values)
        }
        return try ResultDecoder.decode(result, as: export.signature.result, export: export, handles: handles)
    }
}
