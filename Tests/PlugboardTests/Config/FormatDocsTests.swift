import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore
@testable import PlugboardHarness
@testable import PlugboardNavigation

/// Keeps the format documents of `docs/formats` true (the marking scheme is explained in
/// docs/formats/README.md, "The examples in these pages"): every marked example is read with the
/// host's own reader and gives exactly the diagnostics of its `lint` block (none when it has
/// none); the example app loads the first-party plugins and starts without an error or fallback;
/// the pages name every key and value the reader knows; and their links lead somewhere.
@Suite struct FormatDocsTests {
    static let directory = PackageRoot.path + "/docs/formats"
    static let pages = ["README.md", "plugins-json.md", "rivers-json.md", "settings-json.md"]
    /// The folder whose files, spread over the pages, make the complete example app.
    static let exampleApp = "example-app"
    /// The files an example may be, and the ones that may be read alone.
    static let files = ["plugins.json", "rivers.json", "settings.json", "manifest.json"]
    static let aloneFiles = ["plugins.json", "rivers.json", "manifest.json"]

    struct PageError: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: - the marked blocks

    /// A fenced block marked by the comment on the line before it.
    struct Block: CustomStringConvertible {
        enum Mark {
            /// `<!-- example: FILE -->` or `<!-- example: FILE in FOLDER -->`
            case example(file: String, folder: String?)
            /// `<!-- lint: NAME -->`
            case lint(name: String)
        }

        var mark: Mark
        var page: String
        /// The 1-based line of the comment.
        var line: Int
        var text: String

        var description: String { "\(page):\(line)" }
    }

    /// Every marked block of `page`, in order. A mark must be followed by a fence of the right
    /// language (`json` for an example, `text` for a lint block).
    static func blocks(of page: String) throws -> [Block] {
        let text = try String(contentsOfFile: directory + "/" + page, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("<!-- "), line.hasSuffix(" -->") else { continue }
            let body = line.dropFirst(5).dropLast(4)
            guard let colon = body.firstIndex(of: ":") else { continue }
            let verb = body[..<colon]
            let words = body[body.index(after: colon)...].split(separator: " ").map(String.init)
            let place = "\(page):\(index + 1)"
            let mark: Block.Mark
            switch (verb, words.count) {
            case ("example", 1): mark = .example(file: words[0], folder: nil)
            case ("example", 3) where words[1] == "in": mark = .example(file: words[0], folder: words[2])
            case ("lint", 1): mark = .lint(name: words[0])
            case ("example", _), ("lint", _): throw PageError(description: "\(place): a mark I cannot read: \(line)")
            default: continue
            }
            let language: String
            if case .example(let file, let folder) = mark {
                guard files.contains(file) else { throw PageError(description: "\(place): no such file kind \(file)") }
                guard folder != nil || aloneFiles.contains(file) else {
                    throw PageError(description: "\(place): \(file) is only read from a folder: write 'in FOLDER'")
                }
                language = "json"
            } else {
                language = "text"
            }
            guard index + 1 < lines.count, lines[index + 1] == "```" + language else {
                throw PageError(description: "\(place): the mark is not followed by a ```\(language) block")
            }
            guard let end = lines[(index + 2)...].firstIndex(of: "```") else {
                throw PageError(description: "\(place): the block does not end")
            }
            blocks.append(
                Block(mark: mark, page: page, line: index + 1, text: lines[(index + 2)..<end].joined(separator: "\n")))
            index = end
        }
        return blocks
    }

    /// What the examples describe: a file read alone, or an app folder, with the lint block that
    /// says what reading it reports (nil: nothing).
    struct Subject: CustomStringConvertible {
        var name: String
        var isFolder: Bool
        /// The blocks by file name.
        var files: [String: Block]
        var lint: Block?

        var description: String {
            (isFolder ? "folder \(name)" : "\(name) of \(files.values.first!)")
                + (lint.map { " (lint at \($0))" } ?? "")
        }
    }

