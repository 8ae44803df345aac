import Foundation
import TallyCore
import TallySQLite

/// Runs the portable queries through the real `sqlite3` shell in JSON mode (the
/// shape `wrangler d1 execute --json` also returns) and reads the rows back.
enum QueryShell {
    /// One query's rows, with the report parameters filled into its params block.
    static func rows(_ database: String, query: PortableQuery, parameters: ReportParameters) throws -> [Row] {
        try rows(database, sql: query.filled(parameters.queryValues))
    }

    /// The rows of any SQL text, via `sqlite3 -json`.
    static func rows(_ database: String, sql: String) throws -> [Row] {
        let output = try SQLiteShell.run(database, input: sql, arguments: ["-batch", "-json"])
        let trimmed = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }  // the shell prints nothing for no rows
        let objects = try JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [[String: Any]] ?? []
        return objects.map { object in
            let keys = object.keys.sorted()
            return Row(columns: keys, values: keys.map { value(object[$0]!) })
        }
    }

    /// Every report query's rows, keyed by query name.
    static func results(_ database: String, parameters: ReportParameters) throws -> [String: [Row]] {
        var results: [String: [Row]] = [:]
        for name in ReportFigures.queryNames {
            results[name] = try rows(database, query: PortableQuery.named(name), parameters: parameters)
        }
        return results
    }

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
