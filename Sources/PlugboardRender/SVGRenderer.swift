import Foundation
import PlugboardConfig
import PlugboardCore
import PlugboardLoader
import PlugboardNavigation

/// Draws the composed screen as a standalone SVG document: the device as a phone or tablet mock
/// (a rounded frame with a margin around the screen, a status bar and a home indicator) and every
/// visible view of the top layer, back to front, in window coordinates. The document is one
/// self-contained file (no external references), the same for the same app state, byte for byte.
///
/// - a non-clear background is a `rect` with `fill="#RRGGBB"` and `fill-opacity` from alpha
///   (a button's with rounded corners);
/// - labels and buttons are one line of `<text>` in their colour, size and family (a PostScript
///   name such as `HelveticaNeue-Medium` also gives its family and weight), placed by alignment
///   and vertically centred (the baseline placed explicitly); each is measured (`TextMeasure`) and fitted into its frame's width:
///   whole, a little smaller, or cut with "…" (the whole text then in `data-text`);
/// - a button without a background of its own gets a rounded pill as wide as its title (within
///   its frame, placed by its alignment), tinted with the title's colour;
/// - the context button of a navigation bar (a button in the bar whose text is "‹", "✕", "☰",
///   "Back", "Close" or "Menu", or whose identifier says which, as the first-party bar's
///   `context` does) is drawn as a built-in glyph (`SVGGlyphs.Context`), unless it has an image
///   that can be shown;
/// - images (`SVGImages`) are files of the app folder (or `data:` URLs) embedded as `data:` URIs;
///   a remote or missing image is a soft placeholder with a small picture and the file's name;
///   the URL is the image's `<title>` either way (nothing is fetched);
/// - a title over an image whose colour would not stand out gets a translucent scrim behind it;
/// - the status bar shows 9:41, signal, Wi-Fi and a full battery, in black or white after what
///   is under it (`device-status`, never tappable);
/// - each view is a `<g>` with `id` from its identifier (made unique) and `data-view` its kind;
///   the shell's areas have a class: `status-bar` (the status-bar container, only when it
///   exists), `navigation-bar` (the bar's area, from the top edge with the UI Builder bar, and
///   the bar plugin's view), `screen-area`;
///   tap targets have `data-tap="n"`, disabled buttons `data-disabled="true"`;
/// - `<desc>` says which screen is visible, the context button and the placement;
/// - with `animate`, the running transition (seed 003) plays: the moving view's group gets a SMIL
///   `<animateTransform>` (or `<animate>` of its opacity for a fade) from where it is now to
///   where it ends, over the time left, on the transition's curve (`keySplines`).
public enum SVGRenderer {
    /// The app's top layer now as an SVG document (UTF-8 text ending in a newline); a shut-down
    /// app gives an empty 0×0 document that says so. Call it on the thread that drives the app.
    ///
    /// - Parameter app: the app to draw.
    /// - Parameter tapBadges: draw each tap target's number in a small badge over the screen.
    /// - Parameter animate: make the running transition play (nothing moves without one).
    /// - Parameter folder: the app folder, which image paths are relative to; without it only
    ///   `data:` URLs are shown and every other image is a placeholder.
    public static func render(
        _ app: PlugboardApp, tapBadges: Bool = true, animate: Bool = false, folder: URL? = nil
    ) -> String {
        guard let scene = RenderScene(app) else {
            return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
                + #"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0">"#
                + "<desc>the app is shut down</desc></svg>"
                + "\n"
        }
        var writer = Writer(images: SVGImages(folder: folder))
        if animate { writer.animation = Animation(app) }
        writer.write(scene, tapBadges: tapBadges)
        return writer.lines.joined(separator: "\n") + "\n"
    }

    /// The device mock's proportions, in points.
    struct Mock {
        let margin: Double
        let deviceRadius: Double
        let screenRadius: Double

        init(_ device: DeviceProfile) {
            if device.isTablet {
                (margin, deviceRadius, screenRadius) = (36, 44, 18)
            } else {
                (margin, deviceRadius, screenRadius) = (18, 60, 44)
            }
        }
    }