    /// Every subject of the pages. A lint block for a file read alone belongs to the last such
    /// example of that file above it on its page; any other names a folder, from any page.
    static func subjects() throws -> [Subject] {
        var subjects: [Subject] = []
        var folderIndex: [String: Int] = [:]
        var folderLints: [Block] = []
        for page in pages {
            var alone: [Int] = []  // this page's files read alone, by index in `subjects`
            for block in try blocks(of: page) {
                switch block.mark {
                case .example(let file, nil):
                    alone.append(subjects.count)
                    subjects.append(Subject(name: file, isFolder: false, files: [file: block]))
                case .example(let file, let folder?):
                    let index =
                        folderIndex[folder]
                        ?? {
                            subjects.append(Subject(name: folder, isFolder: true, files: [:]))
                            folderIndex[folder] = subjects.count - 1
                            return subjects.count - 1
                        }()
                    if let first = subjects[index].files[file] {
                        throw PageError(description: "\(block): \(folder) already has a \(file) at \(first)")
                    }
                    subjects[index].files[file] = block
                case .lint(let name):
                    if let index = alone.last(where: { subjects[$0].name == name }) {
                        guard subjects[index].lint == nil else {
                            throw PageError(description: "\(block): a second lint block for \(subjects[index])")
                        }
                        subjects[index].lint = block
                    } else {
                        folderLints.append(block)
                    }
                }
            }
        }
        for block in folderLints {
            guard case .lint(let name) = block.mark, let index = folderIndex[name] else {
                throw PageError(description: "\(block): the lint block names no example above it and no folder")
            }
            guard subjects[index].lint == nil else {
                throw PageError(description: "\(block): a second lint block for folder \(name)")
            }
            subjects[index].lint = block
        }
        return subjects
    }

    // MARK: - reading them with the host's reader

    /// What the reader made of a subject.
    struct Reading {
        var diagnostics: [ConfigDiagnostic] = []
        var configuration: AppConfiguration?
        var settings: AppSettings?

        /// The lines `plugboard lint` prints for the diagnostics (the count line last).
        var lines: [String] {
            let errors = diagnostics.filter { $0.severity == .error }.count
            return diagnostics.map(\.description) + ["\(errors) error(s), \(diagnostics.count - errors) warning(s)"]
        }
    }

