import Foundation
import PlugboardABI
import PlugboardCore

/// A Swift copy of a `pb_plugin_descriptor_t`, taken once at load.
package struct PluginDescriptor: Sendable, Hashable, Codable {
    package var id: String
    package var name: String
    package var vendor: String?
    package var version: String
    package var description: String?
    package var kind: PluginKind
    /// The plugin may serve a rivers.json screen (`PB_PLUGIN_FLAG_SCREEN`, manifest `screen: true`).
    package var isScreen: Bool
    package var abiVersion: ABIVersion

    /// Reads and checks a C descriptor found in `factory` of a library at `path`.
    init(
        _ pointer: UnsafePointer<pb_plugin_descriptor_t>?, expectedKind: PluginKind, path: String, index: Int
    ) throws(PluginLoadError) {
        func invalid(_ reason: String) -> PluginLoadError {
            .invalidDescriptor(path: path, factory: expectedKind.factoryID, index: index, reason: reason)
        }
        guard let c = pointer?.pointee else { throw invalid("get_descriptor returned NULL") }
        let version = ABIVersion(c.abi_version)
        guard version.isCompatibleWithHost else {
            throw invalid("ABI \(version) is incompatible with host ABI \(ABIVersion.host)")
        }
        /// A descriptor string as UTF-8 text (at most 64 KiB read); invalid UTF-8 is refused.
        func text(_ pointer: UnsafePointer<CChar>?, _ field: String, of id: String?) throws(PluginLoadError) -> String?
        {
            guard let pointer else { return nil }
            let bytes = UnsafeRawBufferPointer(start: pointer, count: strnlen(pointer, 1 << 16))
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw invalid("\(id.map { "'\($0)': " } ?? "")\(field) is not valid UTF-8")
            }
            return text
        }
        guard let id = try text(c.id, "id", of: nil), !id.isEmpty else { throw invalid("id is NULL or empty") }
        guard let name = try text(c.name, "name", of: id) else { throw invalid("'\(id)': name is NULL") }
        guard let pluginVersion = try text(c.version, "version", of: id) else {
            throw invalid("'\(id)': version is NULL")
        }
        guard let kind = PluginKind(c.kind), kind == expectedKind else {
            throw invalid("'\(id)': kind \(c.kind) does not match the factory (\(expectedKind))")
        }
        self.id = id
        self.name = name
        self.vendor = try text(c.vendor, "vendor", of: id)
        self.version = pluginVersion
        self.description = try text(c.description, "description", of: id)
        self.kind = kind
        self.isScreen = c.flags & UInt64(PB_PLUGIN_FLAG_SCREEN) != 0
        self.abiVersion = version
    }
}
