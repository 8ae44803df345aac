import Foundation

/// Runs a tool of the system (`sqlite3`, `sha256sum`, `python3`) and returns its standard output.
public enum ToolProcess {
    /// A tool that exited with a non-zero status.
    public struct Failure: Error, CustomStringConvertible {
        /// The tool's name.
        public let tool: String
        /// Its exit status.
        public let status: Int32
        /// What it printed on stderr.
        public let stderr: String
        /// `sqlite3 exited 1: …`.
        public var description: String { "\(tool) exited \(status): \(stderr)" }
    }

    /// Runs `tool arguments…`, with `input` on its stdin when given; returns its stdout.
    @discardableResult
    public static func run(_ tool: String, _ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        if input != nil { process.standardInput = stdin }
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        if let input {
            // Written on another thread so a large input cannot block while the tool's output fills its pipe.
            let writer = Thread {
                stdin.fileHandleForWriting.write(Data(input.utf8))
                try? stdin.fileHandleForWriting.close()
            }
            writer.start()
        }
        // stderr is drained on its own thread, so a tool that fills that pipe cannot stall stdout.
        let errors = DataBox()
        let errorReader = Thread { errors.data = stderr.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorReader.isFinished { usleep(1_000) }
        guard process.terminationStatus == 0 else {
            throw Failure(
                tool: tool, status: process.terminationStatus, stderr: String(decoding: errors.data, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The repository's root folder (this file is Tests/TallyTestSupport/ToolProcess.swift).
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