    static let defaultFontFamily = SVGFont.defaultFamily
    /// The colours of the mock, the placeholders, the scrims and the badges.
    enum Palette {
        static let deviceFill = "#1C1C1E"
        static let deviceStroke = "#3A3A3C"
        static let deviceBezel = "#000000"
        static let window = ARGBColor(0xFF00_0000)
        static let placeholderTop = "#F3F4F7"
        static let placeholderBottom = "#E3E6EC"
        /// What text over a placeholder is measured against.
        static let placeholder = ARGBColor(0xFFEB_EDF1)
        static let placeholderGlyph = "#B4BAC6"
        static let placeholderText = "#8A909C"
        static let darkScrim = ARGBColor(0x6B00_0000)
        static let lightScrim = ARGBColor(0xB3FF_FFFF)
        static let badge = "#FF9500"
        static let badgeText = "#FFFFFF"
    }

    /// The running transition, as SMIL: which views move (the screen, and for a push or pop the
    /// bar travelling with it and its shadow), by how much, for how long.
    struct Animation {
        /// How far each moving view goes.
        let moves: [ViewHandle: (dx: Double, dy: Double)]
        /// For a fade: the opacity now and at the end.
        let opacity: (from: Double, to: Double)?
        let seconds: Double
        let splines: (Double, Double, Double, Double)

        init?(_ app: PlugboardApp) {
            let ends = app.animationEnds()
            guard let running = app.running, !ends.isEmpty else { return nil }
            moves = Dictionary(
                ends.map { ($0.view, (dx: $0.end.x - $0.now.x, dy: $0.end.y - $0.now.y)) },
                uniquingKeysWith: { a, _ in a })
            let arrival = running.arrival(at: app.clock.now)
            let arrives = running.operation.moverArrives
            opacity = running.spec.direction == .fade ? (arrival, arrives ? 1 : 0) : nil
            seconds = max(0, running.end - app.clock.now) / 1000
            splines = running.spec.curve.controlPoints
        }

        /// The SMIL element for `view`, or nil when it does not move.
        func markup(for view: ViewHandle) -> String? {
            guard let (dx, dy) = moves[view] else { return nil }
            let n = SVGMarkup.number
            let timing =
                #"dur="\#(n(seconds))s" fill="freeze" calcMode="spline" keyTimes="0;1" "#
                + #"keySplines="\#(n(splines.0)) \#(n(splines.1)) \#(n(splines.2)) \#(n(splines.3))""#
            if let opacity {
                return #"<animate attributeName="opacity" values="\#(n(opacity.from));\#(n(opacity.to))" \#(timing)/>"#
            }
            return
                #"<animateTransform attributeName="transform" type="translate" values="0 0;\#(n(dx)) \#(n(dy))" \#(timing)/>"#
        }
    }

    private struct Writer {
        var lines: [String] = []
        var animation: Animation?
        var images: SVGImages
        private var usedIDs: Set<String> = []
        /// The top bar's context button, for a context button with an image that cannot be shown.
        private var context: SVGGlyphs.Context?
        /// The id of the placeholders' gradient.
        private var placeholderFill = ""
        /// What has been painted so far, back to front: for the colour of what text, the status
        /// bar and the home indicator are drawn over.
        private var painted: [(frame: Rect, under: Under)] = []

        /// What a painted area shows.
        enum Under {
            case color(ARGBColor)
            /// An image: a placeholder of a known colour, or a picture (nil) of unknown colours.
            case picture(ARGBColor?)
        }

        init(images: SVGImages) { self.images = images }

        mutating func line(_ depth: Int, _ text: String) {
            lines.append(String(repeating: "  ", count: depth) + text)
        }

        /// `identifier` as a document-unique id: a repeated one gets `-2`, `-3`, ….
        mutating func uniqueID(_ identifier: String) -> String {
            var candidate = identifier
            var suffix = 1
            while usedIDs.contains(candidate) {
                suffix += 1
                candidate = "\(identifier)-\(suffix)"
            }
            usedIDs.insert(candidate)
            return candidate
        }

