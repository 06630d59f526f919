import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness
@testable import PlugboardLoader

/// The out-of-tree examples of `Examples/`: a C plugin built with make and pkg-config, a Swift
/// package depending on PlugboardSDK by path, and a Rust cdylib with hand-written declarations.
/// Each is built with its own tool as a plugin author would, into a temporary folder, then
/// loaded with `dlopen` and driven through its whole lifecycle, asserted from the plugin's log.
@Suite struct OutOfTreeExampleTests {
    static let examples = PackageRoot.path + "/Examples"

    /// What driving one screen showed: the label's text before and after each tap, and the
    /// plugin's log.
    struct Run {
        var texts: [String?]
        var log: [String]
    }

    /// Creates screen `id` of `library`, lays it out at 390x600, makes it appear, taps the view
    /// named `button` `taps` times, makes it disappear and destroys it.
    func drive(
        _ library: PluginLibrary, id: String, screenJSON: String = "{}", button: String, label: String,
        taps: Int = 2
    ) throws -> Run {
        let environment = PlugboardHost()
        let screen = try ScreenInstance(
            library: library, pluginID: id, environment: environment, pluginJSON: #"{"identifier":"\#(id)"}"#,
            screenJSON: screenJSON, dataSourceJSON: nil)
        screen.layout(width: 390, height: 600)
        screen.appear()
        let root = try #require(screen.view)
        let buttonView = try #require(environment.views.find(identifier: button, under: root))
        let labelView = try #require(environment.views.find(identifier: label, under: root))
        #expect(environment.views[labelView]?.kind == .label)
        #expect(environment.views[buttonView]?.kind == .button)
        var texts = [environment.views[labelView]?.text]
        for _ in 0..<taps {
            try environment.views.tap(buttonView)
            texts.append(environment.views[labelView]?.text)
        }
        screen.disappear()
        screen.destroy()
        #expect(screen.isDestroyed)
        #expect(!environment.views.allViews.contains { $0.owner == screen.host.owner })
        return Run(texts: texts, log: messages(environment, from: id))
    }

    /// The one descriptor of an example library.
    func onlyDescriptor(_ library: PluginLibrary) throws -> PluginDescriptor {
        #expect(library.abiVersion == ABIVersion.host)
        #expect(library.descriptors.count == 1)
        let descriptor = try #require(library.descriptors.first)
        #expect(descriptor.kind == .screen)
        #expect(descriptor.isScreen)
        #expect(descriptor.version == "1.0.0")
        #expect(descriptor.vendor == "Plugboard Examples")
        #expect(descriptor.abiVersion == ABIVersion.host)
        return descriptor
    }

    @Test func thePkgConfigFileGivesTheHeaderFolderFromAnyCheckout() throws {
        let pkgConfig = PackageRoot.path + "/pkgconfig"
        let cflags = try run(["PKG_CONFIG_PATH=\(pkgConfig)", "pkg-config", "--cflags", "plugboard"])
        #expect(cflags.status == 0, "\(cflags.output)")
        let flag = cflags.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(flag.hasPrefix("-I"))
        let include = URL(fileURLWithPath: String(flag.dropFirst(2))).standardizedFileURL.path
        #expect(include == PackageRoot.path + "/Sources/PlugboardABI/include")
        #expect(FileManager.default.fileExists(atPath: include + "/plugboard.h"))
        let version = try run(["PKG_CONFIG_PATH=\(pkgConfig)", "pkg-config", "--modversion", "plugboard"])
        #expect(version.output.trimmingCharacters(in: .whitespacesAndNewlines) == ABIVersion.host.description)
    }

