import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// The real-browser test of `plugboard serve`: `Tests/Browser/simulator_test.py` starts the built
/// `plugboard serve` on a free port and drives its page in headless Chromium through Selenium 4:
/// a tap on a nav-bar button in the device SVG, a state URL typed into the address field, then
/// a rebuild of a C screen plugin the app loads (the hot reload), checking the page against
/// `GET /state` each time (see the script's header for every step).
///
/// Screenshots (`home.png`, `after-tap.png`, `after-reload.png`, and `failure.png` when a step
/// fails) and the server's output (`serve-stdout.log`, `serve-stderr.log`) are written to
/// `.build/browser-artifacts` in the package root.
///
/// It needs Chromium, ChromeDriver and the Python package selenium (`.ci/run` installs them).
/// Without them the test fails and says what to install; `PLUGBOARD_SKIP_BROWSER=1` skips it.
@Suite struct BrowserTests {
    static let script = PackageRoot.path + "/Tests/Browser/simulator_test.py"
    static let artifacts = PackageRoot.path + "/.build/browser-artifacts"
    static let skipRequested = ProcessInfo.processInfo.environment["PLUGBOARD_SKIP_BROWSER"] == "1"

    @Test(
        .disabled(
            if: BrowserTests.skipRequested,
            "PLUGBOARD_SKIP_BROWSER=1: the browser test of `plugboard serve` (Chromium, ChromeDriver, selenium) is skipped"
        ))
    func theSimulatorPageTapsOpensAndHotReloadsInHeadlessChromium() throws {
        let environment = try run(["python3", "-B", Self.script, "--check-environment"])
        try #require(
            environment.status == 0,
            """
            The browser test of `plugboard serve` cannot run: \(environment.output)
            Install Chromium, ChromeDriver and selenium (Debian: `sudo apt-get install chromium chromium-driver` \
            and `python3 -m pip install selenium`; `.ci/run` does it), or set PLUGBOARD_SKIP_BROWSER=1 to skip it.
            """)

        let plugins = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: plugins) }
        let result = try run([
            "python3", "-B", Self.script,
            "--plugboard", Built.directory + "/plugboard",
            "--plugin-dir", plugins.path,
            "--artifacts", Self.artifacts,
        ])
        #expect(result.status == 0, "simulator_test.py exited with status \(result.status):\n\(result.output)")
        for name in ["home.png", "after-tap.png", "after-reload.png"] where result.status == 0 {
            let path = Self.artifacts + "/" + name
            #expect(FileManager.default.fileExists(atPath: path), "no \(name) in \(Self.artifacts)")
        }
    }
}
