/// One line of the legend: what a tap target is called and the identifier `tap ID` takes, kept
/// apart so that a line too long for its column loses the identifier whole rather than ending
/// in a cut one, which could not be typed.
struct LegendLine: Equatable {
    /// `[3] Guide`, `[1] back`, `[-] To-Home`.
    var name: String
    /// The view's identifier, in parentheses after the name; nil when it says nothing more.
    var identifier: String?
    /// What follows: ` disabled` for a disabled button.
    var note = ""

    /// The whole line: `[3] Guide (nav-item:nb-epg)`.
    var text: String { name + (identifier.map { " (\($0))" } ?? "") + note }

    /// The line in `width` columns: whole when it fits, else without its identifier, cut with
    /// "…" when even that is too long.
    func fitted(width: Int) -> String {
        for candidate in [text, name + note] where RenderText.columns(of: candidate) <= width { return candidate }
        return RenderText.lines(name + note, width: width, maxLines: 1).first ?? ""
    }
}
