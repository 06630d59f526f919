import Foundation
import Plugboard
import PlugboardConfig
import PlugboardLoader
import PlugboardNavigation

/// App start, measured as whole processes: `plugboard-bench-start APP DIRECTORY...` (a host that links the
/// runtime and nothing else) loads the app and draws its first screen, then exits. Baselines: a C
/// program that loads the same libraries lazily, initialises them, reads their descriptors and
/// makes the same root, bar and first screen with the same models (`plugboard-bench-c-start`),
/// and — for the pinned start — the same app unpinned.
public enum AppStart {
    /// The child's work: the app in `folder` to its first screen, its libraries looked for in
    /// `searchDirectories`. Returns the app, which the child keeps until it exits: tearing the app
    /// down is not part of its start, as the C program exits with its libraries initialised.
    public static func child(folder: String, searchDirectories: [String]) throws -> PlugboardApp {
        let app = try PlugboardApp(
            folder: URL(fileURLWithPath: folder), searchPath: LibrarySearchPath(searchDirectories))
        guard app.state.visibleScreen != nil else { throw BenchError("\(folder): no first screen") }
        return app
    }

    static func make(_ context: BenchContext) throws -> Comparison {
        let baselineArguments = try cStartArguments(context)
        let libraries = baselineArguments.prefix { $0 != "--create" }
        let start = context.benchBuild.appendingPathComponent("plugboard-bench-start").path
        let cStart = context.benchBuild.appendingPathComponent("plugboard-bench-c-start").path
        let folder = context.showcase.path
        var comparison = Comparison(
            name: "app-start", summary: "app start to the first screen (Showcase, a process)",
            subject: { count in
                for _ in 0..<count { try Spawn.run(start, [folder] + context.searchDirectories) }
            },
            baselineName:
                "a C program loading the same \(libraries.count) libraries lazily and making the same root, bar and screen",
            baseline: { count in
                for _ in 0..<count { try Spawn.run(cStart, baselineArguments) }
            },
            goal: .ratio(atMost: 1.3))
        comparison.note = libraries.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
        return comparison
    }

    /// The `plugboard` command's own start to the first screen, as an app builder runs it
    /// (`plugboard run FOLDER`, input empty: it draws the first screen and ends), supervised (the
    /// default: the engine in a child process) and in process, against the C program of
    /// `app-start`.
    static func makeRun(_ context: BenchContext) throws -> [Comparison] {
        let baselineArguments = try cStartArguments(context)
        let cStart = context.benchBuild.appendingPathComponent("plugboard-bench-c-start").path
        let folder = context.showcase.path
        return [("run-start", ["--in-process"], 1.3), ("supervised-run-start", [], 1.8)].map { name, mode, goal in
            var comparison = Comparison(
                name: name,
                summary: "plugboard run\(mode.isEmpty ? "" : " " + mode.joined(separator: " ")) to the first screen",
                subject: { count in
                    for _ in 0..<count { try Spawn.run(context.plugboard, ["run"] + mode + [folder]) }
                },
                baselineName: "the C program of app-start",
                baseline: { count in
                    for _ in 0..<count { try Spawn.run(cStart, baselineArguments) }
                },
                goal: .ratio(atMost: goal))
            comparison.note = mode.isEmpty ? "the engine in a child process (the default)" : "no engine process"
            return comparison
        }
    }

    static func makePinned(_ context: BenchContext) throws -> Comparison {
        let pinned = try pinnedCopy(of: context.showcase, context: context)
        let start = context.benchBuild.appendingPathComponent("plugboard-bench-start").path
        let folder = context.showcase.path
        return Comparison(
            name: "pinned-start", summary: "app start with every library pinned by sha256 in plugins.json",
            subject: { count in
                for _ in 0..<count { try Spawn.run(start, [pinned.path] + context.searchDirectories) }
            },
            baselineName: "the same app unpinned",
            baseline: { count in
                for _ in 0..<count { try Spawn.run(start, [folder] + context.searchDirectories) }
            },
            goal: .ratio(atMost: 1.2))
    }

    /// The C start program's arguments: the libraries the app loads, then a `--create` for each
    /// instance it runs once started (its root, bar and first screen), with its library, id and
    /// the models the host gave it. One start of the app tells both.
    static func cStartArguments(_ context: BenchContext) throws -> [String] {
        let app = try PlugboardApp(folder: context.showcase, searchPath: context.searchPath)
        defer { app.shutdown() }
        let creates = app.pluginInstances.flatMap { instance -> [String] in
            let models = instance.host.models
            let (kind, second): (String, InstanceModels.Kind?) =
                switch instance.descriptor.kind {
                case .screen: ("screen", .screen)
                case .navBar: ("nav-bar", .navBar)
                case .root: ("root", nil)
                }
            return [
                "--create", kind, instance.library.path, instance.descriptor.id, models.text(.plugin) ?? "{}",
                second.flatMap(models.text) ?? "{}", models.text(.dataSource) ?? "-",
            ]
        }
        return try libraries(of: app, context) + creates
    }

    /// The libraries the app loads (its plugins' and the default bar's), as absolute paths.
    static func loadedLibraries(_ context: BenchContext) throws -> [String] {
        let app = try PlugboardApp(folder: context.showcase, searchPath: context.searchPath)
        defer { app.shutdown() }
        return try libraries(of: app, context)
    }

    private static func libraries(of app: PlugboardApp, _ context: BenchContext) throws -> [String] {
        var paths = Set(app.plugins.loaded.values.map(\.library.path))
        paths.insert(try context.searchPath.resolve(AppSettings.load(folder: context.showcase).defaultNavBarLibrary))
        return paths.sorted()
    }

    /// A copy of the app whose every plugin library carries its `sha256` pin.
    static func pinnedCopy(of folder: URL, context: BenchContext) throws -> URL {
        let copy = context.scratch.appendingPathComponent("pinned-" + folder.lastPathComponent)
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: folder, to: copy)
        let pluginsURL = copy.appendingPathComponent("plugins.json")
        guard var entries = try JSONSerialization.jsonObject(with: Data(contentsOf: pluginsURL)) as? [[String: Any]]
        else { throw BenchError("\(pluginsURL.path) is not an array") }
        for index in entries.indices {
            guard var plugin = entries[index]["plugin"] as? [String: Any],
                var keys = plugin["plugboard"] as? [String: Any], let library = keys["library"] as? String
            else { continue }
            let path = try context.searchPath.resolve(library)
            keys["sha256"] = String(try Spawn.output("/usr/bin/sha256sum", [path]).prefix(64))
            plugin["plugboard"] = keys
            entries[index]["plugin"] = plugin
        }
        try JSONSerialization.data(withJSONObject: entries, options: [.prettyPrinted]).write(to: pluginsURL)
        return copy
    }
}
