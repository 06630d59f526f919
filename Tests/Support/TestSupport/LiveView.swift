import PlugboardCore
import PlugboardLoader

/// A view of a tree, read afresh at each use. The tree's `HostView` is a value, a copy of the
/// view as it was when it was read; a test that changes the app and then looks at the same view
/// again holds one of these.
@dynamicMemberLookup
package struct LiveView {
    package let tree: ViewTree
    package let handle: ViewHandle

    package subscript<T>(dynamicMember property: KeyPath<HostView, T>) -> T { tree[handle]![keyPath: property] }
}

extension ViewTree {
    /// `handle`, read afresh at each use; nil for no such view.
    package func live(_ handle: ViewHandle) -> LiveView? {
        contains(handle) ? LiveView(tree: self, handle: handle) : nil
    }
}
