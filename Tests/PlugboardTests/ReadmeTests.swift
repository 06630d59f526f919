import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardHarness
@testable import PlugboardLoader

/// The README's "first plugin in C", compiled from the README itself with the command it shows,
/// loaded by the host and driven through its whole lifecycle.
@Suite struct ReadmeTests {
    static func firstPluginSource() throws -> String {
        let readme = try String(contentsOfFile: PackageRoot.path + "/README.md", encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- first-plugin:begin -->\n```c\n"))
        let end = try #require(readme.range(of: "```\n<!-- first-plugin:end -->"))
        return String(readme[begin.upperBound..<end.lowerBound])
    }

    @Test func theReadmeCodeIsTheExampleFile() throws {
        let example = try String(
            contentsOfFile: PackageRoot.path + "/Examples/first-plugin/hello_screen.c", encoding: .utf8)
        #expect(try Self.firstPluginSource() == example)
    }

    @Test func theFirstPluginBuildsWithCCAndRunsItsLifecycleInOrder() throws {
        let directory = try makeTemporaryDirectory()
        try Self.firstPluginSource().write(
            to: directory.appendingPathComponent("hello_screen.c"), atomically: true, encoding: .utf8)
        let include = PackageRoot.path + "/Sources/PlugboardABI/include"
        let build = try run(
            [
                "cc", "-std=c11", "-Wall", "-Wextra", "-pedantic", "-Werror", "-shared", "-fPIC", "-I", include,
                "hello_screen.c", "-o", "libhello_screen.so",
            ], in: directory.path)
        #expect(build.status == 0, "\(build.output)")

        let environment = PlugboardHost()
        let path = try LibrarySearchPath([directory.path]).resolve("hello_screen")
        let library = try PluginLibrary.open(path: path)
        defer { library.release() }
        #expect(library.descriptors.map(\.id) == ["hello_screen"])
        let screen = try ScreenInstance(
            library: library, pluginID: "hello_screen", environment: environment, pluginJSON: "{}",
            screenJSON: "{}", dataSourceJSON: nil)
        screen.layout(width: 390, height: 600)
        screen.appear()
        screen.disappear()
        let root = try #require(screen.view)
        let label = try #require(environment.views[root]?.children.first)
        #expect(environment.views[label]?.text == "Hello, Plugboard!")
        #expect(environment.views[label]?.frame == Rect(x: 16, y: 16, width: 358, height: 24))
        screen.destroy()
        #expect(
            messages(environment, from: "hello_screen") == [
                "init", "will_appear", "did_appear", "will_disappear", "did_disappear", "destroy",
            ])
    }
}
