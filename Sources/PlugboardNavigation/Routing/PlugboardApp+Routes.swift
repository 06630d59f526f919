import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// Routes changed while the app runs (seed 004's `updateRoutes:`): from a plugin
/// (plugboard.host.routes), the shell's `routes` command or the simulator. The state URL is then
/// written with the new routes — a screen whose own route was replaced is named by another route
/// to it — and when no route names a screen the app shows any more, the app leaves that screen
/// (pops it and what is above it, dismisses it) and says so: the state URL always opens the
/// state the app is in.
extension PlugboardApp {
    /// Applies `changes` (all or none); returns what had to be left to keep the state URL
    /// valid, or nil when nothing did. The throw says why a change was refused (nothing
    /// changed); a change and a repair are `routes` events.
    @discardableResult
    package func updateRoutes(_ changes: [AppRoutes.Change]) throws(RoutingError) -> String? {
        let before = stateURL
        do throws(RouteChangeError) {
            try routes.update(changes)
        } catch {
            throw .unusable(error.description)
        }
        routesRevision += 1
        record(AppEvent("routes", changes.map(\.description).joined(separator: ", ")))
        let lost = unreachableParts()
        guard !lost.why.isEmpty else { return nil }
        // Leave what no route names, at once: the state must be one a URL can open.
        animating(false) {
            for container in presented.reversed() where lost.containers.contains(where: { $0 === container }) {
                dismiss(container)
            }
            if let index = lost.firstComponent {
                if index == 0 {
                    if let home { _ = open(NavigationRequest(.screen(home.id), origin: .menu)) }
                } else {
                    _ = popRoot(toIndex: index - 1)
                }
            }
        }
        let message = "\(before) is no longer a state of the app (\(lost.why.joined(separator: "; "))); now \(stateURL)"
        record(AppEvent("routes", "repaired", detail: message))
        return message
    }

    /// The routes as the shell lists them: `key → screen (kind[, transition])`, by key.
    package var routeListing: [String] { routes.sorted.map(\.description) }

    /// The presented containers and the first root-stack index no route names, and why.
    private func unreachableParts() -> (containers: [StackContainer], firstComponent: Int?, why: [String]) {
        var why: [String] = []
        let firstComponent = rootContainer.stack.firstIndex { entry in
            guard routes.componentKey(forScreen: entry.key.screenID) == nil else { return false }
            why.append("no route opens '\(entry.key.screenID)' in the stack")
            return true
        }
        let containers = presented.filter { container in
            guard let id = container.stack.first?.key.screenID,
                routes.parameterKey(forScreen: id, drawer: container.kind == .drawer) == nil
            else { return false }
            why.append("no route presents '\(id)'")
            return true
        }
        return (containers, firstComponent, why)
    }
}

extension PlugboardApp {
    /// A plugin changes the routes (`plugboard.host.routes`).
    package func updateRoutes(_ host: InstanceHost, _ changes: [AppRoutes.Change]) -> String? {
        do throws(RoutingError) {
            try updateRoutes(changes)
            return nil
        } catch {
            return error.description
        }
    }

    package var routeList: [AppRoutes.Route] { routes.sorted }
}
