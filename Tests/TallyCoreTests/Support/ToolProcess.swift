import Foundation

/// Runs a tool of the system (`sha256sum`, `python3`) and returns its standard output.
enum ToolProcess {
    struct Failure: Error, CustomStringConvertible {
        let tool: String
        let status: Int32
        let stderr: String
        var description: String { "\(tool) exited \(status): \(stderr)" }
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(tool: tool, status: process.terminationStatus, stderr: String(decoding: errors, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The repository's root folder (this file is Tests/TallyCoreTests/Support/ToolProcess.swift).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
