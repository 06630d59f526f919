// libFuzzer target for `JSONParser.parse`. Build and run with `Fuzz/run.sh FuzzJSON`.
import Foundation
import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// True when `a` and `b` hold the same JSON, ignoring where the values were in the source.
func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x.text == y.text
    case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { sameValue($0.value, $1.value) }
    case (.object(let x), .object(let y)):
        return x.count == y.count
            && zip(x.entries, y.entries).allSatisfy {
                $0.key.utf8.elementsEqual($1.key.utf8) && sameValue($0.value.value, $1.value.value)
            }
    default: return false
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let array = Array(bytes)
    let parsed: JSONNode
    do {
        parsed = try JSONParser.parse(bytes)
    } catch {
        // Every entry point agrees on the error, and the position is inside the input.
        do {
            _ = try JSONParser.parse(Data(array))
            fatalError("Data overload accepted input the buffer overload refused: \(error)")
        } catch let other {
            guard other == error else { fatalError("errors differ: \(error) vs \(other)") }
        }
        guard error.position.line >= 1, error.position.column >= 1, (0...size).contains(error.byteOffset) else {
            fatalError("error position out of range: \(error)")
        }
        return 0
    }
    // The other overloads give the same tree (positions included).
    guard let viaData = try? JSONParser.parse(Data(array)), viaData == parsed else {
        fatalError("Data overload disagrees")
    }
    if let text = String(validating: array, as: UTF8.self) {
        guard let viaString = try? JSONParser.parse(text), viaString == parsed else {
            fatalError("String overload disagrees")
        }
    }
    // Serialising and parsing again gives the same value, and serialising that is a fixed point.
    let serialized = parsed.serialized()
    let reparsed: JSONNode
    do {
        reparsed = try JSONParser.parse(serialized)
    } catch {
        fatalError("serialized output does not parse: \(error)\n\(serialized)")
    }
    guard sameValue(parsed.value, reparsed.value) else {
        fatalError("round trip changed the value:\n\(serialized)\n\(reparsed.serialized())")
    }
    guard reparsed.serialized() == serialized else { fatalError("serialization is not a fixed point") }
    return 0
}
