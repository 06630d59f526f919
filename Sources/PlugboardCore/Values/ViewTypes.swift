import PlugboardABI

/// A handle to a host view, as plugins hold it (`pb_view_t`). Never reused within a process.
public struct ViewHandle: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The number a plugin holds as its `pb_view_t`: a sequence number in the high 32 bits,
    /// random-looking bits in the low 32 (so one instance cannot guess another's). Never 0
    /// (`PB_VIEW_NONE`).
    public let rawValue: UInt64
    /// The handle whose `pb_view_t` is `rawValue`. Nothing checks here that such a view exists:
    /// the view tree refuses a stale or unknown handle when it is used.
    package init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "view#\(rawValue)" }

    /// In JSON a handle is the number a plugin sees (`pb_view_t`), not a Swift structure.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UInt64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The kinds of host view (`PB_VIEW_*`).
public enum ViewKind: String, Sendable, Codable, CaseIterable {
    case container, label, image, button

    package init?(_ kind: pb_view_kind_t) {
        switch Int(kind) {
        case Int(PB_VIEW_CONTAINER): self = .container
        case Int(PB_VIEW_LABEL): self = .label
        case Int(PB_VIEW_IMAGE): self = .image
        case Int(PB_VIEW_BUTTON): self = .button
        default: return nil
        }
    }

    package var cValue: pb_view_kind_t {
        switch self {
        case .container: pb_view_kind_t(PB_VIEW_CONTAINER)
        case .label: pb_view_kind_t(PB_VIEW_LABEL)
        case .image: pb_view_kind_t(PB_VIEW_IMAGE)
        case .button: pb_view_kind_t(PB_VIEW_BUTTON)
        }
    }
}

/// Horizontal alignment of a label's text or an image (`PB_ALIGN_*`).
package enum ViewAlignment: String, Sendable, Codable {
    case left, center, right

    package init?(_ alignment: pb_alignment_t) {
        switch Int(alignment) {
        case Int(PB_ALIGN_LEFT): self = .left
        case Int(PB_ALIGN_CENTER): self = .center
        case Int(PB_ALIGN_RIGHT): self = .right
        default: return nil
        }
    }
}

/// A colour as 0xAARRGGBB, printed as the UI Builder writes it: `#AARRGGBB`.
public struct ARGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The colour as 0xAARRGGBB (`pb_argb_t`): alpha in the top byte, then red, green and blue.
    public var rawValue: UInt32
    /// The colour 0xAARRGGBB: `ARGBColor(0xFF00_0000)` is opaque black, `ARGBColor(0)` fully
    /// transparent.
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    package static let clear = ARGBColor(0)
    /// Opacity, 0 (fully transparent) to 255 (opaque).
    public var alpha: UInt8 { UInt8(rawValue >> 24) }
    /// The red component, 0…255.
    public var red: UInt8 { UInt8((rawValue >> 16) & 0xFF) }
    /// The green component, 0…255.
    public var green: UInt8 { UInt8((rawValue >> 8) & 0xFF) }
    /// The blue component, 0…255.
    public var blue: UInt8 { UInt8(rawValue & 0xFF) }
    public var description: String {
        let hex = String(rawValue, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 8 - hex.count) + hex
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard text.hasPrefix("#"), let value = UInt32(text.dropFirst(), radix: 16) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
        }
        rawValue = value
    }
}

/// A rectangle in points (`pb_rect_t`), origin top-left, y growing downwards, in the coordinates
/// of what it is relative to: a view's frame is in its parent's.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The left edge, in points.
    public var x: Double
    /// The top edge, in points.
    public var y: Double
    /// The width in points; never negative for a frame the host accepted.
    public var width: Double
    /// The height in points; never negative for a frame the host accepted.
    public var height: Double
    /// The rectangle with its top-left corner at (`x`, `y`) and the size `width` × `height`, in
    /// points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    package static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    package init(_ rect: pb_rect_t) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
    package var cValue: pb_rect_t { pb_rect_t(x: x, y: y, width: width, height: height) }
    package var maxX: Double { x + width }
    package var maxY: Double { y + height }
    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
