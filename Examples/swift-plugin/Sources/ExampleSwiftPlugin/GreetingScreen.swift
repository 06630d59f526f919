import PlugboardSDK

/// example.swift.greeting: a screen that greets whoever its screen model names, in one of a few
/// languages; its button switches to the next one. Every lifecycle call is logged through the
/// host, so the host's log shows the order it was driven in.
final class GreetingScreen: ScreenPlugin {
    static let info = PluginInfo(
        id: "example.swift.greeting", name: "Greeting (Swift example)", version: "1.0.0",
        vendor: "Plugboard Examples", summary: "A greeting and a button that changes its language")

    static let greetings = ["Hello", "Bonjour", "Hola", "Hallo"]

    private let host: PluginHost
    private var name = "Plugboard"
    private var language = 0
    private var root: View!
    private var label: View!
    private var button: View!

    /// The failable first step: keep what is needed, call nothing on the host yet.
    init?(host: PluginHost, model: ScreenModels) {
        self.host = host
    }

    /// The name to greet is the screen model's `name`, read through the host's model extension
    /// (no JSON parsing), or "Plugboard".
    func setUp() -> Bool {
        name = host.model?.string(.screen, "name") ?? name
        guard let root = host.makeView(.container), let label = host.makeView(.label),
            let button = host.makeView(.button)
        else { return false }
        self.root = root
        self.label = label
        self.button = button
        label.setIdentifier("greeting")
        label.setAlignment(.center)
        button.setIdentifier("next-language")
        button.setText("Next language")
        button.onTap { [unowned self] in
            language = (language + 1) % Self.greetings.count
            showGreeting()
            host.log("tap \(Self.greetings[language])")
        }
        root.addChild(label)
        root.addChild(button)
        showGreeting()
        host.log("setUp")
        return true
    }

    private func showGreeting() { label.setText("\(Self.greetings[language]), \(name)!") }

    var view: View { root }

    func layout(width: Double, height: Double) {
        label.setFrame(Frame(x: 16, y: 16, width: max(0, width - 32), height: 24))
        button.setFrame(Frame(x: 16, y: 56, width: max(0, width - 32), height: 44))
        host.log("layout \(Int(width))x\(Int(height))")
    }

    func willAppear() { host.log("willAppear") }
    func didAppear() { host.log("didAppear") }
    func willDisappear() { host.log("willDisappear") }
    func didDisappear() { host.log("didDisappear") }
    func tearDown() { host.log("tearDown") }
}

/// The one line that exports the plugin: the SDK builds its descriptor and C tables.
@_cdecl("plugboard_sdk_register")
public func register() { PlugboardExport.register(GreetingScreen.self) }
