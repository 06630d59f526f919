import ArgumentParser
import Logging

/// `--log-level`, shared by every subcommand. Plugin log lines and host diagnostics go to
/// standard error at this level or above; the default keeps normal output clean.
package struct LoggingOptions: ParsableArguments {
    package init() {}

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    package var logLevel: Logger.Level = .warning

    /// Installs the stderr log handler once per process.
    package func bootstrap() { Self.bootstrap(level: logLevel) }

    /// Installs the stderr log handler, at `level`, once per process.
    package static func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
