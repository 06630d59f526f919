// libFuzzer target for `XMLEventReader.read`, the XML under the Atom feeds, and `AtomFeed.parse`.
// Build and run with `Fuzz/run.sh FuzzXML`.
import Foundation

@testable import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// `events` written back as XML, escaped as the SVG renderer escapes (markup characters and tab,
/// LF, CR as references, so nothing is normalised on the way back), attributes in name order.
func serialized(_ events: [XMLEventReader.Event]) -> [UInt8] {
    var xml = ""
    for event in events {
        switch event {
        case .start(let name, let attributes):
            xml += "<" + name
            for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
                xml += " \(key)=\"\(SVGMarkup.escape(value))\""
            }
            xml += ">"
        case .end(let name): xml += "</\(name)>"
        case .text(let text): xml += SVGMarkup.escape(text)
        }
    }
    return Array(xml.utf8)
}

func events(_ bytes: some Collection<UInt8>) throws(XMLEventReader.Failure) -> [XMLEventReader.Event] {
    var events: [XMLEventReader.Event] = []
    try XMLEventReader.read(bytes) { events.append($0) }
    return events
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The Atom reader on top never crashes either, whatever it makes of the document.
    _ = try? AtomFeed.parse(Data(bytes), file: "fuzz.xml")
    let read: [XMLEventReader.Event]
    do {
        read = try events(bytes)
    } catch {
        guard error.position.line >= 1, error.position.column >= 1, !error.isRefusal, !error.message.isEmpty else {
            fatalError("a bad failure: \(error)")
        }
        do {
            _ = try events(Data(bytes))
            fatalError("Data accepted what [UInt8] refused: \(error)")
        } catch let other {
            guard other == error else { fatalError("errors differ: \(error) vs \(other)") }
        }
        return 0
    }
    // One root element, balanced: every start has its end, in order.
    var open: [String] = []
    var roots = 0
    for event in read {
        switch event {
        case .start(let name, _):
            if open.isEmpty { roots += 1 }
            open.append(name)
        case .end(let name):
            guard open.popLast() == name else { fatalError("unbalanced events: \(read)") }
        case .text(let text):
            guard !open.isEmpty, !text.isEmpty else { fatalError("text outside the root or empty: \(read)") }
        }
    }
    guard roots == 1, open.isEmpty else { fatalError("not one balanced root: \(read)") }
    // Written back and read again, the document has the same events.
    let written = serialized(read)
    do {
        let reread = try events(written)
        guard reread == read else {
            fatalError(
                "round trip changed the events:\n\(read)\n\(reread)\n\(String(decoding: written, as: UTF8.self))")
        }
    } catch {
        fatalError("written back, the document is refused: \(error)\n\(String(decoding: written, as: UTF8.self))")
    }
    return 0
}
