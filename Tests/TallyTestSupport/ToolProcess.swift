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

    /// Runs `tool arguments…` (found on PATH), with `input` on its stdin; returns its stdout.
    @discardableResult
    public static func run(_ tool: String, _ arguments: [String], input: String? = nil) throws -> String {
        let result = try TallyProcess.run(
            [tool] + arguments, stdin: input ?? "", program: URL(fileURLWithPath: "/usr/bin/env"))
        guard result.status == 0 else { throw Failure(tool: tool, status: result.status, stderr: result.stderr) }
        return result.stdout
    }

    /// The repository's root folder (this file is Tests/TallyTestSupport/ToolProcess.swift).
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
