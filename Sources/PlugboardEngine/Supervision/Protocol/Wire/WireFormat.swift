import Foundation
import PlugboardCore

/// The engine protocol's messages after the handshake, as bytes (#36): each type writes its
/// fields in a fixed order — integers and doubles as 8 little-endian bytes, a `Bool` as one byte,
/// strings and arrays as a 4-byte little-endian count and then their UTF-8 bytes or elements,
/// an optional as a presence byte and then the value, an enum case as a one-byte tag — and reads
/// them back in the same order.
///
/// `JSONEncoder` and `JSONDecoder` were most of what a supervised request cost beyond the same
/// request in process (their generic `Codable` machinery, not the bytes: a bare `back` spent more
/// there than the app spent answering it). Values that are large and rare on the wire (the app's
/// whole state, contained failures, route changes) are carried as JSON text inside a string:
/// their shapes are many and change often, and their `Codable` conformances already say them.
///
/// Both sides are the same build: the handshake refuses another version before any message is
/// read (`EngineProtocol.version`), so the format needs no field names and no self-description.
package protocol WireCodable {
    /// Appends the value's bytes.
    func write(to writer: inout WireWriter)
    /// Reads one value, or throws at anything the writer could not have written.
    init(from reader: inout WireReader) throws(WireError)
}

/// Why bytes are not a message: where reading stopped and what was expected there.
package struct WireError: Error, Equatable, CustomStringConvertible {
    package var offset: Int
    package var expected: String

    package var description: String { "byte \(offset): expected \(expected)" }
}

