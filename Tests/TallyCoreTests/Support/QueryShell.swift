import Foundation
import TallyCore
import TallySQLite

/// Runs the portable queries through the real `sqlite3` shell in JSON mode (the
/// shape `wrangler d1 execute --json` also returns) and reads the rows back.
enum QueryShell {
    /// One query's rows, with the report parameters filled into its params block.
    static func rows(_ database: String, query: PortableQuery, parameters: ReportParameters) async throws -> [Row] {
        try await rows(database, sql: query.filled(parameters.queryValues))
    }

    /// The rows of any SQL text, via `sqlite3 -json`.
    static func rows(_ database: String, sql: String) async throws -> [Row] {
        try await SQLiteShell.jsonRows(database, sql: sql)
    }

    /// Every report query's rows, keyed by query name.
    static func results(_ database: String, parameters: ReportParameters) async throws -> [String: [Row]] {
        var results: [String: [Row]] = [:]
        for name in ReportFigures.queryNames {
            results[name] = try await rows(database, query: PortableQuery.named(name), parameters: parameters)
        }
        return results
    }
}
