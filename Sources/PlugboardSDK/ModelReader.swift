import PlugboardABI

/// Typed reads of the models the host handed this instance (`plugboard.host.model`): no JSON
/// parsing in the plugin. Paths are plugboard/model.h's: `styles.title_color`,
/// `nav_items[2].title`, `["odd.key"]`. Available from `setUp` on (not in the initializer,
/// where host calls are refused), on the main thread. Strings are copied out, so they outlive
/// the model they came from.
public struct ModelReader {
    /// Which model: the plugin's manifest, the screen's props, the bar's `nav_bar` model, the
    /// data source.
    public enum Model: Int32, Sendable {
        case plugin = 0, screen = 1, navigationBar = 2, dataSource = 3
    }

    /// What is at a path.
    public enum Kind: Int32, Sendable {
        case missing = 0, null, bool, number, string, array, object
    }

    let host: UnsafePointer<pb_host_t>
    let table: UnsafePointer<pb_host_model_t>

    /// What is at `path` in `model`: `.missing` when nothing is, or the instance has no such model
    /// (a bar's model for a screen).
    public func kind(_ model: Model, _ path: String) -> Kind {
        Kind(rawValue: table.pointee.kind(host, model.rawValue, path)) ?? .missing
    }

    /// True when something is at `path` in `model`, JSON `null` included.
    public func exists(_ model: Model, _ path: String) -> Bool { kind(model, path) != .missing }

    /// The string at `path`; nil when there is none or the value is not a string (a number is
    /// not converted).
    public func string(_ model: Model, _ path: String) -> String? {
        table.pointee.string(host, model.rawValue, path).map { String(cString: $0) }
    }

    /// The number at `path`; nil when there is none or the value is not a number.
    public func number(_ model: Model, _ path: String) -> Double? {
        var value = 0.0
        return table.pointee.number(host, model.rawValue, path, &value) ? value : nil
    }

    /// The boolean at `path`; nil when there is none or the value is not a boolean.
    public func bool(_ model: Model, _ path: String) -> Bool? {
        var value = false
        return table.pointee.boolean(host, model.rawValue, path, &value) ? value : nil
    }

    /// Elements of an array, members of an object; 0 otherwise.
    public func count(_ model: Model, _ path: String) -> Int { Int(table.pointee.count(host, model.rawValue, path)) }

    /// The keys of the object at `path`, in document order.
    public func keys(_ model: Model, _ path: String) -> [String] {
        (0..<UInt32(count(model, path))).compactMap { index in
            table.pointee.key(host, model.rawValue, path, index).map { String(cString: $0) }
        }
    }

    /// A UI Builder colour at `path` (`#AARRGGBB`, `#RRGGBB`, `rgba(…)`), as 0xAARRGGBB.
    public func color(_ model: Model, _ path: String) -> UInt32? { ScreenModel.color(string(model, path)) }
}

extension PluginHost {
    /// The model reader, or nil from a host before ABI 1.2.
    public var model: ModelReader? {
        `extension`(PB_HOST_EXT_MODEL, as: pb_host_model_t.self).map { ModelReader(host: raw, table: $0) }
    }
}
