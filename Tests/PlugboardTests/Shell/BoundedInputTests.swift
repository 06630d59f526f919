import Foundation
import TestSupport
import Testing

/// Work is bounded by what the user typed (#31, bounded work): a command line over the limit is
/// refused with its length before the engine sees it, at once.
@Suite struct BoundedInputTests {
    @Test func aTenMegabyteLineIsRefusedWithItsLength() throws {
        let line = "open app://" + String(repeating: "a", count: 10_000_000)
        let result = try runPlugboard(["run", Showcase.folder], input: line + "\nshow\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 1: a command of 10000011 bytes, over the limit of 65536: refused"))
    }
}
