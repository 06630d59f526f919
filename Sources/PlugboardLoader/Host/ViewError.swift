import PlugboardCore

/// Why the host refused a view call. Logged with the calling plugin's name; never a crash.
public enum ViewError: Error, Equatable, CustomStringConvertible {
    case invalidHandle(UInt64)
    /// The view existed and was released (by its owner, or with its destroyed instance).
    case released(ViewHandle)
    case unknownKind(Int32)
    case unknownAlignment(Int32)
    case propertyNotSupported(property: String, kind: ViewKind, view: ViewHandle)
    case notOwner(property: String, view: ViewHandle)
    case cycle(parent: ViewHandle, child: ViewHandle)
    case notAChild(parent: ViewHandle, child: ViewHandle)
    case invalidFrame(Rect)
    case invalidFontSize(Double)
    case notTappable(ViewHandle, reason: String)
    case hostOwned(ViewHandle)
    case unknownIdentifier(String)
    /// A string argument that is not UTF-8 (header: strings are UTF-8).
    case notUTF8(argument: String)

    public var description: String {
        switch self {
        case .invalidHandle(let raw): "invalid view handle \(raw): no view was ever made with it"
        case .released(let view): "\(view) was released; a released view cannot be used again"
        case .unknownKind(let kind): "unknown view kind \(kind)"
        case .unknownAlignment(let alignment): "unknown alignment \(alignment)"
        case .propertyNotSupported(let property, let kind, let view): "\(view): a \(kind) has no \(property)"
        case .notOwner(let property, let view):
            "\(view) is not yours: cannot set \(property) of a view the plugin does not own"
        case .cycle(let parent, let child): "adding \(child) to \(parent) would make a cycle"
        case .notAChild(let parent, let child): "\(child) is not a child of \(parent)"
        case .invalidFrame(let rect): "invalid frame \(rect): sizes must be finite and ≥ 0"
        case .invalidFontSize(let size): "invalid font size \(size): must be finite and > 0"
        case .notTappable(let view, let reason): "\(view) cannot be tapped: \(reason)"
        case .hostOwned(let view): "\(view) belongs to the host and cannot be released"
        case .unknownIdentifier(let identifier): "no view named '\(identifier)' on screen"
        case .notUTF8(let argument): "the \(argument) is not UTF-8"
        }
    }
}
