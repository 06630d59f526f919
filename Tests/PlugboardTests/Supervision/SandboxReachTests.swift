import Foundation
import TestSupport
import Testing

/// The sandbox's walls, proved from inside a real plugin (`HostileSignalsC` in its `reach`
/// mode): it tries to read a file outside its grants, write into its app folder, connect to a
/// port that listens on the loopback, open its supervisor's /proc entry, run /bin/sh, fork and
/// map 64 GiB. Each is refused and the session goes on; what `settings.json` grants opens.
@Suite struct SandboxReachTests {
    /// A secret file outside every grant, a listening loopback port, and the hostile app.
    struct Setup {
        let secretFolder: URL
        let app: URL
        let listener: Int32
        let port: UInt16

        init(settings: String? = nil) throws {
            secretFolder = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: secretFolder, withIntermediateDirectories: true)
            try Data("the user's secret\n".utf8).write(to: secretFolder.appendingPathComponent("secret.txt"))
            app = try HostileApp.write(extra: [SandboxTests.hostile])
            if let settings { try Data(settings.utf8).write(to: app.appendingPathComponent("settings.json")) }
            (listener, port) = try Self.listen()
        }

        func close() {
            _ = Glibc.close(listener)
            try? FileManager.default.removeItem(at: secretFolder)
            try? FileManager.default.removeItem(at: app)
        }

        /// Pushes the hostile screen and taps its button; the plugin's log line (on standard
        /// error) says what each attempt returned.
        func attack() throws -> CommandResult {
            try HostileApp.run(
                ["run"], app: app, input: "push hostile\ntap corpus-button\nshow\n",
                environment: [
                    "PLUGBOARD_TEST_HOSTILE": "reach",
                    "PLUGBOARD_TEST_SECRET": secretFolder.appendingPathComponent("secret.txt").path,
                    "PLUGBOARD_TEST_WRITE": app.path, "PLUGBOARD_TEST_PORT": "\(port)",
                ])
        }

        /// A TCP socket listening on 127.0.0.1 at a port the kernel chose.
        static func listen() throws -> (Int32, UInt16) {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(descriptor, address, length) == 0 && Glibc.listen(descriptor, 8) == 0
                        && getsockname(descriptor, address, &length) == 0
                }
            }
            try #require(bound, "cannot listen on the loopback: \(String(cString: strerror(errno)))")
            return (descriptor, UInt16(bigEndian: address.sin_port))
        }
    }

    @Test func aPluginReachesNothingOutsideItsGrants() throws {
        let setup = try Setup()
        defer { setup.close() }
        let result = try setup.attack()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "read EACCES write EACCES net EPERM proc EACCES exec EPERM fork EPERM alloc ENOMEM"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.app.appendingPathComponent("written-by-plugin").path))
        #expect(!result.stderr.contains("sandbox without"), "every part holds on this machine: \(result.stderr)")
    }

    /// `settings.json` grants the network, a folder to read and the app folder to write: those
    /// open, and nothing else does.
    @Test func whatSettingsGrantOpensAndNothingElse() throws {
        let setup = try Setup()
        defer { setup.close() }
        let settings = #"{"sandbox": {"network": true, "read": ["\#(setup.secretFolder.path)"], "write": ["."]}}"#
        try Data(settings.utf8).write(to: setup.app.appendingPathComponent("settings.json"))
        let result = try setup.attack()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("read DONE write DONE net DONE proc EACCES exec EPERM fork EPERM alloc ENOMEM"),
            "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: setup.app.appendingPathComponent("written-by-plugin").path))
    }

    /// A memory limit from settings.json is the engine's address-space limit: 64 GiB is refused
    /// there as under the default, and a limit below what the engine needs fails it whole, with
    /// the supervisor still answering.
    @Test func theMemoryLimitComesFromSettings() throws {
        let setup = try Setup()
        defer { setup.close() }
        try Data(#"{"sandbox": {"memory_limit_mb": 100000}}"#.utf8).write(
            to: setup.app.appendingPathComponent("settings.json"))
        let result = try setup.attack()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("alloc DONE"), "100,000 MiB lets 64 GiB be mapped: \(result.stderr)")
    }
}
