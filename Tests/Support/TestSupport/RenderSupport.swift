import Foundation
import FoundationXML
import Testing

/// A text rendering split into its parts: the grid inside the device frame, then the legend
/// and the status line.
package struct TextDrawing {
    package let output: String
    package let lines: [String]
    /// The rows inside the device frame, without the frame's side columns.
    package let grid: [String]
    /// The lines under the frame: the legend, then the status line.
    package let footer: [String]

    package init(_ output: String) {
        self.output = output
        lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let bottom = lines.firstIndex { $0.hasPrefix("╰") } ?? lines.count
        grid = lines[1..<bottom].map { String($0.dropFirst().dropLast()) }
        footer = lines[(bottom + 1)...].filter { !$0.isEmpty }
    }

    package var gridText: String { grid.joined(separator: "\n") }
    package var columns: Int { grid.first?.count ?? 0 }
    package var rows: Int { grid.count }
    package var statusLine: String { footer.last ?? "" }
}

/// An SVG document parsed with XMLParser: every element with its attributes and its text.
package final class ParsedSVG: NSObject, XMLParserDelegate {
    package struct Element {
        package let name: String
        package let attributes: [String: String]
        package var text = ""
    }

    package private(set) var elements: [Element] = []
    private var open: [Int] = []
    package private(set) var error: (any Error)?

    /// Parses `svg`; records the parser's error when it is not well-formed XML.
    package init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? CocoaError(.propertyListReadCorrupt) }
    }

    package func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributes))
    }

    package func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        open.removeLast()
    }

    package func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    package func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) { error = parseError }

    package func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }
    package var tapped: [Element] { elements.filter { $0.attributes["data-tap"] != nil } }
}
