import Foundation

/// `plugboard new`: an out-of-tree plugin of one kind in one language — sources, a one-command
/// build, an app folder that uses the plugin, and a README — made from the templates of a
/// Plugboard checkout (`Templates/plugin`), which also holds the header, the SDK and the Rust
/// binding the new plugin builds against.
package struct PluginScaffold: Sendable {
    package enum Kind: String, CaseIterable, Sendable {
        case screen
        case navBar = "nav-bar"
        case root
    }

    package enum Language: String, CaseIterable, Sendable {
        case c, swift, rust
    }

    package var kind: Kind
    package var language: Language
    package var names: ScaffoldNames
    package var vendor: String
    /// The Plugboard checkout: templates, header, SDK, pkg-config file, Rust binding.
    package var plugboardRoot: URL
    /// The `plugboard` executable the README and Makefile name.
    package var executable: String

    package init(
        kind: Kind, language: Language, name: String, vendor: String = "Your name", plugboardRoot: URL? = nil,
        executable: String? = nil
    ) throws(ScaffoldError) {
        self.kind = kind
        self.language = language
        self.names = try ScaffoldNames(name)
        self.vendor = vendor
        self.plugboardRoot = (plugboardRoot ?? Self.builtFrom).standardizedFileURL
        self.executable = executable ?? Self.runningExecutable
        guard FileManager.default.fileExists(atPath: templates.appendingPathComponent("README.md").path) else {
            throw .noTemplates(self.plugboardRoot.path)
        }
    }

    /// The checkout this code was compiled in (this file is `Sources/PlugboardScaffold/PluginScaffold.swift`).
    package static let builtFrom = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var runningExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "plugboard"
    }

    var templates: URL { plugboardRoot.appendingPathComponent("Templates/plugin") }

    /// The library the build makes, where, and how it is named in plugins.json.
    package var library: (key: String, folder: String, file: String) {
        switch language {
        case .c: (names.snake, "build", "lib\(names.snake).so")
        case .swift: (names.pascal, ".build/debug", "lib\(names.pascal).so")
        case .rust: (names.snake, "target/release", "lib\(names.snake).so")
        }
    }

    /// The command that builds the library, run in the plugin's folder.
    package var buildCommand: [String] {
        switch language {
        case .c: ["make"]
        case .swift: ["swift", "build"]
        case .rust: ["cargo", "build", "--offline", "--release"]
        }
    }

    private var buildFile: String {
        switch language {
        case .c: "Makefile"
        case .swift: "Package.swift"
        case .rust: "Cargo.toml"
        }
    }

    private var source: String {
        switch language {
        case .c: "\(names.snake).c"
        case .swift: "Sources/\(names.pascal)/\(names.pascal).swift"
        case .rust: "src/lib.rs"
        }
    }

    private var substitutions: [(String, String)] {
        let kindText = ["screen": "screen", "nav-bar": "navigation-bar", "root": "root (menu)"][kind.rawValue] ?? ""
        let languageText = ["c": "C", "swift": "Swift", "rust": "Rust"][language.rawValue] ?? ""
        return [
            ("__NAME__", names.name), ("__PLUGIN_ID__", names.pluginID), ("__SNAKE__", names.snake),
            ("__PASCAL__", names.pascal), ("__DISPLAY__", names.display), ("__VENDOR__", vendor),
            ("__PLUGBOARD_EXE__", executable), ("__PLUGBOARD__", plugboardRoot.path),
            ("__LIBRARY_DIR__", library.folder), ("__LIBRARY_FILE__", library.file), ("__LIBRARY__", library.key),
            ("__BUILD_COMMAND__", buildCommand.joined(separator: " ")), ("__BUILD_FILE__", buildFile),
            ("__SOURCE__", source), ("__KIND_TEXT__", kindText), ("__LANG_TEXT__", languageText),
        ]
    }

    private func substitute(_ text: String) -> String {
        substitutions.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    /// Every file of the new plugin: its path in the plugin's folder and its contents.
    package func files() throws -> [(path: String, contents: String)] {
        // (template folder, where its files go): the language's common files, the kind's, the app.
        let folders = [
            ("\(language.rawValue)/common", ""), ("\(language.rawValue)/\(kind.rawValue)", ""),
            ("app/\(kind.rawValue)", "app/"),
        ]
        var files: [(path: String, contents: String)] = []
        for (template, prefix) in folders {
            let folder = templates.appendingPathComponent(template)
            for relative in try Self.files(in: folder) {
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                files.append((substitute(prefix + relative), substitute(text)))
            }
        }
        let readme = try String(contentsOf: templates.appendingPathComponent("README.md"), encoding: .utf8)
        files.append(("README.md", substitute(readme)))
        if language == .rust {
            // The checked binding of the whole header, as is.
            let binding = plugboardRoot.appendingPathComponent("bindings/rust/plugboard.rs")
            files.append(("src/plugboard.rs", try String(contentsOf: binding, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The regular files under `folder`, relative to it (none when it does not exist).
    static func files(in folder: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: folder.appendingPathComponent($0).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
    }

    /// Writes the plugin into `folder`, which must not exist or be empty (nothing is overwritten).
    /// Returns the paths written, relative to `folder`.
    @discardableResult
    package func write(to folder: URL) throws -> [String] {
        let manager = FileManager.default
        // Only a missing folder or an empty one: a file, or a folder with anything in it, is kept.
        if manager.fileExists(atPath: folder.path),
            (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty != true
        {
            throw ScaffoldError.notEmpty(folder.path)
        }
        let files = try files()
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: url, options: .withoutOverwriting)
            } catch {
                throw ScaffoldError.cannotWrite(url.path, error.localizedDescription)
            }
        }
        return files.map(\.path)
    }
}
