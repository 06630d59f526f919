import Foundation
import PlugboardCore
import PlugboardLoader

/// The built-in generic screen (the seed's GAGenericViewController) for `general_content`
/// screens: the title, the details of the data source it was opened with (if that has a
/// `title`), then each `ui_component` as a titled section of cells.
///
/// A cell's title view is named `cell:<component position>:<entry index>` (entries from 0). In a
/// connected component it is a button whose tap calls `open` with the component's target and the
/// cell's data source; otherwise it is a label, and tapping it does nothing. Opening the target is
/// the caller's business (push or present by the target's `styles.presentation`).
final class ContentScreen: HostDrawnScreen {
    /// A vertical run of views and how it is laid out; the list may run past the bottom.
    private enum Block {
        case line(ViewHandle)
        case picture(ViewHandle)
        case cell(row: ViewHandle, image: ViewHandle?, title: ViewHandle)
    }

    let sections: [ContentSection]
    let details: ContentDetails?
    private var blocks: [Block] = [] { didSet { laidOutSize = nil } }
    /// The size the blocks were last framed for: the same size again frames nothing anew (the
    /// screen's views are its own; nothing else moves them).
    private var laidOutSize: (width: Double, height: Double)?

    /// - Parameters:
    ///   - components: the screen's `ui_components`.
    ///   - dataSource: what the screen was opened with (a cell's data source), else its own.
    ///   - feedBase: the app folder local feed paths are relative to; nil reads no feed.
    ///   - open: called with a cell's target screen id and data source when the cell is tapped.
    init(
        screenID: String, screenType: String, title: String, components: [JSONValue], dataSource: JSONValue?,
        feedBase: URL?, background: ARGBColor?, environment: PlugboardHost,
        open: @escaping (_ target: String, _ dataSource: JSONValue) -> Void
    ) {
        sections = ContentSection.sections(of: components, feedBase: feedBase)
        details = ContentDetails(dataSource: dataSource)
        super.init(
            screenID: screenID, screenType: screenType, title: title, background: background ?? ARGBColor(0xFFFF_FFFF),
            environment: environment)
        addLine(title)
        if let details { addDetails(details) }
        for section in sections { addSection(section, open: open) }
        if sections.isEmpty, details == nil { addLine("(no components)", color: ARGBColor(0xFF66_6666)) }
    }

    /// Why a component's local feed could not be read, one line each: for the app's log.
    var problems: [String] { sections.compactMap { $0.problem?.description } }

    private func add(_ kind: ViewKind, to parent: ViewHandle?) -> ViewHandle {
        let view = tree.create(kind, owner: owner)
        try? tree.addChild(view, to: parent ?? rootView, by: owner)
        return view
    }

    private func addLine(_ text: String, size: Double? = nil, color: ARGBColor? = nil) {
        let label = add(.label, to: nil)
        _ = try? tree.setText(label, text, by: owner)
        if let size { try? tree.setFont(label, family: nil, size: size, by: owner) }
        if let color { try? tree.setTextColor(label, color, by: owner) }
        blocks.append(.line(label))
    }

    private func addDetails(_ details: ContentDetails) {
        addLine(details.title, size: 20)
        if let summary = details.summary { addLine(summary, size: 15, color: ARGBColor(0xFF44_4444)) }
        if let image = details.image {
            let view = add(.image, to: nil)
            try? tree.setIdentifier(view, "details-image", by: owner)
            try? tree.setImageURL(view, image, by: owner)
            blocks.append(.picture(view))
        }
    }

    private func addSection(_ section: ContentSection, open: @escaping (String, JSONValue) -> Void) {
        addLine(section.title.uppercased(), size: 13, color: ARGBColor(0xFF66_6666))
        if let problem = section.problem { addLine("⚠ \(problem)", size: 13, color: ARGBColor(0xFFB0_0020)) }
        for (index, cell) in section.cells.enumerated() {
            let row = add(.container, to: nil)
            let image = cell.image.map { url in
                let view = add(.image, to: row)
                try? tree.setImageURL(view, url, by: owner)
                return view
            }
            let titleView = add(section.target == nil ? .label : .button, to: row)
            try? tree.setIdentifier(titleView, "cell:\(section.position):\(index)", by: owner)
            _ = try? tree.setText(titleView, cell.title, by: owner)
            if let target = section.target {
                let dataSource = cell.dataSource
                try? tree.setBackgroundColor(titleView, ARGBColor(0xFFF2_F2F2), by: owner)
                try? tree.setTapAction(titleView, .host { open(target, dataSource) }, by: owner)
            }
            blocks.append(.cell(row: row, image: image, title: titleView))
        }
    }

    /// Blocks stacked top to bottom with a margin of 16 (less on a screen narrower than 32), so
    /// every frame stays inside the width and no size is negative, even at width 0.
    override func layout(width: Double, height: Double) {
        if let laidOutSize, laidOutSize == (width, height) { return }
        laidOutSize = (width, height)
        let margin = min(16, max(0, width) / 2)
        let inner = max(0, width - 2 * margin)
        var y = margin
        func place(_ view: ViewHandle, _ frame: Rect) { try? tree.setFrame(view, frame, by: owner) }
        for block in blocks {
            switch block {
            case .line(let label):
                place(label, Rect(x: margin, y: y, width: inner, height: 24))
                y += 28
            case .picture(let image):
                let pictureHeight = min(200, inner * 9 / 16)
                place(image, Rect(x: margin, y: y, width: inner, height: pictureHeight))
                y += pictureHeight + 8
            case .cell(let row, let image, let title):
                let rowHeight: Double = image == nil ? 44 : 64
                place(row, Rect(x: margin, y: y, width: inner, height: rowHeight))
                var titleX = 0.0
                if let image {
                    place(image, Rect(x: 0, y: 4, width: min(96, inner), height: 56))
                    titleX = min(inner, 104)
                }
                place(title, Rect(x: titleX, y: (rowHeight - 40) / 2, width: inner - titleX, height: 40))
                y += rowHeight + 8
            }
        }
    }

}
