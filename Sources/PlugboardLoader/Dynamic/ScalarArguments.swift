import PlugboardCore

/// The fast path for the common dynamic call: every parameter an integer or a bool, the
/// arguments plain JSON literals (`[40, 2]`). They are read straight from the text into the call's
/// frame, with no JSON tree in between — the tree, its array and its number texts cost more than
/// the call itself.
///
/// Anything this path does not accept exactly — a fraction or an exponent, a value out of range,
/// a leading zero, a wrong count, a syntax error, any other type — makes it answer nil before
/// anything is called, and the general path parses the text and reports what it always reports.
enum ScalarArguments {
    /// Writes the arguments into `frame` (laid out by `export`) and returns the value pointers
    /// for `ffi_call`, or nil when the general path must decide.
    static func encode(
        _ text: String, for export: PreparedExport, into frame: UnsafeMutableRawPointer
    ) -> UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
        // Read in place: a native string is contiguous UTF-8 (copying it to call `withUTF8`
        // retained its storage on every call); any other kind is made contiguous first. The
        // outer optional says whether the bytes were available, the inner one is the answer.
        if let answer = text.utf8.withContiguousStorageIfAvailable({ encode($0, for: export, into: frame) }) {
            return answer
        }
        var text = text
        return text.withUTF8 { encode($0, for: export, into: frame) }
    }

    private static func encode(
        _ bytes: UnsafeBufferPointer<UInt8>, for export: PreparedExport, into frame: UnsafeMutableRawPointer
    ) -> UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
        var reader = Reader(bytes: bytes)
        let parameters = export.signature.parameters
        let values = (frame + export.valuesOffset)
            .bindMemory(to: UnsafeMutableRawPointer?.self, capacity: max(1, parameters.count))
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        for (index, type) in parameters.enumerated() {
            if index > 0 && !reader.take(UInt8(ascii: ",")) { return nil }
            let memory = frame + export.argumentOffsets[index]
            guard reader.value(as: type, into: memory) else { return nil }
            values[index] = memory
        }
        guard reader.take(UInt8(ascii: "]")), reader.atEnd else { return nil }
        return values
    }

    /// Whether every parameter can take this path.
    static func accepts(_ signature: Signature) -> Bool {
        signature.parameters.allSatisfy {
            switch $0 {
            case .bool, .int: true
            default: false
            }
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var atEnd: Bool {
            mutating get {
                skipWhitespace()
                return index == bytes.count
            }
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        /// Consumes `byte` after optional whitespace.
        mutating func take(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Reads a literal of `type` and stores it in `memory`.
        mutating func value(as type: ValueType, into memory: UnsafeMutableRawPointer) -> Bool {
            skipWhitespace()
            switch type {
            case .bool:
                if word("true") {
                    memory.storeBytes(of: 1, as: UInt8.self)
                } else if word("false") {
                    memory.storeBytes(of: 0, as: UInt8.self)
                } else {
                    return false
                }
                return true
            case .int(let bits, let signed):
                return integer(bits: bits, signed: signed, into: memory)
            default:
                return false
            }
        }

        private mutating func word(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
            if index + count < bytes.count, Self.isWordByte(bytes[index + count]) { return false }
            index += count
            return true
        }

        /// `-?(0|[1-9][0-9]*)`, not followed by a fraction, an exponent or a letter, in range.
        private mutating func integer(bits: Int, signed: Bool, into memory: UnsafeMutableRawPointer) -> Bool {
            var negative = false
            if index < bytes.count && bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            let start = index
            var magnitude: UInt64 = 0
            while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
                guard !overflow1 && !overflow2 else { return false }
                magnitude = sum
                index += 1
            }
            let digits = index - start
            guard digits > 0, !(digits > 1 && bytes[start] == UInt8(ascii: "0")) else { return false }
            if index < bytes.count, Self.isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
                return false
            }
            if signed {
                let limit = bits == 64 ? UInt64(Int64.max) : (UInt64(1) << (bits - 1)) - 1
                guard magnitude <= limit + (negative ? 1 : 0) else { return false }
                let value = negative ? Int64(bitPattern: 0 &- magnitude) : Int64(magnitude)
                ArgumentEncoder.store(value, bits: bits, into: memory)
            } else {
                guard !negative else { return false }  // even "-0": the general path judges it
                let limit = bits == 64 ? UInt64.max : (UInt64(1) << bits) - 1
                guard magnitude <= limit else { return false }
                ArgumentEncoder.store(magnitude, bits: bits, into: memory)
            }
            return true
        }

        /// Bytes that would continue a literal (`1e5`, `truex`): the general path judges those.
        private static func isWordByte(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte &- UInt8(ascii: "0") < 10
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+") || byte >= 0x80
        }
    }
}