        mutating func write(_ scene: RenderScene, tapBadges: Bool) {
            let device = scene.device
            let mock = Mock(device)
            let width = device.width + 2 * mock.margin
            let height = device.height + 2 * mock.margin
            let n = SVGMarkup.number
            let screenClip = SVGMarkup.escape(uniqueID("pb-screen"))
            placeholderFill = SVGMarkup.escape(uniqueID("pb-placeholder"))
            context = SVGGlyphs.Context(rawValue: scene.state.bar.contextButton.rawValue)
            line(0, #"<?xml version="1.0" encoding="UTF-8"?>"#)
            line(
                0,
                #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(n(width))" height="\#(n(height))" "#
                    + #"viewBox="0 0 \#(n(width)) \#(n(height))" data-device="\#(device.kind.rawValue)" "#
                    + #"data-state="\#(SVGMarkup.escape(scene.state.state))" "#
                    + #"data-screen="\#(SVGMarkup.escape(scene.state.visibleScreen ?? ""))">"#)
            line(1, "<title>Plugboard: \(SVGMarkup.escape(scene.state.visibleScreen ?? "no screen"))</title>")
            let status = scene.statusFields.map { "\($0.0): \($0.1)" }.joined(separator: " · ")
            line(1, "<desc>visible \(SVGMarkup.escape(status))</desc>")
            line(1, "<defs>")
            line(
                2,
                #"<clipPath id="\#(screenClip)"><rect \#(SVGMarkup.geometry(device.bounds)) "#
                    + #"rx="\#(n(mock.screenRadius))"/></clipPath>"#)
            line(
                2,
                #"<linearGradient id="\#(placeholderFill)" x1="0" y1="0" x2="1" y2="1">"#
                    + #"<stop offset="0" stop-color="\#(Palette.placeholderTop)"/>"#
                    + #"<stop offset="1" stop-color="\#(Palette.placeholderBottom)"/></linearGradient>"#)
            line(1, "</defs>")
            line(
                1,
                #"<rect class="device" x="0" y="0" width="\#(n(width))" height="\#(n(height))" "#
                    + #"rx="\#(n(mock.deviceRadius))" fill="\#(Palette.deviceFill)" "#
                    + #"stroke="\#(Palette.deviceStroke)" stroke-width="2"/>"#)
            line(
                1,
                #"<rect class="bezel" x="\#(n(mock.margin - 3))" y="\#(n(mock.margin - 3))" "#
                    + #"width="\#(n(device.width + 6))" height="\#(n(device.height + 6))" "#
                    + #"rx="\#(n(mock.screenRadius + 3))" fill="\#(Palette.deviceBezel)"/>"#)
            line(
                1,
                #"<g class="screen" transform="translate(\#(n(mock.margin)) \#(n(mock.margin)))" "#
                    + #"clip-path="url(#\#(screenClip))">"#)
            line(
                2,
                #"<rect class="window" \#(SVGMarkup.geometry(device.bounds)) \#(SVGMarkup.paint(Palette.window))/>"#)
            if let backdrop = scene.backdrop { write(backdrop, depth: 2, inBar: false, isTop: false) }
            if let root = scene.root { write(root, depth: 2, inBar: false, isTop: true) }
            if let leaving = scene.leaving { write(leaving, depth: 2, inBar: false, isTop: false) }
            if let logo = scene.logo {
                line(2, #"<g class="logo" data-source="navigation-bar-appearance">"#)
                image(logo.url, source: images.source(logo.url), in: logo.frame, alignment: .center, depth: 3)
                line(2, "</g>")
            }
            deviceStatus(device, depth: 2)
            if tapBadges, let root = scene.root { badges(root, device: device, depth: 2) }
            line(1, "</g>")
            line(0, "</svg>")
        }

        /// A view's group: its background, image, chrome and title, then its children.
        private mutating func write(_ node: RenderScene.Node, depth: Int, inBar: Bool, isTop: Bool) {
            let view = node.view
            var attributes = ""
            if let identifier = view.identifier, !identifier.isEmpty {
                attributes += " id=\"\(SVGMarkup.escape(uniqueID(identifier)))\""
            }
            attributes += " data-view=\"\(view.kind.rawValue)\""
            switch node.role {
            case .statusBar: attributes += " class=\"status-bar\""
            case .navigationBar: attributes += " class=\"navigation-bar\""
            case .screenArea: attributes += " class=\"screen-area\""
            case .view: break
            }
            if let number = node.tapNumber { attributes += " data-tap=\"\(number)\"" }
            if view.kind == .button, !view.isEnabled { attributes += " data-disabled=\"true\" opacity=\"0.45\"" }
            line(depth, "<g\(attributes)>")
            if let markup = animation?.markup(for: view.handle) { line(depth + 1, markup) }
            let inBar = inBar || node.role == .navigationBar
            let frame = node.frame
            let hasArea = frame.width > 0 && frame.height > 0
            let isButton = view.kind == .button
            let text = view.text.map(RenderText.singleLine) ?? ""
            let showsText = (view.kind == .label || isButton) && !text.isEmpty
            let ownBackground = hasArea && view.backgroundColor.alpha > 0
            if ownBackground {
                let radius = isButton ? min(8, frame.height / 2, frame.width / 2) : 0
                let corner = radius > 0 ? #" rx="\#(SVGMarkup.number(radius))""# : ""
                line(
                    depth + 1, "<rect \(SVGMarkup.geometry(frame))\(corner) \(SVGMarkup.paint(view.backgroundColor))/>")
                paint(frame, .color(view.backgroundColor))
            }
            // A context button of a bar: its glyph, unless its image can be shown.
            var glyph: (glyph: SVGGlyphs.Context, word: String?)?
            if isButton, inBar {
                glyph = SVGGlyphs.Context.named(text: text, identifier: view.identifier)
                if glyph == nil, text.isEmpty, isTop, view.identifier == "context", let context {
                    glyph = (context, nil)
                }
            }
            var drewImage = false
            if hasArea, let url = view.imageURL, !url.isEmpty, view.kind == .image || !showsText {
                let source = images.source(url)
                if glyph != nil, !source.isEmbedded {
                    // The glyph stands in for a picture that cannot be shown; the URL stays its tooltip.
                    line(depth + 1, "<title>\(SVGMarkup.escape(url))</title>")
                } else {
                    image(url, source: source, in: frame, alignment: view.alignment, depth: depth + 1)
                    drewImage = true
                    glyph = nil
                }
            }
            if hasArea, isButton {
                if let glyph {
                    contextButton(glyph.glyph, word: glyph.word, of: view, in: frame, depth: depth + 1)
                } else if showsText {
                    buttonTitle(text, of: view, in: frame, pill: !ownBackground, depth: depth + 1)
                } else if !ownBackground, !drewImage {
                    // Nothing to show: a faint outline marks where it can be tapped.
                    let radius = min(8, frame.height / 2, frame.width / 2)
                    line(
                        depth + 1,
                        #"<rect \#(SVGMarkup.geometry(Self.inset(frame, 0.5))) rx="\#(SVGMarkup.number(radius))" "#
                            + #"fill="none" \#(SVGMarkup.paint(view.textColor, "stroke")) stroke-opacity="0.3"/>"#)
                }
            } else if hasArea, showsText {
                labelText(text, of: view, in: frame, depth: depth + 1)
            }
            for child in node.children { write(child, depth: depth + 1, inBar: inBar, isTop: isTop) }
            line(depth, "</g>")
        }

        // MARK: Text

        /// A label's title, fitted into its frame and placed by its alignment.
        private mutating func labelText(_ text: String, of view: HostView, in frame: Rect, depth: Int) {
            let font = SVGFont(view.fontFamily)
            let fitted = TextMeasure.fit(text, width: frame.width, fontSize: view.fontSize, weight: font.weight)
            guard !fitted.text.isEmpty else { return }
            let left =
                switch view.alignment {
                case .left: frame.x
                case .center: frame.x + (frame.width - fitted.width) / 2
                case .right: frame.maxX - fitted.width
                }
            let box = Rect(x: left, y: frame.y + frame.height / 2, width: fitted.width, height: 0)
            if let scrim = scrim(for: view.textColor, under: box) {
                let height = fitted.fontSize * 1.45
                let padding = fitted.fontSize * 0.35
                let rect = Rect(
                    x: left - padding, y: box.y - height / 2, width: fitted.width + 2 * padding, height: height)
                line(depth, Self.scrimMarkup(rect, scrim, radius: min(6, height / 2)))
            }
            textElement(fitted, whole: text, left: left, in: frame, of: view, font: font, depth: depth)
        }

        /// A button's title, fitted into its frame, in a pill as wide as the title unless the
        /// button paints its own background.
        private mutating func buttonTitle(_ text: String, of view: HostView, in frame: Rect, pill: Bool, depth: Int) {
            let font = SVGFont(view.fontFamily)
            let padding = min(12, view.fontSize * 0.6)
            // A wide button keeps its padding; a narrow one (a bar's 44-point square) gives it up
            // to its title.
            let inner = frame.width > 88 ? padding : 1
            let fitted = TextMeasure.fit(
                text, width: max(0, frame.width - 2 * inner), fontSize: view.fontSize, weight: font.weight)
            // Side by side in a bar, pills keep a little space between them.
            let width = min(max(0, frame.width - 2), fitted.width + 2 * padding)
            let left =
                switch view.alignment {
                case .left: frame.x + min(1, frame.width / 2)
                case .center: frame.x + (frame.width - width) / 2
                case .right: frame.maxX - min(1, frame.width / 2) - width
                }
            let textLeft = left + (width - fitted.width) / 2
            let height = min(frame.height, max(view.fontSize, fitted.fontSize) * 1.8)
            let chrome = Rect(x: left, y: frame.y + (frame.height - height) / 2, width: width, height: height)
            let scrim = scrim(
                for: view.textColor, under: Rect(x: textLeft, y: chrome.y + height / 2, width: fitted.width, height: 0))
            let radius = min(8, height / 2)
            if let scrim {
                line(depth, Self.scrimMarkup(chrome, scrim, radius: radius))
            } else if pill {
                line(
                    depth,
                    #"<rect class="pill" \#(SVGMarkup.geometry(Self.inset(chrome, 0.5))) rx="\#(SVGMarkup.number(radius))" "#
                        + #"\#(SVGMarkup.paint(view.textColor)) fill-opacity="0.12" "#
                        + #"\#(SVGMarkup.paint(view.textColor, "stroke")) stroke-opacity="0.22"/>"#)
            }
            guard !fitted.text.isEmpty else { return }
            textElement(fitted, whole: text, left: textLeft, in: frame, of: view, font: font, depth: depth)
        }

        /// A context button's glyph, with its word beside it when the word fits whole.
        private mutating func contextButton(
            _ glyph: SVGGlyphs.Context, word: String?, of view: HostView, in frame: Rect, depth: Int
        ) {
            let size = view.fontSize
            let font = SVGFont(view.fontFamily)
            let glyphWidth = min(glyph.width(fontSize: size), frame.width)
            let gap = size * 0.3
            let words = word.map {
                TextMeasure.fit(
                    $0, width: frame.width - glyphWidth - gap - 2, fontSize: size, weight: font.weight, minimumScale: 1)
            }
            let shown = words.flatMap { $0.isTruncated ? nil : $0 }
            let total = glyphWidth + (shown.map { gap + $0.width } ?? 0)
            // A glyph alone sits in the middle of a bar's square button.
            let inset = min(max(0, (frame.width - total) / 2), shown == nil ? size : size * 0.6)
            let left =
                switch view.alignment {
                case .left: frame.x + inset
                case .center: frame.x + (frame.width - total) / 2
                case .right: frame.maxX - inset - total
                }
            let y = frame.y + frame.height / 2
            let box = Rect(x: left, y: y, width: total, height: 0)
            if let scrim = scrim(for: view.textColor, under: box) {
                let height = min(frame.height, size * 1.8)
                let padding = (min(frame.width, total + size) - total) / 2
                let rect = Rect(x: left - padding, y: y - height / 2, width: total + 2 * padding, height: height)
                line(depth, Self.scrimMarkup(rect, scrim, radius: min(8, height / 2)))
            }
            line(depth, glyph.markup(x: left + glyphWidth / 2, y: y, fontSize: size, color: view.textColor))
            if let shown {
                textElement(
                    shown, whole: shown.text, left: left + glyphWidth + gap, in: frame, of: view, font: font,
                    depth: depth)
            }
        }

        /// One line of `<text>` starting at `left`, vertically centred in `frame`; the whole text
        /// in `data-text` when it was cut.
        private mutating func textElement(
            _ fitted: TextMeasure.Fitted, whole: String, left: Double, in frame: Rect, of view: HostView,
            font: SVGFont, depth: Int
        ) {
            let n = SVGMarkup.number
            let (x, anchor) =
                switch view.alignment {
                case .left: (left, "start")
                case .center: (left + fitted.width / 2, "middle")
                case .right: (left + fitted.width, "end")
                }
            var attributes =
                #"x="\#(n(x))" y="\#(n(Self.baseline(frame.y + frame.height / 2, fitted.fontSize)))" "#
                + #"font-size="\#(n(fitted.fontSize))" "#
                + #"font-family="\#(SVGMarkup.escape(font.family))""#
            if font.weight != 400 { attributes += #" font-weight="\#(font.weight)""# }
            attributes += #" \#(SVGMarkup.paint(view.textColor)) text-anchor="\#(anchor)""#
            if fitted.isTruncated { attributes += #" data-text="\#(SVGMarkup.escape(whole))""# }
            // A label shows its text as set: runs of spaces (a plugin's aligned columns) are kept,
            // where SVG would collapse them. On each `<text>`: a browser ignores it on the root.
            attributes += #" xml:space="preserve""#
            line(depth, "<text \(attributes)>\(SVGMarkup.escape(fitted.text))</text>")
        }

        // MARK: Contrast

        private mutating func paint(_ frame: Rect, _ under: Under) { painted.append((frame, under)) }

        /// What was painted last at (`x`, `y`), mostly opaque; nil for the bare window.
        private func under(x: Double, y: Double) -> Under? {
            painted.last { entry in
                let frame = entry.frame
                guard frame.x <= x, x < frame.maxX, frame.y <= y, y < frame.maxY else { return false }
                if case .color(let color) = entry.under { return color.alpha >= 128 }
                return true
            }?.under
        }

        /// The scrim text of `color` needs over what is under `box` (its middle), when that is an
        /// image it would not stand out on: dark behind light text, light behind dark text.
        private func scrim(for color: ARGBColor, under box: Rect) -> ARGBColor? {
            guard case .picture(let assumed) = under(x: box.x + box.width / 2, y: box.y) else { return nil }
            if let assumed, SVGMarkup.contrast(color, assumed) >= 3 { return nil }
            return SVGMarkup.luminance(color) > 0.4 ? Palette.darkScrim : Palette.lightScrim
        }

        private static func scrimMarkup(_ rect: Rect, _ color: ARGBColor, radius: Double) -> String {
            #"<rect class="scrim" \#(SVGMarkup.geometry(rect)) rx="\#(SVGMarkup.number(radius))" "#
                + #"\#(SVGMarkup.paint(color)) pointer-events="none"/>"#
        }

        /// Black or white, whichever stands out on what is painted at (`x`, `y`).
        private func contentColor(x: Double, y: Double) -> ARGBColor {
            let light = ARGBColor(0xFFFF_FFFF)
            let dark = ARGBColor(0xFF00_0000)
            switch under(x: x, y: y) {
            case .color(let color): return SVGMarkup.luminance(color) > 0.4 ? dark : light
            case .picture(let assumed?): return SVGMarkup.luminance(assumed) > 0.4 ? dark : light
            case .picture(nil), nil: return light
            }
        }

        /// The baseline that centres a line of `fontSize` on `middle`: explicit, because not every
        /// renderer honours `dominant-baseline` (librsvg does not).
        private static func baseline(_ middle: Double, _ fontSize: Double) -> Double {
            middle + fontSize * TextMeasure.baselineOffset
        }

        private static func inset(_ rect: Rect, _ by: Double) -> Rect {
            Rect(
                x: rect.x + by, y: rect.y + by, width: max(0, rect.width - 2 * by), height: max(0, rect.height - 2 * by)
            )
        }

        // MARK: Images

        /// An image view's picture: embedded, or a placeholder; the URL is its tooltip.
        private mutating func image(
            _ url: String, source: SVGImages.Source, in frame: Rect, alignment: ViewAlignment, depth: Int
        ) {
            let kind: String
            switch source {
            case .embedded: kind = "embedded"
            case .remote: kind = "remote"
            case .unavailable: kind = "unavailable"
            }
            line(depth, #"<g class="image" data-image="\#(kind)">"#)
            line(depth + 1, "<title>\(SVGMarkup.escape(url))</title>")
            if case .embedded(let uri) = source {
                let align =
                    switch alignment {
                    case .left: "xMinYMid"
                    case .center: "xMidYMid"
                    case .right: "xMaxYMid"
                    }
                line(
                    depth + 1,
                    #"<image href="\#(SVGMarkup.escape(uri))" \#(SVGMarkup.geometry(frame)) "#
                        + #"preserveAspectRatio="\#(align) meet"/>"#)
                paint(frame, .picture(nil))
                line(depth, "</g>")
                return
            }
            line(depth + 1, #"<rect \#(SVGMarkup.geometry(frame)) fill="url(#\#(placeholderFill))"/>"#)
            paint(frame, .picture(Palette.placeholder))
            // A small picture, and the file's name under it (or beside it in a short, wide frame).
            let name = RenderText.imageName(url)
            let nameSize = 10.0
            let stacked = frame.height >= 44 && frame.width >= 44
            let glyph = stacked ? min(22, frame.height * 0.32, frame.width * 0.3) : min(16, frame.height * 0.45)
            let nameWidth = stacked ? frame.width - 8 : frame.width - glyph - 6 - 12
            let label = nameWidth >= 30 ? Self.fileName(name, width: nameWidth, fontSize: nameSize) : nil
            let (midX, midY) = (frame.x + frame.width / 2, frame.y + frame.height / 2)
            var parts: [String] = []
            if stacked {
                let glyphY = label == nil ? midY : midY - nameSize * 0.75
                if glyph >= 8 {
                    parts.append(SVGGlyphs.picture(x: midX, y: glyphY, size: glyph, color: Palette.placeholderGlyph))
                }
                if let label {
                    parts.append(
                        Self.placeholderName(
                            label, x: midX, y: glyphY + glyph * 0.4 + nameSize * 0.95, anchor: "middle"))
                }
            } else if glyph >= 8 {
                let total = glyph + (label.map { 6 + $0.width } ?? 0)
                let left = midX - total / 2
                parts.append(
                    SVGGlyphs.picture(x: left + glyph / 2, y: midY, size: glyph, color: Palette.placeholderGlyph))
                if let label {
                    parts.append(Self.placeholderName(label, x: left + glyph + 6, y: midY, anchor: "start"))
                }
            }
            for part in parts { line(depth + 1, part) }
            line(depth, "</g>")
        }

        /// A file name fitted to `width`, cut before its extension ("harbour-li….png").
        private static func fileName(_ name: String, width: Double, fontSize: Double) -> TextMeasure.Fitted? {
            let whole = TextMeasure.fit(name, width: width, fontSize: fontSize, minimumScale: 1)
            guard whole.isTruncated, let dot = name.lastIndex(of: "."), dot > name.startIndex else {
                return whole.text.isEmpty ? nil : whole
            }
            let suffix = String(name[dot...])
            let suffixWidth = TextMeasure.width(suffix, fontSize: fontSize)
            let stem = TextMeasure.fit(
                String(name[..<dot]), width: width - suffixWidth, fontSize: fontSize, minimumScale: 1)
            guard stem.text.count > 1 else { return whole.text.isEmpty ? nil : whole }
            return TextMeasure.Fitted(
                text: stem.text + suffix, fontSize: fontSize, width: stem.width + suffixWidth, isTruncated: true)
        }

        private static func placeholderName(_ name: TextMeasure.Fitted, x: Double, y: Double, anchor: String) -> String
        {
            let n = SVGMarkup.number
            return
                #"<text x="\#(n(x))" y="\#(n(baseline(y, name.fontSize)))" font-size="\#(n(name.fontSize))" "#
                + #"font-family="\#(SVGRenderer.defaultFontFamily)" fill="\#(Palette.placeholderText)" "#
                + #"text-anchor="\#(anchor)" xml:space="preserve">\#(SVGMarkup.escape(name.text))</text>"#
        }

        // MARK: The device

        /// The status bar (9:41, signal, Wi-Fi, battery) and the home indicator, over everything,
        /// in black or white after what is under them.
        private mutating func deviceStatus(_ device: DeviceProfile, depth: Int) {
            let n = SVGMarkup.number
            let tablet = device.isTablet
            let y = tablet ? device.statusBarHeight / 2 : device.statusBarHeight / 2 + 3
            let (timeX, anchor, size) = tablet ? (20.0, "start", 13.0) : (58.0, "middle", 17.0)
            let color = contentColor(x: timeX, y: y)
            line(depth, #"<g class="device-status" pointer-events="none">"#)
            line(
                depth + 1,
                #"<text x="\#(n(timeX))" y="\#(n(Self.baseline(y, size)))" font-size="\#(n(size))" "#
                    + #"font-family="\#(SVGRenderer.defaultFontFamily)" font-weight="600" "#
                    + #"\#(SVGMarkup.paint(color)) text-anchor="\#(anchor)">9:41</text>"#)
            let right = device.width - (tablet ? 20 : 26)
            let iconColor = contentColor(x: right - 30, y: y)
            for icon in SVGGlyphs.statusIcons(right: right, y: y, scale: tablet ? 0.8 : 1, color: iconColor) {
                line(depth + 1, icon)
            }
            let indicatorWidth = tablet ? 240.0 : 134
            let indicatorY = device.height - 8 - 2.5
            let indicator = contentColor(x: device.width / 2, y: indicatorY)
            line(
                depth + 1,
                #"<rect class="home-indicator" x="\#(n((device.width - indicatorWidth) / 2))" y="\#(n(indicatorY))" "#
                    + #"width="\#(n(indicatorWidth))" height="5" rx="2.5" \#(SVGMarkup.paint(indicator)) "#
                    + #"fill-opacity="0.85"/>"#)
            line(depth, "</g>")
        }

        /// Each tap target's number in a badge on its top-left corner, over everything (not for
        /// targets of zero size, which have no corner to put it in). The badge sits mostly
        /// outside the target, up and to the left, so at most a corner of `inside` points of it
        /// is over the target, where no title starts (titles are padded and vertically
        /// centred). The badge stays inside the screen: a target on the left edge has it moved
        /// right, still above the target's title.
        private mutating func badges(_ root: RenderScene.Node, device: DeviceProfile, depth: Int) {
            let targets = root.flattened.filter { $0.tapNumber != nil && $0.frame.width > 0 && $0.frame.height > 0 }
            guard !targets.isEmpty else { return }
            let n = SVGMarkup.number
            line(depth, #"<g class="tap-badges" pointer-events="none">"#)
            for node in targets {
                let number = node.tapNumber!
                let radius = 7.0
                let inside = 4.0
                let x = min(max(node.frame.x + inside - radius, radius + 1), device.width - radius - 1)
                let y = min(max(node.frame.y + inside - radius, radius + 1), device.height - radius - 1)
                line(
                    depth + 1,
                    #"<g data-badge="\#(number)"><circle cx="\#(n(x))" cy="\#(n(y))" r="\#(n(radius))" "#
                        + #"fill="\#(Palette.badge)" stroke="\#(Palette.badgeText)" stroke-width="1"/>"#
                        + #"<text x="\#(n(x))" y="\#(n(Self.baseline(y, 9)))" font-size="9" font-weight="600" "#
                        + #"font-family="\#(SVGRenderer.defaultFontFamily)" fill="\#(Palette.badgeText)" "#
                        + #"text-anchor="middle">\#(number)</text></g>"#)
            }
            line(depth, "</g>")
        }
    }
}
