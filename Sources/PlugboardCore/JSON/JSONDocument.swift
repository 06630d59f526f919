import Synchronization

/// A parsed document: a copy of its bytes and the tape `JSONScanner` recorded, shared by every
/// `JSONNode` read from it.
///
/// Nodes of a parsed document are a reference to it and a tape index, and decode what they are
/// asked for: a string or number is made from the bytes when read, an array's or object's
/// children when listed. Parsing therefore costs a scan and two allocations whatever the size,
/// and only what a caller reads is ever built. A node keeps the whole document alive.
package final class JSONDocument: Sendable {
    /// A copy of the source. Even a caller's `Data` is copied: reading an `Array` is cheaper than
    /// reading `Data`, and key lookups read the bytes thousands of times per configuration.
    package let bytes: [UInt8]
    package let tape: [JSONTapeEntry]
    /// Made on the first position asked for (see `SourceLineTable`).
    private let lines = Mutex<SourceLineTable?>(nil)

    package init(bytes: [UInt8], tape: [JSONTapeEntry]) {
        self.bytes = bytes
        self.tape = tape
    }

    package func position(ofOffset offset: Int) -> SourcePosition {
        bytes.withUnsafeBufferPointer { buffer in
            lines.withLock { lines in
                if lines == nil { lines = SourceLineTable(buffer, upTo: buffer.count) }
                return lines.unsafelyUnwrapped.position(of: offset, in: buffer)
            }
        }
    }

    /// The position of the value at tape `index`.
    package func position(at index: Int) -> SourcePosition {
        position(ofOffset: tape[index].offset)
    }

    /// Inlined: every reader checks a node's kind, often more than once.
    @inline(__always)
    package func kind(at index: Int) -> JSONTapeEntry.Kind {
        tape[index].kind
    }

    /// The value at `index`, with its children as nodes of this document.
    package func value(at index: Int) -> JSONValue {
        switch tape[index].kind {
        case .null: .null
        case .false: .bool(false)
        case .true: .bool(true)
        case .number: .number(number(at: index))
        case .asciiString, .string, .escapedString: .string(string(at: index))
        case .array: .array(elements(at: index))
        case .object: .object(object(at: index))
        }
    }

    package func number(at index: Int) -> JSONNumber {
        let entry = tape[index]
        return JSONNumber(validatedText: text(from: entry.offset, to: entry.end))
    }

    /// The string at `index` (a value or a key), decoded.
    package func string(at index: Int) -> String {
        let entry = tape[index]
        guard entry.kind == .escapedString else { return text(from: entry.offset + 1, to: entry.end) }
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, maximumDepth: 0)
            scanner.index = entry.offset
            return scanner.decodeValidatedString()
        }
    }

    private func text(from start: Int, to end: Int) -> String {
        bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
        }
    }

    /// Calls `body` with the tape index of each element of the array at `index`, in order, until
    /// it returns false.
    @inline(__always)
    package func forEachElement(of index: Int, _ body: (Int) -> Bool) {
        let end = tape[index].end
        var child = index + 1
        while child < end {
            guard body(child) else { return }
            child = tape[child].next(after: child)
        }
    }

    /// Calls `body` with the tape indices of each key and value of the object at `index`, in
    /// source order, until it returns false.
    @inline(__always)
    package func forEachMember(of index: Int, _ body: (_ key: Int, _ value: Int) -> Bool) {
        let end = tape[index].end
        var key = index + 1
        while key < end {
            guard body(key, key + 1) else { return }
            key = tape[key + 1].next(after: key + 1)
        }
    }

    package func elements(at index: Int) -> [JSONNode] {
        var elements: [JSONNode] = []
        forEachElement(of: index) { child in
            elements.append(JSONNode(document: self, index: child))
            return true
        }
        return elements
    }

    package func object(at index: Int) -> JSONObject {
        var entries: [JSONObject.Entry] = []
        forEachMember(of: index) { key, value in
            entries.append(
                JSONObject.Entry(
                    key: string(at: key), keyIndex: key, in: self, value: JSONNode(document: self, index: value)))
            return true
        }
        return JSONObject(entries: entries)
    }

    package func members(at index: Int) -> [(key: String, value: JSONNode)] {
        var members: [(key: String, value: JSONNode)] = []
        forEachMember(of: index) { key, value in
            members.append((string(at: key), JSONNode(document: self, index: value)))
            return true
        }
        return members
    }

    /// The element at `position` of the array at `index`.
    package func element(of index: Int, at position: Int) -> Int? {
        guard position >= 0 else { return nil }
        var found: Int?
        var remaining = position
        forEachElement(of: index) { child in
            if remaining == 0 {
                found = child
                return false
            }
            remaining -= 1
            return true
        }
        return found
    }
}
