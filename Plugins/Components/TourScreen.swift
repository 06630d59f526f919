import PlugboardSDK

/// The Showcase's routing tour (seed 004's Navigator examples, from a plugin): one button opens a
/// deep link, another runs a composed transition — push a screen with its data, then present
/// another — queued behind whatever is moving. The status line shows each completion. What it
/// opens comes from its rivers.json screen (`general.link`, `general.push`, `general.push_data`,
/// `general.present`), so an app can point it anywhere its routes go.
final class TourScreen: ScreenPlugin {
    static let info = PluginInfo(id: "showcase_tour", name: "Routing tour", version: "1.0.0", vendor: "Plugboard")

    private let host: PluginHost
    private let props: [String: Any]
    private var root: View!
    private var rows: [View] = []
    private var status: View!

    init?(host: PluginHost, model: ScreenModels) {
        self.host = host
        props = ScreenModel.object(model.screenJSON)
    }

    private var link: String? { props["link"] as? String }
    private var steps: [Router.Step] {
        guard let push = props["push"] as? String else { return [] }
        let present = (props["present"] as? String).map { [Router.Step.present($0)] } ?? []
        return [.push(push, data: props["push_data"] as? String)] + present
    }

    func setUp() -> Bool {
        guard let root = host.makeView(.container) else { return false }
        self.root = root
        root.setBackgroundColor(0xFF10_1828)
        // A host older than ABI 1.4 cannot route: the tour says so instead of failing to open.
        let router = host.router
        guard let heading = label("Routing tour"),
            let status = label(router == nil ? "This host cannot route" : "Ready")
        else { return false }
        self.status = status
        status.setIdentifier("tour-status")
        let linkButton = button("tour-link", "Open \(link ?? "(no link)")") { [weak self] in
            guard let self, let router, let link else {
                status.setText("no link to open")
                return
            }
            let accepted = router.open(url: link) { [weak self] in self?.show("link", $0) }
            if !accepted { status.setText("link refused (see the log)") }
        }
        let tourButton = button("tour-compose", "Push \(props["push"] as? String ?? "–"), then present") {
            [weak self] in
            guard let self, let router, !steps.isEmpty else {
                status.setText("no tour to run")
                return
            }
            let accepted = router.run(steps, enqueue: true) { [weak self] in self?.show("tour", $0) }
            if !accepted { status.setText("tour refused (see the log)") }
        }
        guard let linkButton, let tourButton else { return false }
        rows = [heading, linkButton, tourButton, status]
        for row in rows { root.addChild(row) }
        return true
    }

    var view: View { root }

    func layout(width: Double, height: Double) {
        for (index, row) in rows.enumerated() {
            row.setFrame(Frame(x: 16, y: 16 + Double(index) * 56, width: max(0, width - 32), height: 44))
        }
    }

    /// Shows how a routing call ended (on the main thread, where completions are called).
    private func show(_ what: String, _ outcome: Router.Outcome) {
        switch outcome {
        case .ran: status.setText("\(what): ran")
        case .failed(let why): status.setText("\(what) failed: \(why)")
        case .cancelled(let why): status.setText("\(what) cancelled: \(why)")
        }
    }

    private func label(_ text: String) -> View? {
        guard let label = host.makeView(.label) else { return nil }
        label.setText(text)
        label.setTextColor(0xFFFF_FFFF)
        return label
    }

    private func button(_ id: String, _ title: String, _ action: @escaping () -> Void) -> View? {
        guard let button = host.makeView(.button) else { return nil }
        button.setIdentifier(id)
        button.setText(title)
        button.setTextColor(0xFFFF_FFFF)
        button.setBackgroundColor(0xFF2A_3A5C)
        button.onTap(action)
        return button
    }
}
