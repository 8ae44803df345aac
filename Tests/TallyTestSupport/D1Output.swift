import Foundation

/// What `wrangler d1 execute --remote --json` prints for a query, made by the real
/// `sqlite3` shell: its `-json` rows wrapped as `[{"results": …, "success": true, "meta": …}]`.
public enum D1Output {
    /// The meta fields D1 returns for a remote query (values as a read-only query has them).
    public static let meta =
        #"{"served_by":"v3-prod","served_by_region":"APAC","duration":0.2,"changes":0,"#
        + #""last_row_id":0,"changed_db":false,"size_after":98304,"rows_read":55,"rows_written":0}"#

    /// Runs `sql` on `database` with `sqlite3 -json` and wraps the rows.
    public static func json(_ database: String, sql: String) throws -> String {
        let rows = try SQLiteShell.run(database, input: sql, arguments: ["-batch", "-json"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // The shell prints nothing at all for no rows.
        return "[{\"results\":\(rows.isEmpty ? "[]" : rows),\"success\":true,\"meta\":\(meta)}]\n"
    }
}
