/// Where a screen is in its appearance cycle. The host moves it only along
/// disappeared → appearing → appeared → disappearing → disappeared, so a plugin never sees
/// `did_appear` without `will_appear`, or two `will_appear` in a row.
package enum AppearanceState: String, Sendable, Codable {
    case disappeared, appearing, appeared, disappearing

    /// The state after `event`, or nil when the event is out of order here. An interactive
    /// transition (seed 003's gestures) may turn back: a cancelled pop sends `will_appear` to the
    /// screen that was disappearing, `will_disappear` to the one that was appearing.
    @inlinable
    package func after(_ event: LifecycleEvent) -> AppearanceState? {
        switch (self, event) {
        case (.disappeared, .willAppear), (.disappearing, .willAppear): .appearing
        case (.appearing, .didAppear): .appeared
        case (.appeared, .willDisappear), (.appearing, .willDisappear): .disappearing
        case (.disappearing, .didDisappear): .disappeared
        default: nil
        }
    }
}

/// The four lifecycle events of a screen (the seed's ViewWillAppear … ViewDidDisappear).
package enum LifecycleEvent: String, Sendable, Codable {
    case willAppear = "will_appear"
    case didAppear = "did_appear"
    case willDisappear = "will_disappear"
    case didDisappear = "did_disappear"
}
