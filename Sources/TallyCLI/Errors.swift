import Foundation
import TallyCore

/// Exit codes, documented in the README.
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// The command failed: bad data, a file problem, a refused operation.
    case failure = 1
    /// The command line was wrong: unknown option, missing or malformed value.
    case usage = 2
    /// A moderation decision lost a race: the note changed since it was read.
    case conflict = 3
}

/// An error that chooses its own exit code (the default for errors is 1).
package protocol ExitCodeProviding: Error {
    var exitCode: ExitCode { get }
}

/// A wrong command line. Printed as `Error: …` plus the command's usage; exit code 2.
package struct UsageError: Error, Equatable, ExitCodeProviding, CustomStringConvertible {
    package let message: String
    /// The command path the error belongs to, for the usage hint.
    package let command: [String]

    package init(_ message: String, command: [String] = []) {
        self.message = message
        self.command = command
    }

    package var exitCode: ExitCode { .usage }
    package var description: String { message }
}

/// A plain failure with a message of our own (exit code 1).
package struct CommandFailure: Error, Equatable, CustomStringConvertible {
    package let message: String
    /// True when it failed because the user stopped it (Ctrl-C, SIGTERM): nothing more is started after it.
    package let interrupted: Bool
    package init(_ message: String, interrupted: Bool = false) {
        self.message = message
        self.interrupted = interrupted
    }
    package var description: String { message }
}

/// The working folder cannot be read (`getcwd` failed): usually it was removed, or moved, while the
/// shell was still in it. Nothing runs: paths given relative to it, and the `tally.json` read from
/// it, would silently mean something else.
package struct WorkingFolderLost: Error, Equatable, CustomStringConvertible {
    package let errno: Int32

    package var description: String {
        "the working folder cannot be read (\(String(cString: strerror(errno)))): it was removed or moved "
            + "while this shell was in it; nothing was read or written. Change to an existing folder "
            + "(`cd` to it again if it was recreated) and run the command again"
    }
}

/// A lost race (the note changed since it was read, or the same decision was
/// already made) exits with 3, so scripts can tell it from other failures (1).
extension ModerationError: ExitCodeProviding {
    package var exitCode: ExitCode { isConflict ? .conflict : .failure }
}

extension SyncError: ExitCodeProviding {
    package var exitCode: ExitCode { isConflict ? .conflict : .failure }
}
