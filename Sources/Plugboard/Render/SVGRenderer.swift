/// Draws the composed screen as a standalone SVG document: the device as a phone or tablet mock
/// (a rounded frame with a margin around the screen) and every visible view of the top layer,
/// back to front, in window coordinates.
///
/// - a non-clear background is a `rect` with `fill="#RRGGBB"` and `fill-opacity` from alpha;
/// - labels and buttons are `<text>` in their colour, size and family, placed by alignment,
///   vertically centred and clipped to their frame; buttons get a rounded outline;
/// - images are a placeholder with the URL in a `<title>` (nothing is fetched), plus an
///   `<image href>` for http(s) URLs;
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
    /// - Parameter tapBadges: draw each tap target's number in a small badge over the screen.
    /// - Parameter animate: make the running transition play (nothing moves without one).
    public static func render(_ app: PlugboardApp, tapBadges: Bool = true, animate: Bool = false) -> String {
        guard let scene = RenderScene(app) else {
            return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
                + #"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0">"#
                + "<desc>the app is shut down</desc></svg>"
                + "\n"
        }
        var writer = Writer()
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

    static let defaultFontFamily = "-apple-system, Helvetica, Arial, sans-serif"
    /// The colours of the mock, the placeholders and the badges.
    enum Palette {
        static let deviceFill = "#1C1C1E"
        static let deviceStroke = "#3A3A3C"
        static let window = "#000000"
        static let outline = "#8E8E93"
        static let imageFill = "#E5E5EA"
        static let imageStroke = "#AEAEB2"
        static let imageText = "#6C6C70"
        static let badge = "#FF9500"
        static let badgeText = "#FFFFFF"
    }

    /// The running transition, as SMIL: which view moves, by how much, for how long.
    struct Animation {
        let view: ViewHandle
        let dx: Double
        let dy: Double
        /// For a fade: the opacity now and at the end.
        let opacity: (from: Double, to: Double)?
        let seconds: Double
        let splines: (Double, Double, Double, Double)

        init?(_ app: PlugboardApp) {
            guard let running = app.running, let frames = app.animationEnds() else { return nil }
            view = frames.view
            dx = frames.end.x - frames.now.x
            dy = frames.end.y - frames.now.y
            let arrival = running.arrival(at: app.clock.now)
            let arrives = running.operation.moverArrives
            opacity = running.spec.direction == .fade ? (arrival, arrives ? 1 : 0) : nil
            seconds = max(0, running.end - app.clock.now) / 1000
            splines = running.spec.curve.controlPoints
        }

        var markup: String {
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
        private var usedIDs: Set<String> = []
        private var clips = 0

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
            let screenClip = uniqueID("pb-screen")
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
                #"<clipPath id="\#(SVGMarkup.escape(screenClip))"><rect \#(SVGMarkup.geometry(device.bounds)) "#
                    + #"rx="\#(n(mock.screenRadius))"/></clipPath>"#)
            line(1, "</defs>")
            line(
                1,
                #"<rect class="device" x="0" y="0" width="\#(n(width))" height="\#(n(height))" "#
                    + #"rx="\#(n(mock.deviceRadius))" fill="\#(Palette.deviceFill)" "#
                    + #"stroke="\#(Palette.deviceStroke)" stroke-width="2"/>"#)
            line(
                1,
                #"<g class="screen" transform="translate(\#(n(mock.margin)) \#(n(mock.margin)))" "#
                    + #"clip-path="url(#\#(SVGMarkup.escape(screenClip)))">"#)
            line(2, #"<rect class="window" \#(SVGMarkup.geometry(device.bounds)) fill="\#(Palette.window)"/>"#)
            for layer in [scene.backdrop, scene.root, scene.leaving].compactMap({ $0 }) { write(layer, depth: 2) }
            if let logo = scene.logo {
                line(2, #"<g class="logo" data-source="navigation-bar-appearance">"#)
                image(logo.url, in: logo.frame, alignment: .center, depth: 3)
                line(2, "</g>")
            }
            if tapBadges, let root = scene.root { badges(root, depth: 2) }
            line(1, "</g>")
            line(0, "</svg>")
        }

        /// A view's group: its background, outline, content, then its children.
        private mutating func write(_ node: RenderScene.Node, depth: Int) {
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
            if let animation, animation.view == view.handle { line(depth + 1, animation.markup) }
            let frame = node.frame
            let hasArea = frame.width > 0 && frame.height > 0
            if hasArea, view.backgroundColor.alpha > 0 {
                line(depth + 1, "<rect \(SVGMarkup.geometry(frame)) \(SVGMarkup.paint(view.backgroundColor))/>")
            }
            let text = view.text.map(RenderText.singleLine) ?? ""
            let showsText = (view.kind == .label || view.kind == .button) && !text.isEmpty
            if hasArea, let url = view.imageURL, !url.isEmpty, view.kind == .image || !showsText {
                image(url, in: frame, alignment: view.alignment, depth: depth + 1)
            }
            if hasArea, view.kind == .button {
                let outline = Rect(
                    x: frame.x + 0.5, y: frame.y + 0.5, width: max(0, frame.width - 1),
                    height: max(0, frame.height - 1))
                let radius = min(8, outline.height / 2)
                line(
                    depth + 1,
                    #"<rect \#(SVGMarkup.geometry(outline)) rx="\#(SVGMarkup.number(radius))" fill="none" "#
                        + #"stroke="\#(Palette.outline)" stroke-width="1"/>"#)
            }
            if hasArea, showsText { self.text(text, of: view, in: frame, depth: depth + 1) }
            for child in node.children { write(child, depth: depth + 1) }
            line(depth, "</g>")
        }

        /// `<text>` in the view's colour and font, placed by alignment, clipped to `frame`.
        private mutating func text(_ text: String, of view: HostView, in frame: Rect, depth: Int) {
            let inset = view.kind == .button ? 6.0 : 0
            let (x, anchor) =
                switch view.alignment {
                case .left: (frame.x + inset, "start")
                case .center: (frame.x + frame.width / 2, "middle")
                case .right: (frame.maxX - inset, "end")
                }
            let clip = clipPath(frame, depth: depth)
            let family = view.fontFamily.flatMap { $0.isEmpty ? nil : $0 } ?? SVGRenderer.defaultFontFamily
            let n = SVGMarkup.number
            line(
                depth,
                #"<text x="\#(n(x))" y="\#(n(frame.y + frame.height / 2))" font-size="\#(n(view.fontSize))" "#
                    + #"font-family="\#(SVGMarkup.escape(family))" \#(SVGMarkup.paint(view.textColor)) "#
                    + #"text-anchor="\#(anchor)" dominant-baseline="central" clip-path="url(#\#(clip))">"#
                    + "\(SVGMarkup.escape(text))</text>")
        }

        /// An image placeholder with the URL as its tooltip, and the image itself for http(s).
        private mutating func image(_ url: String, in frame: Rect, alignment: ViewAlignment, depth: Int) {
            let n = SVGMarkup.number
            line(depth, #"<g class="image">"#)
            line(depth + 1, "<title>\(SVGMarkup.escape(url))</title>")
            line(
                depth + 1,
                #"<rect \#(SVGMarkup.geometry(frame)) fill="\#(Palette.imageFill)" fill-opacity="0.85" "#
                    + #"stroke="\#(Palette.imageStroke)" stroke-dasharray="4 3"/>"#)
            let size = max(6, min(11, frame.height * 0.45))
            let clip = clipPath(frame, depth: depth + 1)
            line(
                depth + 1,
                #"<text x="\#(n(frame.x + frame.width / 2))" y="\#(n(frame.y + frame.height / 2))" "#
                    + #"font-size="\#(n(size))" font-family="\#(SVGRenderer.defaultFontFamily)" "#
                    + #"fill="\#(Palette.imageText)" "#
                    + #"text-anchor="middle" dominant-baseline="central" clip-path="url(#\#(clip))">"#
                    + "▣ image · \(SVGMarkup.escape(RenderText.imageName(url)))</text>")
            let lowered = url.lowercased()
            if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
                let align =
                    switch alignment {
                    case .left: "xMinYMid"
                    case .center: "xMidYMid"
                    case .right: "xMaxYMid"
                    }
                line(
                    depth + 1,
                    #"<image href="\#(SVGMarkup.escape(url))" \#(SVGMarkup.geometry(frame)) "#
                        + #"preserveAspectRatio="\#(align) meet"/>"#)
            }
            line(depth, "</g>")
        }

        /// A clip path for `frame`; returns its (escaped) id.
        private mutating func clipPath(_ frame: Rect, depth: Int) -> String {
            clips += 1
            let id = SVGMarkup.escape(uniqueID("pb-clip-\(clips)"))
            line(depth, #"<clipPath id="\#(id)"><rect \#(SVGMarkup.geometry(frame))/></clipPath>"#)
            return id
        }

        /// Each tap target's number in a badge at its top-left corner, over everything (not for
        /// targets of zero size, which have no corner to put it in).
        private mutating func badges(_ root: RenderScene.Node, depth: Int) {
            let targets = root.flattened.filter { $0.tapNumber != nil && $0.frame.width > 0 && $0.frame.height > 0 }
            guard !targets.isEmpty else { return }
            let n = SVGMarkup.number
            line(depth, #"<g class="tap-badges">"#)
            for node in targets {
                let number = node.tapNumber!
                let radius = 7.0
                let x = node.frame.x + min(radius + 1, max(radius, node.frame.width / 2))
                let y = node.frame.y + min(radius + 1, max(radius, node.frame.height / 2))
                line(
                    depth + 1,
                    #"<g data-badge="\#(number)"><circle cx="\#(n(x))" cy="\#(n(y))" r="\#(n(radius))" "#
                        + #"fill="\#(Palette.badge)" stroke="\#(Palette.badgeText)" stroke-width="1"/>"#
                        + #"<text x="\#(n(x))" y="\#(n(y))" font-size="9" "#
                        + #"font-family="\#(SVGRenderer.defaultFontFamily)" fill="\#(Palette.badgeText)" "#
                        + #"text-anchor="middle" dominant-baseline="central">\#(number)</text></g>"#)
            }
            line(depth, "</g>")
        }
    }
}
