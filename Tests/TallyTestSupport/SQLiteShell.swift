import Foundation

/// The real `sqlite3` shell, used as an oracle: what it computes from a file is
/// what any user would get running the same SQL by hand.
package enum SQLiteShell {
    /// Runs `sqlite3 [arguments] database` with `input` on stdin; returns stdout.
    @discardableResult
    package static func run(_ database: String, input: String, arguments: [String] = []) async throws -> String {
        try await ToolProcess.run("sqlite3", arguments + [database], input: input)
    }

    /// Runs a query and returns rows as arrays of column texts (`-separator` is the ASCII unit separator).
    package static func rows(_ database: String, _ sql: String) async throws -> [[String]] {
        let output = try await run(
            database, input: sql, arguments: ["-batch", "-noheader", "-separator", "\u{1F}", "-newline", "\u{1E}"])
        return output.split(separator: "\u{1E}", omittingEmptySubsequences: true).map {
            $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        }
    }
}
