import Foundation
import FoundationXML
import Testing

@testable import PlugboardCore
@testable import PlugboardConfig
@testable import PlugboardLoader
@testable import PlugboardIsolation
@testable import PlugboardNavigation
@testable import PlugboardRender
@testable import PlugboardHarness
@testable import PlugboardEngine
@testable import PlugboardScaffold

/// A text rendering split into its parts: the grid inside the device frame, then the legend
/// and the status line.
struct TextDrawing {
    let output: String
    let lines: [String]
    /// The rows inside the device frame, without the frame's side columns.
    let grid: [String]
    /// The lines under the frame: the legend, then the status line.
    let footer: [String]

    init(_ output: String) {
        self.output = output
        lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let bottom = lines.firstIndex { $0.hasPrefix("╰") } ?? lines.count
        grid = lines[1..<bottom].map { String($0.dropFirst().dropLast()) }
        footer = lines[(bottom + 1)...].filter { !$0.isEmpty }
    }

    var gridText: String { grid.joined(separator: "\n") }
    var columns: Int { grid.first?.count ?? 0 }
    var rows: Int { grid.count }
    var statusLine: String { footer.last ?? "" }
}

/// An SVG document parsed with XMLParser: every element with its attributes and its text.
final class ParsedSVG: NSObject, XMLParserDelegate {
    struct Element {
        let name: String
        let attributes: [String: String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []
    private(set) var error: (any Error)?

    /// Parses `svg`; records the parser's error when it is not well-formed XML.
    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? CocoaError(.propertyListReadCorrupt) }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) { error = parseError }

    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }
    var tapped: [Element] { elements.filter { $0.attributes["data-tap"] != nil } }
}