    /// Writes the subject's files under `root` (a folder as `root/NAME/`) and reads them as
    /// `plugboard lint` does, naming the files as lint would when run in `root`.
    static func read(_ subject: Subject, under folder: URL) throws -> Reading {
        let root = URL(fileURLWithPath: folder.path, isDirectory: true)  // relative URLs resolve inside it
        let base = subject.isFolder ? subject.name + "/" : ""
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(base), withIntermediateDirectories: true)
        var urls: [String: URL] = [:]
        for (file, block) in subject.files {
            let url = URL(fileURLWithPath: base + file, relativeTo: root)
            try block.text.write(to: url, atomically: true, encoding: .utf8)
            urls[file] = url
        }
        var reading = Reading()
        if let manifest = urls["manifest.json"] {
            reading.diagnostics += AppConfiguration.checkManifest(manifest).1
        }
        if urls["plugins.json"] != nil || urls["rivers.json"] != nil {
            let (configuration, diagnostics) = AppConfiguration.check(
                pluginsURL: urls["plugins.json"], riversURL: urls["rivers.json"])
            reading.configuration = configuration
            reading.diagnostics += diagnostics
        }
        if urls["settings.json"] != nil {
            let (settings, diagnostics) = AppSettings.check(
                folder: URL(fileURLWithPath: subject.name, isDirectory: true, relativeTo: root))
            reading.settings = settings
            reading.diagnostics += diagnostics
        }
        return reading
    }

    @Test func everyExampleReadsWithExactlyTheDiagnosticsOfItsLintBlock() throws {
        let subjects = try Self.subjects()
        #expect(subjects.count >= 8, "the pages have lost their examples")
        for subject in subjects {
            let root = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: root) }
            let reading = try Self.read(subject, under: root)
            if let lint = subject.lint {
                let expected = lint.text.split(separator: "\n").map(String.init)
                #expect(!reading.diagnostics.isEmpty, "\(subject): the lint block shows a broken example that reads")
                #expect(
                    reading.lines == expected,
                    "\(subject): the reader says\n\(reading.lines.joined(separator: "\n"))")
            } else {
                #expect(
                    reading.diagnostics.isEmpty,
                    "\(subject): \(reading.diagnostics.map(\.description).joined(separator: "\n"))")
            }
        }
    }

    @Test func theExampleAppStartsWithTheFirstPartyPluginsAndItsMenuWorks() throws {
        let subject = try #require(try Self.subjects().first { $0.isFolder && $0.name == Self.exampleApp })
        #expect(Set(subject.files.keys) == ["plugins.json", "rivers.json", "settings.json"])
        #expect(subject.lint == nil)
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let reading = try Self.read(subject, under: root)
        let configuration = try #require(reading.configuration, "\(reading.lines)")
        let settings = try #require(reading.settings, "\(reading.lines)")

        // What `plugboard lint` adds: every library it names is found and is a Plugboard library.
        let libraries = LibraryCheck.diagnostics(configuration, searchPath: Built.searchPath)
        #expect(libraries.isEmpty, "\(libraries.map(\.description))")
        #expect(AppRoutes(configuration: configuration, settings: settings).problems.isEmpty)

        let app = PlugboardApp(configuration: configuration, settings: settings, searchPath: Built.searchPath)
        let runnable = configuration.plugins.entries.filter { $0.manifest.plugboard != nil }.map(\.manifest.identifier)
        #expect(Set(app.plugins.loaded.keys) == Set(runnable))
        #expect(app.plugins.failures.isEmpty, "\(app.plugins.failures.values.map(\.description))")

        // Every selectable row of the home screen's menu does what its type says.
        let rows = try #require(app.home?.menu).navItems.flatMap(\.flattened)
        for row in rows where row.type != .header && row.type != .nestedMenu {
            #expect(app.selectRootItem(row.id), "menu row \(row.id)")
        }
        #expect(app.events.contains { $0.name == "plugin_call" && $0.subject == "menu-tune" })
        let failures = app.events.filter { ["error", "fallback", "ignored"].contains($0.name) }
        #expect(failures.isEmpty, "\(failures.map(\.description))")
    }

    // MARK: - the pages name what the reader knows

    /// The sources whose keys the pages must name: the readers of the three files, and the code
    /// that reads nav items and UI components when the app runs.
    static let readerSources = [
        "Sources/PlugboardConfig/Plugins", "Sources/PlugboardConfig/Rivers",
        "Sources/PlugboardConfig/Settings/AppSettings.swift",
        "Sources/PlugboardConfig/Models/ScreenProps.swift",
        "Sources/PlugboardNavigation/NavigationBar/NavItems",
        "Sources/PlugboardNavigation/NavigationBar/NavigationBarManager.swift",
        "Sources/PlugboardNavigation/Screens/Content/ContentSection.swift",
        "Sources/PlugboardNavigation/Screens/ScreenFactory.swift",
    ]

    /// The JSON keys (and listed values) the reader sources read: `.string("key"` and the other
    /// typed readers, `["key"]`, and the string lists of `for key in [...]`, `known = [...]`,
    /// `sectionNames = [...]` and `oneOf("key", [...]`. Comments are skipped.
    static func keysReadBySources() throws -> Set<String> {
        var paths: [String] = []
        for source in readerSources {
            let path = PackageRoot.path + "/" + source
            if source.hasSuffix(".swift") {
                paths.append(path)
            } else {
                paths += try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".swift") }
                    .map { path + "/" + $0 }
            }
        }
        let readers = try NSRegularExpression(
            pattern:
                #"\.(?:string|bool|integer|object|array|strings|oneOf|color|numericString|url|member)\("([a-z][a-z0-9_]*)""#
                + #"|\["([a-z][a-z0-9_]*)"\]"#)
        let lists = try NSRegularExpression(
            pattern: #"(?:for key in|known =|sectionNames =|oneOf\("[a-z_]+",)\s*\[([^\]]*)\]"#)
        let literal = try NSRegularExpression(pattern: #""([a-z][a-z0-9_]*)""#)
        var keys: Set<String> = []
        func captures(_ regex: NSRegularExpression, in text: String) -> [String] {
            let range = NSRange(text.startIndex..., in: text)
            return regex.matches(in: text, range: range).flatMap { match in
                (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
            }
        }
        for path in paths {
            let code = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            keys.formUnion(captures(readers, in: code))
            for list in captures(lists, in: code) { keys.formUnion(captures(literal, in: list)) }
        }
        return keys
    }

    /// The values of the enumerations the reader checks against.
    static var valuesTheReaderKnows: Set<String> {
        var values = Set(ManifestPluginType.names + NavItemType.names + BuiltInScreenType.names)
        values.formUnion(PluginManifest.sectionNames)
        values.formUnion(Navigation.Category.allCases.map(\.rawValue))
        values.formUnion(Placement.allCases.map(\.rawValue) + PresentationStyle.allCases.map(\.rawValue))
        values.formUnion(ScreenPresentation.allCases.map(\.rawValue))
        values.formUnion(TransitionSpec.Curve.allCases.map(\.rawValue))
        values.formUnion(TransitionSpec.Direction.allCases.map(\.rawValue))
        values.formUnion(DeviceProfile.Kind.allCases.map(\.rawValue))
        values.insert(AppRoutes.menu)
        return values
    }

    /// Every code span of the pages (`` `x` ``), without quotes, and the parts of dotted ones
    /// (`data.target` names `data` and `target`).
    static func codeSpans() throws -> Set<String> {
        let span = try NSRegularExpression(pattern: "`([^`\n]+)`")
        var spans: Set<String> = []
        for page in pages {
            let text = try String(contentsOfFile: directory + "/" + page, encoding: .utf8)
            for match in span.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                let code = text[range].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                spans.insert(code)
                if !code.contains(" ") { spans.formUnion(code.split(separator: ".").map(String.init)) }
            }
        }
        return spans
    }

    @Test func thePagesNameEveryKeyAndValueTheReaderKnows() throws {
        let keys = try Self.keysReadBySources()
        #expect(keys.isSuperset(of: ["identifier", "navigation_type", "force_nav_bar_hidden", "routes", "library"]))
        let spans = try Self.codeSpans()
        let missing = keys.union(Self.valuesTheReaderKnows).subtracting(spans).sorted()
        #expect(missing.isEmpty, "not named in docs/formats: \(missing.joined(separator: ", "))")
    }

    // MARK: - links

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_"
                    ? character : nil
            })
    }

    @Test func everyLinkBetweenThePagesLeadsToAHeading() throws {
        let link = try NSRegularExpression(pattern: #"\]\(([a-z-]+\.md)?(?:#([a-z0-9_-]+))?\)"#)
        var anchors: [String: Set<String>] = [:]
        var texts: [String: String] = [:]
        for page in Self.pages {
            let text = try String(contentsOfFile: Self.directory + "/" + page, encoding: .utf8)
            texts[page] = text
            var inCode = false
            var headings: Set<String> = []
            for line in text.components(separatedBy: "\n") {
                if line.hasPrefix("```") { inCode.toggle() }
                if !inCode, line.hasPrefix("#") {
                    headings.insert(Self.anchor(String(line.drop { $0 == "#" }.dropFirst())))
                }
            }
            anchors[page] = headings
        }
        for (page, text) in texts {
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = Range(match.range(at: 1), in: text).map { String(text[$0]) } ?? page
                let fragment = Range(match.range(at: 2), in: text).map { String(text[$0]) }
                let known = try #require(anchors[target], "\(page): a link to \(target), which is not a page here")
                if let fragment { #expect(known.contains(fragment), "\(page): no heading #\(fragment) in \(target)") }
            }
        }
    }
}
