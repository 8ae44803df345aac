import Foundation

/// Runs the built `tally` executable as a real process: end-to-end tests check
/// exactly what a user sees (stdout, stderr, exit code).
package struct TallyProcess {
    /// What a run printed and how it exited.
    package struct Result: Sendable {
        package let status: Int32
        package let stdout: String
        package let stderr: String

        package init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The `tally` binary the end-to-end tests run: `$TALLY_BINARY` when set (CI points it at the
    /// installed release binary, so a static build that breaks time zones or JSON fails these tests),
    /// else the one next to the test bundle in the build folder.
    package static let executable: URL = {
        if let given = ProcessInfo.processInfo.environment["TALLY_BINARY"], !given.isEmpty {
            precondition(
                FileManager.default.isExecutableFile(atPath: given), "TALLY_BINARY=\(given) is not an executable file")
            return URL(fileURLWithPath: given)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        // The test runner may live inside a bundle folder (…/tallyPackageTests.xctest/…).
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("tally")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return packageRoot.appendingPathComponent(".build/debug/tally")
    }()

    /// Runs `tally arguments…` (or `program arguments…`) in `directory` with `stdin` as input; the one
    /// process runner of the tests (`HostileShell` runs `/bin/sh`, `ToolProcess` the system's tools).
    /// The status is the exit code, or 128 + the signal's number when a signal ended the process, as
    /// a shell reports it (`SIGPIPE` is 141), so an exit 9 and SIGKILL are never the same.
    package static func run(
        _ arguments: [String], in directory: String? = nil, stdin: String = "",
        environment: [String: String] = [:], program: URL = executable
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        // The settings of whoever runs the tests (TALLY_DB, TALLY_TZ, TALLY_CONFIG, …) must not leak in.
        for key in env.keys where key.hasPrefix("TALLY_") { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Written on another thread so a large input cannot block while the output fills its pipe.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        // stderr is drained on its own thread, so a process that fills that pipe cannot stall stdout.
        let errorData = DataBox()
        let errorReader = Thread { errorData.data = errors.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorReader.isFinished { usleep(1_000) }
        let status = process.terminationStatus
        return Result(
            status: process.terminationReason == .exit ? status : 128 + status,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData.data, as: UTF8.self))
    }
}

/// Holds bytes read on another thread; read only after that thread has finished.
final class DataBox: @unchecked Sendable {
    var data = Data()
}
