import Foundation
import TallyTestSupport

/// Runs the tally binary under test through `/bin/sh`, so a test can give it what a shell gives:
/// `>/dev/full`, `>&-`, `</dev/zero`, a pipe to `head`. The hostile suites use it against the
/// built binary, or the installed one (`make hostile` sets TALLY_BINARY).
enum HostileShell {
    /// Runs `tally arguments… REDIRECTS` in `folder`; stdout and stderr are captured unless the
    /// redirections send them elsewhere. `wrapping` replaces the whole script (`$0` is tally,
    /// `$@` the arguments).
    static func run(
        _ arguments: [String], redirect: String, in folder: String, environment: [String: String] = [:],
        wrapping: String? = nil
    ) throws -> TallyProcess.Result {
        let script = wrapping ?? "exec \"$0\" \"$@\" \(redirect)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, TallyProcess.executable.path] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("TALLY_") { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorData = Captured()
        let reader = Thread { errorData.data = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1_000) }
        return TallyProcess.Result(
            status: process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self), stderr: String(decoding: errorData.data, as: UTF8.self)
        )
    }

    /// Bytes read on another thread, read only after it finished.
    final class Captured: @unchecked Sendable {
        var data = Data()
    }
}
