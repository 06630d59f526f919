/// Where a screen is in its appearance cycle. The host moves it only along
/// disappeared → appearing → appeared → disappearing → disappeared, so a plugin never sees
/// `did_appear` without `will_appear`, or two `will_appear` in a row.
public enum AppearanceState: String, Sendable, Codable {
    case disappeared, appearing, appeared, disappearing
}

/// The four lifecycle events of a screen (the seed's ViewWillAppear … ViewDidDisappear).
public enum LifecycleEvent: String, Sendable, Codable {
    case willAppear = "will_appear"
    case didAppear = "did_appear"
    case willDisappear = "will_disappear"
    case didDisappear = "did_disappear"
}
