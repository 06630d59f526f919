/// Work to measure: runs the operation `iterations` times. The loop lives inside, so a call of a
/// few nanoseconds is not drowned by the cost of calling a closure per iteration.
public typealias Operation = (_ iterations: Int) throws -> Void

/// A measured operation and its baseline, measured in the same run; what they become as a figure.
public struct Comparison {
    public var name: String
    public var summary: String
    public var subject: Operation
    public var baselineName: String
    public var baseline: Operation
    public var goal: Goal?
    /// How a time per operation (nanoseconds) is shown; bytes per operation turn it into MB/s.
    public var presentation: Presentation = .time
    /// Operations of a few nanoseconds: the suite runs them by the thousand per sample.
    public var isMicro = false
    public var note: String?
    /// Baselines measured outside this process (another language's call path): nanoseconds per
    /// operation, or nil when unavailable here. Each becomes a figure of its own, `NAME-vs-SUFFIX`.
    public var externalBaselines: [External] = []

    public struct External {
        public var name: String
        public var suffix: String
        public var goal: Goal?
        public var measure: () throws -> Double?

        public init(name: String, suffix: String, goal: Goal?, measure: @escaping () throws -> Double?) {
            self.name = name
            self.suffix = suffix
            self.goal = goal
            self.measure = measure
        }
    }

    public enum Presentation {
        case time
        /// Throughput: this many bytes per operation, shown in MB/s (the goal is on the value).
        case throughput(bytes: Int)
    }

    public init(
        name: String, summary: String, subject: @escaping Operation, baselineName: String,
        baseline: @escaping Operation, goal: Goal? = nil
    ) {
        self.name = name
        self.summary = summary
        self.subject = subject
        self.baselineName = baselineName
        self.baseline = baseline
        self.goal = goal
    }

    /// The figure for measured nanoseconds per operation of the subject and the baseline.
    public func figure(subject: Double, baseline: Double) -> Figure {
        switch presentation {
        case .time:
            let (scale, unit) = TimeUnit.fitting(max(subject, baseline))
            return Figure(
                name: name, summary: summary, value: subject / scale, unit: unit,
                baseline: .init(name: baselineName, value: baseline / scale), goal: goal, note: note)
        case .throughput(let bytes):
            // bytes per nanosecond × 1000 = MB/s.
            return Figure(
                name: name, summary: summary, value: Double(bytes) / subject * 1000, unit: "MB/s",
                baseline: .init(name: baselineName, value: Double(bytes) / baseline * 1000), goal: goal, note: note)
        }
    }
}

enum TimeUnit {
    /// The unit nanoseconds are best read in, and its size in nanoseconds.
    static func fitting(_ nanoseconds: Double) -> (Double, String) {
        switch nanoseconds {
        case ..<1_000: (1, "ns")
        case ..<1_000_000: (1_000, "µs")
        default: (1_000_000, "ms")
        }
    }
}
