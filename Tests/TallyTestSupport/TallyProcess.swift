import Foundation

/// Runs the built `tally` executable as a real process: end-to-end tests check
/// exactly what a user sees (stdout, stderr, exit code).
package struct TallyProcess {
    /// What a run printed and how it exited.
    package struct Result: Sendable {
        package let status: Int32
        package let stdout: String
        package let stderr: String
        /// From its start to its end as Foundation saw it end, on a thread of its own: a test that bounds
        /// how long a run takes reads this, not the clock after it resumes, which a busy cooperative pool
        /// delays by the time the other tests hold it (a stuck wrangler stopped after 1 s read as 37 s).
        package var seconds: Double = 0

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
    /// The input is written on a thread of its own, so a large input cannot block while the output
    /// fills its pipe.
    package static func run(
        _ arguments: [String], in directory: String? = nil, stdin: String = "",
        environment: [String: String] = [:], program: URL = executable
    ) async throws -> Result {
        let running = try start(
            arguments, in: directory, environment: environment, program: program, withInput: true)
        let bytes = Data(stdin.utf8)
        let input = running.input
        async let written: Void = OffPool.run {
            // The throwing write: a child that ends without reading its input (a refused argument) closes the
            // pipe, and the old `write(_:)` crashed the whole test run on that EPIPE (`try!` inside Foundation).
            try? input.write(contentsOf: bytes)
            try? input.close()
        }
        let result = await running.finish()
        _ = await written
        return result
    }

    /// Starts `tally arguments…` (or `program arguments…`) and returns at once, for a test that signals
    /// it, writes to it or reads it while it runs; `Running.finish` collects what it printed. Its stdin
    /// is empty unless `withInput` (then `Running.input`, which the test closes). The environment is the test's without its `TALLY_` settings (whoever runs the tests must not leak
    /// `TALLY_DB`, `TALLY_TZ`, `TALLY_CONFIG`, … in), plus `environment`.
    package static func start(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        program: URL = executable, withInput: Bool = false
    ) throws -> Running {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("TALLY_") { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let running = Running(process: process)
        // The lifetime alone, not the running process: the process keeps its handler, and a handler that kept
        // `running` made a cycle that never freed its three pipes (thousands of descriptors over a test run, until
        // Foundation's Process.run crashed walking /proc/self/fd).
        let lifetime = running.lifetime
        process.terminationHandler = { _ in lifetime.end() }
        process.standardInput = withInput ? running.inputPipe : FileHandle.nullDevice
        process.standardOutput = running.outputPipe
        process.standardError = running.errorPipe
        running.lifetime.start()
        try process.run()
        // Read stderr from the start, so a process that logs as it runs (serve logs each request) never fills
        // the pipe and stalls before the test collects it.
        running.errors.read(running.errorPipe.fileHandleForReading)
        return running
    }

    /// A started process and its three pipes.
    package final class Running: @unchecked Sendable {
        package let process: Process
        fileprivate let inputPipe = Pipe()
        fileprivate let outputPipe = Pipe()
        fileprivate let errorPipe = Pipe()

        fileprivate let lifetime = Lifetime()
        fileprivate let errors = Drain()

        fileprivate init(process: Process) { self.process = process }

        /// When the process started and ended, set from whichever thread sees it.
        fileprivate final class Lifetime: @unchecked Sendable {
            private let lock = NSLock()
            private var started = Date()
            private var ended: Date?

            func start() { lock.withLock { started = Date() } }
            func end() { lock.withLock { ended = Date() } }
            /// Seconds from start to end (to now, had the end not been seen yet).
            var seconds: Double { lock.withLock { (ended ?? Date()).timeIntervalSince(started) } }
        }

        /// A pipe read to its end as soon as the process starts; `text` waits for the end.
        fileprivate final class Drain: @unchecked Sendable {
            private let lock = NSLock()
            private var reading: Task<Data, Never>?

            func read(_ handle: FileHandle) { lock.withLock { reading = Task { await handle.remainingData() } } }
            func text() async -> String {
                guard let reading = lock.withLock({ reading }) else { return "" }
                return String(decoding: await reading.value, as: UTF8.self)
            }
        }

        /// Its standard input (close it to send end of file).
        package var input: FileHandle { inputPipe.fileHandleForWriting }
        /// Its standard output, for a test that reads it while it runs (`FileHandle.nextLine`).
        package var output: FileHandle { outputPipe.fileHandleForReading }
        package var id: pid_t { process.processIdentifier }

        /// Sends `signal` (SIGTERM, SIGINT, SIGKILL …) to the process.
        package func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

        /// Waits at most `seconds` for the process to end; true when it did.
        package func ends(within seconds: Double) async -> Bool { await process.ends(within: seconds) }

        /// Reads what is left of stdout and stderr (each on its own thread, so neither pipe can fill and
        /// stall the other) and waits for the end. The status is the exit code, or 128 + the signal's
        /// number when a signal ended the process, as a shell reports it (`SIGPIPE` is 141), so an exit
        /// 9 and SIGKILL are never the same.
        package func finish() async -> Result {
            async let errorText = errors.text()
            let outputText = await output.remainingText()
            await process.ended()
            let status = process.terminationStatus
            var result = Result(
                status: process.terminationReason == .exit ? status : 128 + status, stdout: outputText,
                stderr: await errorText)
            result.seconds = lifetime.seconds
            // Both ends read to their end: closed now, not whenever the handles are freed.
            for handle in [
                outputPipe.fileHandleForReading, errorPipe.fileHandleForReading, inputPipe.fileHandleForReading,
                inputPipe.fileHandleForWriting,
            ] {
                try? handle.close()
            }
            return result
        }
    }
}
