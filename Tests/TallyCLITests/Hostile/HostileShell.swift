import Foundation
import TallyTestSupport

/// Runs the tally binary under test through `/bin/sh`, so a test can give it what a shell gives:
/// `>/dev/full`, `>&-`, `</dev/zero`, a pipe to `head`. The hostile suites use it against the
/// built binary, or the installed one (`make hostile` sets TALLY_BINARY). The process itself is run
/// by `TallyProcess.run`, the tests' one runner.
enum HostileShell {
    /// Runs `tally arguments… REDIRECTS` in `folder`; stdout and stderr are captured unless the
    /// redirections send them elsewhere; standard input is empty. `wrapping` replaces the whole
    /// script (`$0` is tally, `$@` the arguments).
    static func run(
        _ arguments: [String], redirect: String, in folder: String, environment: [String: String] = [:],
        wrapping: String? = nil
    ) async throws -> TallyProcess.Result {
        let script = wrapping ?? "exec \"$0\" \"$@\" \(redirect)"
        return try await TallyProcess.run(
            ["-c", script, TallyProcess.executable.path] + arguments, in: folder, environment: environment,
            program: URL(fileURLWithPath: "/bin/sh"))
    }
}
