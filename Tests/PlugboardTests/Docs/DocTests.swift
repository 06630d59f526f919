import Foundation
import TestSupport
import Testing

/// Every command the README and `docs/` show runs here, as a reader would type it.
///
/// A `console` block is runnable: each `$ ` line runs with bash in a working folder of the page's
/// own (the checkout's folders linked into it, so `Examples/Showcase` is a relative path; the
/// commands of a page run in order and share it), with the built `plugboard` first on `PATH`,
/// as the README's set-up puts it. The lines under a command are what it prints (standard output
/// and error together), compared as `ShownOutput` says; a command shown without output must
/// succeed. A `sh` block holds only set-up commands that cannot run inside `swift test`, each
/// listed in `setUpCommands` with why.
@Suite struct DocTests {
    /// Commands a page may show in a `sh` block without running them here, with the reason.
    static let setUpCommands: [(prefix: String, reason: String)] = [
        ("swift build", "the test run is itself built by SwiftPM and holds its build folder"),
        ("swift test", "this is the test run"),
        ("apt-get ", "installs system packages; .ci/run does it"),
        ("sudo ", "installs system packages; .ci/run does it"),
        ("python3 -m pip ", "installs the browser test's Selenium; .ci/run does it"),
        ("export ", "the set-up puts the build folder on PATH; the doc-tests do the same"),
        ("git clone ", "the doc-tests run in a clone already"),
        ("cd ", "a folder change before the commands above"),
        ("plugboard serve ", "runs until stopped; SimulatorServerTests and the browser test drive it"),
        ("curl ", "needs a running serve; SimulatorServerTests send the same requests"),
        ("Benchmarks/", "release builds of two packages; .ci/run builds and runs the suite and its instruction counts"),
    ]

    /// The Markdown pages: the README and everything under `docs/`.
    static let pages: [String] = {
        var pages = ["README.md"]
        let docs = URL(fileURLWithPath: PackageRoot.path + "/docs")
        let files = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.pathExtension == "md" { pages.append("docs/" + String(file.path.dropFirst(docs.path.count + 1))) }
        }
        return pages.sorted()
    }()

    static func blocks(of page: String) throws -> [MarkdownBlock] {
        MarkdownBlock.all(in: try String(contentsOfFile: PackageRoot.path + "/" + page, encoding: .utf8), page: page)
    }

    @Test(arguments: pages)
    func everyConsoleCommandPrintsWhatThePageShows(page: String) throws {
        let commands = try Self.blocks(of: page).filter { $0.language == "console" }.flatMap(ConsoleCommand.all)
        guard !commands.isEmpty else { return }
        let folder = try Self.workingFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in commands {
            let shown = ShownOutput(command.shownOutput)
            let result = try Self.bash(command.command, in: folder)
            #expect(
                result.status == shown.status && shown.matches(result.output),
                "\(page):\(command.line): $ \(command.command)\nexit \(result.status), printed:\n\(result.output)")
        }
    }

    @Test(arguments: pages)
    func everyOtherCommandBlockIsSetUp(page: String) throws {
        for block in try Self.blocks(of: page) where ["sh", "bash", "shell", "shell-session"].contains(block.language) {
            let joined = block.lines.joined(separator: "\n").replacingOccurrences(of: "\\\n", with: " ")
            for line in joined.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
            where !line.isEmpty && !line.hasPrefix("#") {
                let command = line.hasPrefix("$ ") ? String(line.dropFirst(2)) : line
                #expect(
                    Self.setUpCommands.contains { command.hasPrefix($0.prefix) },
                    "\(page):\(block.line): `\(command)` is neither set-up nor in a console block, so no test runs it")
            }
        }
    }

    /// Every relative link of a page names a file or folder that exists, and an anchor one of the
    /// target page's headings (as GitHub makes anchors: lower case, spaces to `-`, punctuation dropped).
    @Test(arguments: pages)
    func everyLinkResolves(page: String) throws {
        let text = try String(contentsOfFile: PackageRoot.path + "/" + page, encoding: .utf8)
        let folder = URL(fileURLWithPath: PackageRoot.path + "/" + page).deletingLastPathComponent()
        let links = text.matches(of: /\]\(([^)\s]+)\)/).map { String($0.output.1) }
        for link in links where !link.contains("://") && !link.hasPrefix("mailto:") {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let target =
                parts[0].isEmpty
                ? URL(fileURLWithPath: PackageRoot.path + "/" + page) : folder.appendingPathComponent(parts[0])
            #expect(FileManager.default.fileExists(atPath: target.path), "\(page): \(link) names no file")
            if parts.count == 2, target.pathExtension == "md",
                let linked = try? String(contentsOf: target, encoding: .utf8)
            {
                #expect(Self.anchors(of: linked).contains(parts[1]), "\(page): \(link) names no heading")
            }
        }
    }

    /// The anchors GitHub gives a page's headings.
    static func anchors(of text: String) -> Set<String> {
        Set(
            text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { heading in
                String(
                    heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
                        .compactMap {
                            $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : nil)
                        })
            })
    }

    @Test func theRunnerComparesAsDocumented() {
        let shown = ShownOutput(["a [..] c", "...", "z", "[exit 3]"])
        #expect(shown.status == 3)
        #expect(shown.matches("a b c\nx\ny\nz\n"))
        #expect(shown.matches("a  c\nz"))
        #expect(!shown.matches("a b c\nx\n"))
        #expect(!shown.matches("a b d\nz"))
        #expect(ShownOutput([]).matches(""))
        #expect(!ShownOutput(["one"]).matches("one\ntwo"))
        let block = MarkdownBlock(
            page: "p", line: 10, language: "console", lines: ["$ echo a \\", "  b", "a b", "$ true"])
        let commands = ConsoleCommand.all(in: block)
        #expect(commands.map(\.command) == ["echo a \\\n  b", "true"])
        #expect(commands.map(\.line) == [11, 14] && commands[0].shownOutput == ["a b"])
    }

    /// A fresh folder holding links to the checkout's folders, a home and a cache of its own.
    static func workingFolder() throws -> URL {
        let folder = try makeTemporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: PackageRoot.path)
        where ![".git", ".swiftpm", "Package.swift", "Package.resolved"].contains(name) {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path, withDestinationPath: PackageRoot.path + "/" + name)
        }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".home"), withIntermediateDirectories: true)
        return folder
    }

    /// Runs `command` with bash in `folder`, nothing on standard input, its output merged.
    static func bash(_ command: String, in folder: URL) throws -> (status: Int32, output: String) {
        try run(
            ["timeout", "300", "bash", "-c", command], in: folder.path,
            environment: [
                "PATH": Built.directory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "HOME": folder.path + "/.home", "XDG_CACHE_HOME": folder.path + "/.home/cache",
                "PKG_CONFIG_PATH": PackageRoot.path + "/pkgconfig", "COLUMNS": "80", "LINES": "24",
            ])
    }
}
