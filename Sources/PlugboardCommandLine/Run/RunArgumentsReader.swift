import Logging
import PlugboardConfig
import PlugboardRender

extension RunArguments {
    /// The long options `run` takes with a value, and `--plugin-path`, the one that may repeat.
    package static let valueOptions = [
        "plugins", "rivers", "plugin-path", "device", "script", "open-url-command", "open", "state-file", "size",
        "call-timeout", "memory-limit", "log-level",
    ]
    /// The long options `run` takes without a value.
    package static let flagOptions = [
        "allow-unsafe-plugin-paths", "json", "restore", "allow-fallbacks", "in-process", "no-sandbox",
    ]

    /// `run`'s arguments (those after `run`) read without swift-argument-parser, or nil when
    /// they are anything but an ordinary, valid command line: help, an unknown or short option,
    /// `--`, an option given twice, a value that starts with `-` or does not convert, a second
    /// folder, or arguments the option checks refuse. Then swift-argument-parser reads them and
    /// says what is wrong in its own words.
    ///
    /// Why a second reader: swift-argument-parser finds a command's options by reflection, and
    /// each generic type it makes on the way has the Swift run-time search every loaded image's
    /// conformance records. That was a quarter of `plugboard run --in-process`'s start to the first
    /// screen (6 of 24 ms, 2026-11-28), as much as loading the app. A test holds both readers to
    /// the same result on every command line it makes up where this one answers, and to the
    /// same options.
    package static func read(_ arguments: some Collection<String>) -> RunArguments? {
        var result = RunArguments()
        var given: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else {
                // A folder: the one operand. ("-x", "-" and "help" are left to the parser.)
                guard !argument.hasPrefix("-"), argument != "help", result.app.folder == nil else { return nil }
                result.app.folder = argument
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard name == "plugin-path" || !given.contains(name) else { return nil }
            given.append(name)
            if flagOptions.contains(name) {
                guard value == nil, result.setFlag(name) else { return nil }
                continue
            }
            guard valueOptions.contains(name) else { return nil }
            if value == nil {
                value = rest.popFirst()
            }
            guard let value, !value.isEmpty, !value.hasPrefix("-"), result.set(name, to: value) else { return nil }
        }
        return result.validationError == nil ? result : nil
    }

    /// Sets the flag `name`; false for a name that is not one of `flagOptions`.
    private mutating func setFlag(_ name: String) -> Bool {
        switch name {
        case "allow-unsafe-plugin-paths": app.allowsUnsafePluginPaths = true
        case "json": json = true
        case "restore": restore = true
        case "allow-fallbacks": allowFallbacks = true
        case "in-process": supervision.inProcess = true
        case "no-sandbox": supervision.noSandbox = true
        default: return false
        }
        return true
    }

    /// Sets the option `name` to `value`, converted as its `ExpressibleByArgument` type does;
    /// false when it does not convert, or `name` is not one of `valueOptions`.
    private mutating func set(_ name: String, to value: String) -> Bool {
        switch name {
        case "plugins": app.plugins = value
        case "rivers": app.rivers = value
        case "plugin-path": app.pluginPath.append(value)
        case "device":
            guard let device = DeviceProfile.Kind(rawValue: value) else { return false }
            app.device = device
        case "script": script = value
        case "open-url-command": openURLCommand = value
        case "open": open = value
        case "state-file": stateFile = value
        case "size":
            guard let size = TerminalSize(value) else { return false }
            self.size = size
        case "call-timeout":
            guard let seconds = Double(value) else { return false }
            supervision.callTimeout = seconds
        case "memory-limit":
            guard let mebibytes = Int(value) else { return false }
            supervision.memoryLimit = mebibytes
        case "log-level":
            guard let level = Logger.Level(rawValue: value) else { return false }
            logLevel = level
        default: return false
        }
        return true
    }
}
