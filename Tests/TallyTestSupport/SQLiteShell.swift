import Foundation

/// The real `sqlite3` shell, used as an oracle: what it computes from a file is
/// what any user would get running the same SQL by hand.
public enum SQLiteShell {
    public struct Failure: Error, CustomStringConvertible {
        public let status: Int32
        public let stderr: String
        public var description: String { "sqlite3 exited \(status): \(stderr)" }
    }

    /// Runs `sqlite3 [arguments] database` with `input` on stdin; returns stdout.
    @discardableResult
    public static func run(_ database: String, input: String, arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3"] + arguments + [database]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(status: process.terminationStatus, stderr: String(decoding: errors, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Runs a query and returns rows as arrays of column texts (`-separator` is the ASCII unit separator).
    public static func rows(_ database: String, _ sql: String) throws -> [[String]] {
        let output = try run(database, input: sql, arguments: ["-batch", "-noheader", "-separator", "\u{1F}", "-newline", "\u{1E}"])
        return output.split(separator: "\u{1E}", omittingEmptySubsequences: true).map {
            $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        }
    }
}
