/// Exit codes, documented in the README.
public enum ExitCode: Int32, Sendable {
    /// Success.
    case success = 0
    /// The command failed: bad data, a file problem, a refused operation.
    case failure = 1
    /// The command line was wrong: unknown option, missing or malformed value.
    case usage = 2
    /// A moderation decision lost a race: the note changed since it was read.
    case conflict = 3
}

/// An error that chooses its own exit code (the default for errors is 1).
public protocol ExitCodeProviding: Error {
    var exitCode: ExitCode { get }
}

/// A wrong command line. Printed as `Error: …` plus the command's usage; exit code 2.
public struct UsageError: Error, Equatable, ExitCodeProviding, CustomStringConvertible {
    public let message: String
    /// The command path the error belongs to, for the usage hint.
    public let command: [String]

    public init(_ message: String, command: [String] = []) {
        self.message = message
        self.command = command
    }

    public var exitCode: ExitCode { .usage }
    public var description: String { message }
}

/// A plain failure with a message of our own (exit code 1).
public struct CommandFailure: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
