/// Where a screen is in its appearance cycle. The host moves it only along
/// disappeared → appearing → appeared → disappearing → disappeared, so a plugin never sees
/// `did_appear` without `will_appear`, or two `will_appear` in a row.
public enum AppearanceState: String, Sendable, Codable {
    case disappeared, appearing, appeared, disappearing
}
