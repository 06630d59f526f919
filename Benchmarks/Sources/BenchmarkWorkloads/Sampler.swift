import Foundation

/// Times operations by wall clock: each round runs an operation enough times to last about
/// `roundNanoseconds`; the figure is the median over rounds of the time per operation. Subject
/// and baseline alternate round by round, so both see the same machine (frequency, other load).
public struct Sampler: Sendable {
    public var rounds: Int
    public var roundNanoseconds: Double

    public static let full = Sampler(rounds: 9, roundNanoseconds: 60_000_000)
    public static let quick = Sampler(rounds: 3, roundNanoseconds: 4_000_000)

    public init(rounds: Int, roundNanoseconds: Double) {
        self.rounds = rounds
        self.roundNanoseconds = roundNanoseconds
    }

    /// Median nanoseconds per operation of each of `operations`, in order.
    public func measure(_ operations: [Operation]) throws -> [Double] {
        let counts = try operations.map(calibrate)
        var samples = Array(repeating: [Double](), count: operations.count)
        for _ in 0..<rounds {
            for (index, operation) in operations.enumerated() {
                samples[index].append(try Self.time(operation, counts[index]) / Double(counts[index]))
            }
        }
        return samples.map { $0.sorted()[$0.count / 2] }
    }

    /// How many iterations make a round: warm once, then grow until a run is long enough to scale.
    private func calibrate(_ operation: Operation) throws -> Int {
        var count = 1
        var elapsed = try Self.time(operation, count)  // also the warm-up
        while elapsed < roundNanoseconds / 10 && count < 1 << 30 {
            count *= 10
            elapsed = try Self.time(operation, count)
        }
        return max(1, Int(Double(count) * roundNanoseconds / max(elapsed, 1)))
    }

    static func time(_ operation: Operation, _ count: Int) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try operation(count)
        return Double(DispatchTime.now().uptimeNanoseconds - start)
    }
}

/// Keeps a value alive as far as the optimiser can tell, so measured work is not removed.
@inline(never)
public func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
