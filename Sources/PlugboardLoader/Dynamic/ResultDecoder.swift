import CFFI
import PlugboardCore

/// Turns what `ffi_call` wrote into JSON. Integer results narrower than a register come back
/// widened to `ffi_arg`, as libffi documents, and are read through it.
enum ResultDecoder {
    static func decode(
        _ memory: UnsafeMutableRawPointer, as type: ValueType, export: PreparedExport, handles: HandleTable
    ) throws(CallError) -> JSONValue {
        var function: String { "\(export.plugin).\(export.name)" }  // for errors only
        switch type {
        case .void:
            return .null
        case .bool, .int, .f32, .f64:
            let widened = memory.load(as: ffi_arg.self)
            return try scalar(type, widened: widened, at: memory, function: function)
        case .cstr:
            guard let text = memory.load(as: UnsafePointer<CChar>?.self) else { return .null }
            return .string(String(cString: text))
        case .json:
            guard let text = memory.load(as: UnsafePointer<CChar>?.self) else { return .null }
            do {
                return try JSONParser.parse(String(cString: text)).value
            } catch {
                throw .badResult(function: function, message: "the plugin returned invalid JSON: \(error)")
            }
        case .ptr:
            guard let pointer = memory.load(as: UnsafeMutableRawPointer?.self) else { return .null }
            return .object(JSONObject([("handle", .number(JSONNumber(handles.handle(for: pointer))))]))
        case .structure(let fields):
            let offsets = export.offsets(of: export.resultType, count: fields.count)
            var elements: [JSONNode] = []
            for (field, offset) in zip(fields, offsets) {
                let value = try scalar(field, widened: nil, at: memory + offset, function: function)
                elements.append(JSONNode(value, position: .start))
            }
            return .array(elements)
        }
    }

    /// A scalar from memory, or from the widened register value when it is a direct result.
    private static func scalar(
        _ type: ValueType, widened: ffi_arg?, at memory: UnsafeMutableRawPointer, function: @autoclosure () -> String
    ) throws(CallError) -> JSONValue {
        switch type {
        case .bool:
            return .bool((widened.map { UInt8(truncatingIfNeeded: $0) } ?? memory.load(as: UInt8.self)) != 0)
        case .int(let bits, true):
            let value: Int64
            switch bits {
            case 8: value = Int64(widened.map { Int8(truncatingIfNeeded: $0) } ?? memory.load(as: Int8.self))
            case 16: value = Int64(widened.map { Int16(truncatingIfNeeded: $0) } ?? memory.load(as: Int16.self))
            case 32: value = Int64(widened.map { Int32(truncatingIfNeeded: $0) } ?? memory.load(as: Int32.self))
            default: value = memory.load(as: Int64.self)
            }
            return .number(JSONNumber(value))
        case .int(let bits, false):
            let value: UInt64
            switch bits {
            case 8: value = UInt64(widened.map { UInt8(truncatingIfNeeded: $0) } ?? memory.load(as: UInt8.self))
            case 16: value = UInt64(widened.map { UInt16(truncatingIfNeeded: $0) } ?? memory.load(as: UInt16.self))
            case 32: value = UInt64(widened.map { UInt32(truncatingIfNeeded: $0) } ?? memory.load(as: UInt32.self))
            default: value = memory.load(as: UInt64.self)
            }
            return .number(JSONNumber(value))
        case .f32, .f64:
            let value = type == .f32 ? Double(memory.load(as: Float.self)) : memory.load(as: Double.self)
            guard let number = JSONNumber(value) else {
                throw .badResult(function: function(), message: "\(value) has no JSON form")
            }
            return .number(number)
        default:
            return .null
        }
    }
}
