/// A `ConfigLocation` kept as the node it belongs to until someone asks for it.
///
/// A location costs a line table, a column count and a rendered JSON path. The model keeps
/// locations for the diagnostics it may report later (a library that is missing, an export that
/// does not bind), and in a configuration without problems none is ever read.
enum DeferredLocation: Sendable {
    case location(ConfigLocation)
    case node(ConfigNode)

    var location: ConfigLocation {
        switch self {
        case .location(let location): location
        case .node(let node): node.location
        }
    }
}
