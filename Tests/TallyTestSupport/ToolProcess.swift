import Foundation

/// Runs a tool of the system (`sqlite3`, `sha256sum`, `python3`) and returns its standard output.
package enum ToolProcess {
    /// A tool that exited with a non-zero status.
    package struct Failure: Error, CustomStringConvertible {
        /// The tool's name.
        package let tool: String
        /// Its exit status.
        package let status: Int32
        /// What it printed on stderr.
        package let stderr: String
        /// `sqlite3 exited 1: …`.
        package var description: String { "\(tool) exited \(status): \(stderr)" }
    }

    /// Runs `tool arguments…` (found on PATH), with `input` on its stdin; returns its stdout.
    @discardableResult
    package static func run(_ tool: String, _ arguments: [String], input: String? = nil) async throws -> String {
        let result = try await TallyProcess.run(
            [tool] + arguments, stdin: input ?? "", program: URL(fileURLWithPath: "/usr/bin/env"))
        guard result.status == 0 else { throw Failure(tool: tool, status: result.status, stderr: result.stderr) }
        return result.stdout
    }

    /// The repository's root folder (this file is Tests/TallyTestSupport/ToolProcess.swift).
    package static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
