/// The JSON path of a `ConfigNode`, kept as a link to its parent's path.
///
/// Readers descend into every key they read, and most values are never reported: building a
/// `JSONPath` (an array copy) per read was a large part of loading a configuration. A trail
/// costs one small object per step and is turned into a `JSONPath` only for a diagnostic.
final class ConfigPathTrail: Sendable {
    let parent: ConfigPathTrail?
    let component: JSONPath.Component

    init(parent: ConfigPathTrail?, component: JSONPath.Component) {
        self.parent = parent
        self.component = component
    }

    /// The trail of `path`, or nil for the root.
    static func of(_ path: JSONPath) -> ConfigPathTrail? {
        path.components.reduce(nil) { ConfigPathTrail(parent: $0, component: $1) }
    }

    /// The path from the root to here.
    var path: JSONPath {
        var components: [JSONPath.Component] = []
        var trail: ConfigPathTrail? = self
        while let step = trail {
            components.append(step.component)
            trail = step.parent
        }
        return JSONPath(components.reversed())
    }
}
