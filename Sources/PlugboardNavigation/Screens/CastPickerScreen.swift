import PlugboardCore
import PlugboardLoader

/// The cast picker a chromecast nav item opens (seed 000: "Opens Chromecast player"): one button
/// per cast device of the app settings, and "Disconnect" when connected. Choosing one connects
/// (the button then shows the device) and closes the picker.
final class CastPickerScreen: HostDrawnScreen {
    private var rows: [ViewHandle] = []

    private let devices: [String]
    /// The connected device now: the picker is cached, so it reads it each time it appears.
    private let connected: () -> String?

    /// `choose` gets a device name, or nil for "Disconnect".
    init(
        screenID: String, devices: [String], environment: PlugboardHost, connected: @escaping () -> String?,
        choose: @escaping (String?) -> Void
    ) {
        self.devices = devices
        self.connected = connected
        super.init(
            screenID: screenID, screenType: "chromecast", title: "Cast", background: ARGBColor(0xFF10_1010),
            environment: environment)
        let heading = tree.create(.label, owner: owner)
        _ = try? tree.setText(
            heading, devices.isEmpty ? "No cast devices (settings.json: cast_devices)" : "Cast to", by: owner)
        try? tree.setTextColor(heading, ARGBColor(0xFFFF_FFFF), by: owner)
        try? tree.addChild(heading, to: rootView, by: owner)
        rows.append(heading)
        let choices: [String?] = devices.map(Optional.some) + [nil]
        for (index, device) in choices.enumerated() {
            let button = tree.create(.button, owner: owner)
            try? tree.setIdentifier(button, device == nil ? "cast-disconnect" : "cast-device:\(index + 1)", by: owner)
            try? tree.setTapAction(button, .host { choose(device) }, by: owner)
            try? tree.addChild(button, to: rootView, by: owner)
            rows.append(button)
        }
    }

    override func layout(width: Double, height: Double) {
        for (index, row) in rows.enumerated() {
            try? tree.setFrame(
                row, Rect(x: 16, y: 16 + Double(index) * 40, width: max(0, width - 32), height: 32), by: owner)
        }
    }

    /// Marks the connected device and shows "Disconnect" only when one is.
    override func willAppear() {
        let now = connected()
        for (index, row) in rows.dropFirst().enumerated() {
            if index < devices.count {
                _ = try? tree.setText(row, devices[index] == now ? "✓ \(devices[index])" : devices[index], by: owner)
            } else {
                _ = try? tree.setText(row, "Disconnect", by: owner)
                try? tree.setHidden(row, now == nil, by: owner)
            }
        }
    }

}

extension PlugboardApp {
    /// The cast picker of the chromecast item `itemID`; choosing closes it and records the
    /// connection.
    func makeCastPicker(itemID: String) -> any ScreenController {
        CastPickerScreen(
            screenID: "cast:\(itemID)", devices: settings.castDevices, environment: environment,
            connected: { [unowned self] in castDevice }
        ) { [unowned self] device in
            castDevice = device
            record(AppEvent(device == nil ? "cast_disconnected" : "cast_connected", itemID, detail: device))
            close()
        }
    }
}
