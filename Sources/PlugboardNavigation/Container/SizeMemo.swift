/// The size a plugin was last asked to lay out for.
///
/// root.h and screen.h promise `layout` after `init` and on every size change. Asking again for
/// the same size only makes the plugin frame the same views again (a side menu every row, a
/// guide every programme), which was most of a tap, so the host asks once per size.
struct SizeMemo {
    private var last: (width: Double, height: Double)?

    /// True, and remembers the size, when it differs from the last one (or is the first).
    mutating func changes(to width: Double, _ height: Double) -> Bool {
        if let last, last == (width, height) { return false }
        last = (width, height)
        return true
    }
}
