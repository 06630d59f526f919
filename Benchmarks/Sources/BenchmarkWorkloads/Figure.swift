import Foundation

/// One printed figure: what was measured, its value, the baseline measured in the same run,
/// their ratio and the goal the issue sets (if any).
public struct Figure: Encodable, Sendable {
    public var name: String
    public var summary: String
    public var value: Double
    public var unit: String
    public var baseline: Baseline?
    public var goal: Goal?
    /// Anything that qualifies the number (sizes, counts, what was unavailable).
    public var note: String?

    public struct Baseline: Codable, Sendable {
        public var name: String
        public var value: Double
    }

    public init(
        name: String, summary: String, value: Double, unit: String, baseline: Baseline? = nil, goal: Goal? = nil,
        note: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.value = value
        self.unit = unit
        self.baseline = baseline
        self.goal = goal
        self.note = note
    }

    /// value / baseline, when there is a baseline.
    public var ratio: Double? { baseline.map { value / $0.value } }

    /// Whether the goal is met; nil without a goal.
    public var met: Bool? {
        guard let goal else { return nil }
        switch goal.measure {
        case .ratioAtMost: return ratio.map { $0 <= goal.limit }
        case .valueAtMost: return value <= goal.limit
        case .valueAtLeast: return value >= goal.limit
        }
    }

    enum CodingKeys: String, CodingKey { case name, summary, value, unit, baseline, ratio, goal, met, note }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(summary, forKey: .summary)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encodeIfPresent(baseline, forKey: .baseline)
        try container.encodeIfPresent(ratio, forKey: .ratio)
        try container.encodeIfPresent(goal, forKey: .goal)
        try container.encodeIfPresent(met, forKey: .met)
        try container.encodeIfPresent(note, forKey: .note)
    }
}

/// A goal of issue #17: a bound on the ratio to the baseline, or on the value itself.
public struct Goal: Codable, Sendable {
    public enum Measure: String, Codable, Sendable {
        case ratioAtMost = "ratio_at_most"
        case valueAtMost = "value_at_most"
        case valueAtLeast = "value_at_least"
    }
    public var measure: Measure
    public var limit: Double

    public static func ratio(atMost limit: Double) -> Goal { Goal(measure: .ratioAtMost, limit: limit) }
    public static func value(atMost limit: Double) -> Goal { Goal(measure: .valueAtMost, limit: limit) }
    public static func value(atLeast limit: Double) -> Goal { Goal(measure: .valueAtLeast, limit: limit) }

    /// "≤ 1.5×", "≥ 600 MB/s".
    public func description(unit: String) -> String {
        switch measure {
        case .ratioAtMost: "≤ \(Format.number(limit))×"
        case .valueAtMost: "≤ \(Format.number(limit)) \(unit)"
        case .valueAtLeast: "≥ \(Format.number(limit)) \(unit)"
        }
    }
}

/// Numbers as people read them: three significant digits, thousands grouped.
public enum Format {
    public static func number(_ value: Double) -> String {
        if value.isNaN || value.isInfinite { return "\(value)" }
        let magnitude = abs(value)
        if magnitude >= 1000 {
            let rounded = Int(value.rounded())
            let digits = String(abs(rounded))
            var grouped = ""
            for (index, character) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
                grouped.append(character)
            }
            return (rounded < 0 ? "-" : "") + grouped
        }
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return String(format: "%.\(decimals)f", value)
    }
}