/// Appends values in the wire format.
package struct WireWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    package mutating func write(_ value: UInt8) { bytes.append(value) }

    package mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func write(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func write(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func writeCount(_ count: Int) {
        withUnsafeBytes(of: UInt32(count).littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            writeCount(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    package mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    package mutating func write(_ value: Double?) {
        write(value != nil)
        if let value { write(value) }
    }

    package mutating func write(_ value: Int?) {
        write(value != nil)
        if let value { write(value) }
    }

    /// A dictionary as its count and its keys and values in key order (the same bytes for the
    /// same dictionary).
    package mutating func write(_ values: [String: String]) {
        writeCount(values.count)
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            write(key)
            write(value)
        }
    }

    package mutating func write(_ value: some WireCodable) { value.write(to: &self) }

    package mutating func write(_ values: [String]) {
        writeCount(values.count)
        for value in values { write(value) }
    }

    package mutating func write(_ values: [some WireCodable]) {
        writeCount(values.count)
        for value in values { value.write(to: &self) }
    }

    /// A value carried as its JSON (see `WireFormat`'s note on large, rare values).
    package mutating func writeJSON(_ value: some Encodable) {
        write(String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self))
    }

    /// An optional value carried as its JSON.
    package mutating func writeOptionalJSON(_ value: (some Encodable)?) {
        write(value != nil)
        if let value { writeJSON(value) }
    }
}

/// Reads values in the wire format from one message's bytes, refusing anything else: a count
/// past the end, a tag or byte no writer makes, invalid UTF-8, bytes left over.
package struct WireReader {
    private let bytes: [UInt8]
    private var offset = 0
    /// How deep the request being read nests (`EngineRequest.unanimated`).
    package var depth = 0
    /// The deepest a request may nest.
    package static let maximumDepth = 8

    package init(_ bytes: some Collection<UInt8>) { self.bytes = Array(bytes) }

    /// Reads the whole of `bytes` as one `Message`.
    package static func decode<Message: WireCodable>(_ type: Message.Type, from bytes: some Collection<UInt8>)
        throws(WireError) -> Message
    {
        var reader = WireReader(bytes)
        let message = try Message(from: &reader)
        guard reader.offset == reader.bytes.count else { throw reader.error("the end of the message") }
        return message
    }

    package func error(_ expected: String) -> WireError { WireError(offset: offset, expected: expected) }

    private mutating func take(_ count: Int, _ what: String) throws(WireError) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.count - offset >= count else { throw error(what) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    private mutating func littleEndian<Value: FixedWidthInteger>(_ type: Value.Type, _ what: String)
        throws(WireError) -> Value
    {
        let size = MemoryLayout<Value>.size
        guard bytes.count - offset >= size else { throw error(what) }
        defer { offset += size }
        return Value(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) })
    }

    package mutating func byte() throws(WireError) -> UInt8 { try take(1, "a byte").first! }

    package mutating func bool() throws(WireError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default:
            offset -= 1
            throw error("a Bool (0 or 1)")
        }
    }

    package mutating func int() throws(WireError) -> Int {
        Int(truncatingIfNeeded: try littleEndian(Int64.self, "an integer"))
    }

    package mutating func double() throws(WireError) -> Double {
        Double(bitPattern: try littleEndian(UInt64.self, "a double"))
    }

    /// A string's or array's count: never more than the bytes left (an element is at least one),
    /// so a wrong count cannot make the reader allocate for it.
    private mutating func count() throws(WireError) -> Int {
        let count = Int(try littleEndian(UInt32.self, "a count"))
        guard count <= bytes.count - offset else {
            offset -= 4
            throw error("a count of at most the \(bytes.count - offset - 4) bytes left")
        }
        return count
    }

    package mutating func string() throws(WireError) -> String {
        let start = offset
        let utf8 = try take(try count(), "a string's bytes")
        guard let string = String(validating: utf8, as: UTF8.self) else {
            offset = start
            throw error("a string of UTF-8")
        }
        return string
    }

    package mutating func optionalString() throws(WireError) -> String? {
        try bool() ? try string() : nil
    }

    package mutating func optionalDouble() throws(WireError) -> Double? {
        try bool() ? try double() : nil
    }

    package mutating func optionalInt() throws(WireError) -> Int? {
        try bool() ? try int() : nil
    }

    /// A dictionary written by `WireWriter.write(_:)`; a key written twice is refused.
    package mutating func dictionary() throws(WireError) -> [String: String] {
        var values: [String: String] = [:]
        for _ in 0..<(try count()) {
            let start = offset
            let key = try string()
            guard values.updateValue(try string(), forKey: key) == nil else {
                offset = start
                throw error("a key not written before")
            }
        }
        return values
    }

    package mutating func strings() throws(WireError) -> [String] {
        try (0..<count()).map { _ throws(WireError) in try string() }
    }

    package mutating func values<Value: WireCodable>(_ type: Value.Type) throws(WireError) -> [Value] {
        try (0..<count()).map { _ throws(WireError) in try Value(from: &self) }
    }

    /// A `String`-backed enum by its raw value.
    package mutating func raw<Value: RawRepresentable<String>>(_ type: Value.Type) throws(WireError) -> Value {
        let start = offset
        guard let value = Value(rawValue: try string()) else {
            offset = start
            throw error("a \(Value.self)")
        }
        return value
    }

    /// A value carried as its JSON.
    package mutating func json<Value: Decodable>(_ type: Value.Type) throws(WireError) -> Value {
        try jsonAndText(type).value
    }

    /// A value carried as its JSON, and that JSON. The JSON says the value and nothing else: a
    /// repeated key or one the value does not have is refused (`StrictJSONDecoder`), so the text
    /// can be passed on as what was read.
    package mutating func jsonAndText<Value: Decodable>(_ type: Value.Type) throws(WireError)
        -> (value: Value, text: String)
    {
        let start = offset
        let text = try string()
        do {
            return (try StrictJSONDecoder.decode(Value.self, from: text), text)
        } catch {
            offset = start
            throw self.error("a \(Value.self) as JSON (\(StrictJSONDecoder.describe(error)))")
        }
    }

    /// An optional value carried as its JSON.
    package mutating func optionalJSON<Value: Decodable>(_ type: Value.Type) throws(WireError) -> Value? {
        try bool() ? try json(type) : nil
    }
}