    @Test func theCPluginBuildsWithMakeAndPkgConfigAndCountsTheTime() throws {
        let out = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let build = try run(["make", "-C", Self.examples + "/c-plugin", "OUT=\(out.path)"])
        try #require(build.status == 0, "\(build.output)")
        #expect(build.output.contains("-Werror"), "\(build.output)")
        #expect(!build.output.contains("warning"), "\(build.output)")

        let library = try PluginLibrary.open(path: out.path + "/libexample_c_plugin.so")
        defer { library.release() }
        let descriptor = try onlyDescriptor(library)
        #expect(descriptor.id == "example.c.clock")
        #expect(descriptor.name == "Clock (C example)")

        let result = try drive(library, id: "example.c.clock", button: "clock-advance", label: "clock-time")
        #expect(result.texts == ["12:00", "12:15", "12:30"])
        #expect(
            result.log == [
                "init", "layout 390x600", "will_appear", "did_appear", "tap 12:15", "tap 12:30", "will_disappear",
                "did_disappear", "destroy",
            ])
    }

    @Test func theRustPluginBuildsWithCargoAndCountsTaps() throws {
        let target = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: target) }
        let build = try run([
            "cargo", "build", "--offline", "--locked", "--release",
            "--manifest-path", Self.examples + "/rust-plugin/Cargo.toml", "--target-dir", target.path,
        ])
        try #require(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("warning"), "\(build.output)")

        let library = try PluginLibrary.open(path: target.path + "/release/libexample_rust_plugin.so")
        defer { library.release() }
        let descriptor = try onlyDescriptor(library)
        #expect(descriptor.id == "example.rust.counter")
        #expect(descriptor.name == "Counter (Rust example)")

        let result = try drive(library, id: "example.rust.counter", button: "counter-button", label: "counter-label")
        #expect(result.texts == ["Count: 0", "Count: 1", "Count: 2"])
        #expect(
            result.log == [
                "init", "layout 390x600", "will_appear", "did_appear", "tap 1", "tap 2", "will_disappear",
                "did_disappear", "destroy",
            ])
    }

    /// Every `typedef struct` of `plugboard/*.h` and `plugboard/ext/*.h` (comments dropped): how
    /// many there are, and each one's type name with its field names in declaration order (a
    /// function pointer's name is the one in `(*name)`).
    func headerStructs() throws -> (count: Int, fields: [String: [String]]) {
        let include = PackageRoot.path + "/Sources/PlugboardABI/include/plugboard"
        var text = ""
        for folder in [include, include + "/ext"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".h")
            {
                text += try String(contentsOfFile: folder + "/" + file, encoding: .utf8) + "\n"
            }
        }
        func matches(_ pattern: String, in text: String) throws -> [[String]] {
            let regex = try NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
            return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                (0..<match.numberOfRanges).map { index in
                    Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
                }
            }
        }
        let comments = try NSRegularExpression(pattern: #"/\*.*?\*/"#, options: [.dotMatchesLineSeparators])
        text = comments.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: " ")
        let count = text.components(separatedBy: "typedef struct").count - 1
        var fields: [String: [String]] = [:]
        for definition in try matches(#"typedef struct \w+ \{([^}]*)\}\s*(\w+)\s*;"#, in: text) {
            fields[definition[2]] = try definition[1].split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            }.filter { !$0.isEmpty }.map { declaration in
                try matches(#"\(\s*\*\s*(\w+)\s*\)"#, in: declaration).first?[1]
                    ?? matches(#"\w+"#, in: declaration).last?[0] ?? declaration
            }
        }
        return (count, fields)
    }

    /// The Rust binding (`bindings/rust/plugboard.rs`, which the Rust example uses) writes the
    /// header's structs by hand: it must have every struct of the header, with the header's
    /// fields, and their sizes, alignments and field offsets, as Rust lays them out, must be the C
    /// compiler's for `plugboard.h`, so a header change that would break Rust authors (a new
    /// struct or field without its Rust twin included) fails here.
    @Test func theRustDeclarationsHaveTheHeadersLayout() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = try run([
            "cargo", "build", "--offline", "--locked", "--release", "--features", "layout",
            "--manifest-path", Self.examples + "/rust-plugin/Cargo.toml", "--target-dir", folder.path,
        ])
        try #require(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("warning"), "\(build.output)")
        let handle = try #require(dlopen(folder.path + "/release/libexample_rust_plugin.so", RTLD_NOW | RTLD_LOCAL))
        let symbol = try #require(dlsym(handle, "example_rust_layout"))
        let layout = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafePointer<CChar>).self)
        let rust = String(cString: layout())
        let lines = rust.split(separator: "\n")

        // Every struct of the header, once, with the header's fields in order.
        let header = try headerStructs()
        #expect(header.count > 0 && header.fields.count == header.count, "every typedef struct of the headers read")
        #expect(lines.count == header.count, "one line per typedef struct of the headers")
        var reported: [String: [String]] = [:]
        for line in lines {
            let words = line.split(separator: " ")
            reported[String(words[0])] = words.dropFirst(3).map { String($0.split(separator: "=")[0]) }
        }
        #expect(Set(reported.keys) == Set(header.fields.keys), "the binding's structs are the header's")
        for (type, fields) in header.fields {
            #expect(reported[type] == fields, "the fields of \(type)")
        }

        // The same report from C, for the struct and field names Rust reported.
        var program = "#include <plugboard.h>\n#include <stdio.h>\n#include <stddef.h>\nint main(void) {\n"
        for line in lines {
            let words = line.split(separator: " ")
            let type = words[0]
            program += #"    printf("%s size=%zu align=%zu", "\#(type)", sizeof(\#(type)), _Alignof(\#(type)));"# + "\n"
            for field in words.dropFirst(3).map({ $0.split(separator: "=")[0] }) {
                program += #"    printf(" %s=%zu", "\#(field)", offsetof(\#(type), \#(field)));"# + "\n"
            }
            program += #"    printf("\n");"# + "\n"
        }
        program += "    return 0;\n}\n"
        let source = folder.appendingPathComponent("layout.c")
        try Data(program.utf8).write(to: source)
        let binary = folder.appendingPathComponent("layout").path
        let compile = try run([
            "cc", "-std=c11", "-Wall", "-Wextra", "-pedantic", "-I", PackageRoot.path + "/Sources/PlugboardABI/include",
            source.path, "-o", binary,
        ])
        try #require(compile.status == 0, "\(compile.output)")
        let c = try run([binary])
        #expect(c.output == rust)
    }

    /// Slow: the example's own build compiles PlugboardSDK from this checkout.
    @Test func theSwiftPluginBuildsAsItsOwnPackageAndGreets() throws {
        let scratch = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let build = try run([
            "swift", "build", "--package-path", Self.examples + "/swift-plugin", "--scratch-path", scratch.path,
        ])
        try #require(build.status == 0, "\(build.output)")
        // Only the example's own code is checked: the checkout's code has its own tests.
        let warnings = build.output.split(separator: "\n").filter {
            $0.contains("warning:") && $0.contains("/Examples/swift-plugin/")
        }
        #expect(warnings.isEmpty, "\(build.output)")

        let library = try PluginLibrary.open(path: scratch.path + "/debug/libExampleSwiftPlugin.so")
        defer { library.release() }
        let descriptor = try onlyDescriptor(library)
        #expect(descriptor.id == "example.swift.greeting")
        #expect(descriptor.name == "Greeting (Swift example)")

        let result = try drive(
            library, id: "example.swift.greeting", screenJSON: #"{"name":"Ada"}"#, button: "next-language",
            label: "greeting")
        #expect(result.texts == ["Hello, Ada!", "Bonjour, Ada!", "Hola, Ada!"])
        #expect(
            result.log == [
                "setUp", "layout 390x600", "willAppear", "didAppear", "tap Bonjour", "tap Hola", "willDisappear",
                "didDisappear", "tearDown",
            ])
    }
}
