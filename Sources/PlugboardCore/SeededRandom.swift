/// A deterministic random number generator (SplitMix64): the same seed gives the same
/// sequence on every machine and Swift version, which `--seed` replays rely on. The standard
/// library's generator is seeded by the system and cannot replay.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of one test run: the run's seed mixed with the group, the test id and the
    /// repetition, so `--only` and `--plugin` do not change what a test sees.
    package static func seed(run: UInt64, group: String, test: String, repetition: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for byte in "\(group)\u{0}\(test)\u{0}\(repetition)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        var generator = SeededRandom(seed: run ^ hash)
        return generator.next()
    }
}
