import PlugboardCore

/// The JSON path of a `ConfigNode`, kept as a link to its parent's path, and the file it is in.
///
/// Readers descend into every key they read, and most values are never reported: building a
/// `JSONPath` (an array copy) per read was a large part of loading a configuration. A trail
/// costs one small object per step and is turned into a `JSONPath` only for a diagnostic. The
/// file name lives here too rather than in every `ConfigNode`, so copying a node (which readers
/// do thousands of times) retains one reference less.
final class ConfigPathTrail: Sendable {
    let parent: ConfigPathTrail?
    /// The last step; nil only for the root, the trail of the document itself.
    let component: JSONPath.Component?
    let file: String

    /// The root of `file`.
    init(file: String) {
        parent = nil
        component = nil
        self.file = file
    }

    init(parent: ConfigPathTrail, component: JSONPath.Component) {
        self.parent = parent
        self.component = component
        file = parent.file
    }

    /// The trail of `path` in `file`.
    static func of(_ path: JSONPath, file: String) -> ConfigPathTrail {
        path.components.reduce(ConfigPathTrail(file: file)) { ConfigPathTrail(parent: $0, component: $1) }
    }

    /// The path from the root to here.
    var path: JSONPath {
        var components: [JSONPath.Component] = []
        var trail: ConfigPathTrail? = self
        while let step = trail, let component = step.component {
            components.append(component)
            trail = step.parent
        }
        return JSONPath(components.reversed())
    }
}
