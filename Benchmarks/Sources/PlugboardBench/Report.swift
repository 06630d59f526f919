import BenchmarkWorkloads
import Foundation

/// Prints figures as they come (a table), or all at the end as one JSON object.
struct Report {
    let json: Bool
    private(set) var figures: [Figure] = []
    private var skipped: [String: String] = [:]

    init(json: Bool) {
        self.json = json
        if !json {
            emit(Self.row("benchmark", "value", "baseline", "ratio", "goal"))
        }
    }

    mutating func add(_ figure: Figure) {
        figures.append(figure)
        guard !json else { return }
        let value = "\(Format.number(figure.value)) \(figure.unit)"
        let baseline = figure.baseline.map { "\(Format.number($0.value)) \(figure.unit) (\($0.name))" } ?? ""
        let ratio = figure.ratio.map { "\(Format.number($0))×" } ?? ""
        let goal =
            figure.goal.map { "\($0.description(unit: figure.unit)) \(figure.met == true ? "met" : "NOT MET")" } ?? ""
        emit(Self.row(figure.name, value, baseline, ratio, goal))
        if let note = figure.note { emit(Self.row("", "  \(note)", "", "", "")) }
    }

    mutating func skip(_ name: String, because reason: String) {
        skipped[name] = reason
        if !json { emit(Self.row(name, "skipped: \(reason)", "", "", "")) }
    }

    func finish() {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            struct Output: Encodable {
                var figures: [String: Figure]
                var skipped: [String: String]
                var goalsNotMet: [String]
                enum CodingKeys: String, CodingKey {
                    case figures, skipped
                    case goalsNotMet = "goals_not_met"
                }
            }
            let output = Output(
                figures: Dictionary(figures.map { ($0.name, $0) }, uniquingKeysWith: { $1 }), skipped: skipped,
                goalsNotMet: figures.filter { $0.met == false }.map(\.name))
            if let data = try? encoder.encode(output) { emit(String(decoding: data, as: UTF8.self)) }
        } else {
            let unmet = figures.filter { $0.met == false }.map(\.name)
            let withGoals = figures.filter { $0.goal != nil }.count
            emit(
                "\(withGoals - unmet.count) of \(withGoals) goals met"
                    + (unmet.isEmpty ? "" : "; not met: \(unmet.joined(separator: ", "))"))
        }
    }

    private static func row(_ columns: String...) -> String {
        let widths = [24, 18, 58, 9, 0]
        return zip(columns, widths).map { column, width in
            width == 0 || column.count >= width
                ? column + " " : column.padding(toLength: width, withPad: " ", startingAt: 0)
        }.joined()
    }

    /// Written at once, not buffered: a long run shows each figure as it is measured.
    private func emit(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
}
