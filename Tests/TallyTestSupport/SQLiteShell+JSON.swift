import Foundation
import TallySQLite

extension SQLiteShell {
    /// The rows of any SQL text, via `sqlite3 -json` (the shape `wrangler d1 execute --json`
    /// also returns), with columns in name order.
    package static func jsonRows(_ database: String, sql: String) async throws -> [Row] {
        let output = try await run(database, input: sql, arguments: ["-batch", "-json"])
        let trimmed = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }  // the shell prints nothing for no rows
        let objects = try JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [[String: Any]] ?? []
        return objects.map { object in
            let keys = object.keys.sorted()
            return Row(columns: keys, values: keys.map { value(object[$0]!) })
        }
    }

    /// One JSON value as SQLite's storage class: whole numbers are integers, others reals.
    static func value(_ any: Any) -> SQLValue {
        switch any {
        case is NSNull: return .null
        case let text as String: return .text(text)
        case let number as NSNumber:
            let text = number.stringValue
            if let integer = Int64(text) { return .integer(integer) }
            return .real(number.doubleValue)
        default: return .text(String(describing: any))
        }
    }
}
