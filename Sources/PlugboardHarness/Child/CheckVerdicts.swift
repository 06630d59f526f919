/// Thrown by a test: it failed, saying what was expected and what happened.
package struct CheckFailure: Error, CustomStringConvertible {
    package var description: String
    /// The plugin's `create` returned NULL (the failable init), as opposed to any other failure.
    package var declined = false
    package init(_ description: String, declined: Bool = false) {
        self.description = description
        self.declined = declined
    }
}

/// Thrown by a test that does not apply to its subject, saying why.
package struct CheckSkip: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Fails the test with `message` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(CheckFailure) {
    if !condition { throw CheckFailure(message()) }
}

/// What a child reports for its test: everything but crashes and time-outs, which only the
/// parent can see.
struct ChildOutcome: Codable {
    var status: CheckStatus
    var message: String?
}
