import Foundation
import TestSupport
import Testing

/// `plugboard run` on a terminal whose window changes size: the next drawing fits the new size.
/// Driven through a real pseudo-terminal (Python's `pty`), as a person's terminal drives it:
/// started at 80×24, the window set to 120×40 (the kernel sends SIGWINCH), then `show`.
@Suite struct TerminalResizeTests {
    /// Prints `SIZE WIDTH ROWS` for each drawing: its frame's width and rows.
    static let driver = #"""
        import os, pty, sys, fcntl, termios, struct, select, time

        executable, folder = sys.argv[1], sys.argv[2]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(executable, [executable, "run", folder])

        def set_size(rows, cols):
            fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

        output = b""
        deadline = time.monotonic() + 60

        def wait_for(*markers):
            """Reads until each marker has come, in order, after what was read so far; returns the text read."""
            global output
            start = len(output)
            at = start
            for marker in markers:
                while output.find(marker, at) < 0:
                    ready, _, _ = select.select([fd], [], [], max(0, deadline - time.monotonic()))
                    chunk = os.read(fd, 65536) if ready else b""
                    if not chunk:
                        sys.exit("no %r after: %r" % (marker, output[start:][-400:]))
                    output += chunk
                at = output.find(marker, at) + len(marker)
            return output[start:at].decode("utf-8", "replace").replace("\r", "")

        def frame(text):
            lines = text.split("\n")
            top = [l for l in lines if l.startswith("\u256d")]
            return (len(top[-1]) if top else 0, sum(1 for l in lines if l.startswith("\u2502")))

        set_size(24, 80)
        print("80x24", *frame(wait_for("\u2570".encode(), b"plugboard> ")))
        set_size(40, 120)
        os.write(fd, b"show\r")
        print("120x40", *frame(wait_for("\u2570".encode(), b"plugboard> ")))
        os.write(fd, b"quit\r")
        os.waitpid(pid, 0)
        """#

    @Test func theNextDrawingFitsAWindowThatChangedSize() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pty_run.py").path
        try Self.driver.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run(
            ["python3", path, Built.directory + "/plugboard", Showcase.folder], in: PackageRoot.path)
        #expect(result.status == 0, "\(result.output)")
        let sizes = result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(sizes.count == 2, "\(result.output)")
        guard sizes.count == 2, sizes.allSatisfy({ $0.count == 3 }) else { return }
        let (small, large) = ((Int(sizes[0][1])!, Int(sizes[0][2])!), (Int(sizes[1][1])!, Int(sizes[1][2])!))
        #expect(small.0 <= 80 && small.1 + 2 <= 23, "\(result.output)")
        #expect(large.0 > small.0 && large.0 <= 120, "\(result.output)")
        #expect(large.1 > small.1 && large.1 + 2 <= 39, "\(result.output)")
    }
}
