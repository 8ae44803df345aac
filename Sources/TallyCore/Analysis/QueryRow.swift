import TallySQLite

/// Typed access to one row of a query result, with errors that name the query, row and column.
struct QueryRow {
    let query: String
    let index: Int
    let row: Row

    /// Reads every row of one query's result in order, each through `read`.
    static func map<T>(
        _ query: String, _ rows: [Row], _ read: (QueryRow) throws(QueryResultError) -> T
    ) throws(QueryResultError) -> [T] {
        var result: [T] = []
        result.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            result.append(try read(QueryRow(query: query, index: index, row: row)))
        }
        return result
    }

    func value(_ column: String) throws(QueryResultError) -> SQLValue {
        guard let value = row[column] else { throw .missingColumn(query: query, row: index, column: column) }
        return value
    }

    func int64OrNil(_ column: String) throws(QueryResultError) -> Int64? {
        switch try value(column) {
        case .null: return nil
        case .integer(let number): return number
        // JSON readers may hand whole numbers over as doubles.
        case .real(let number) where number == number.rounded() && abs(number) < 9.0e15: return Int64(number)
        default: throw .badValue(query: query, row: index, column: column, expected: "a whole number")
        }
    }

    func int64(_ column: String) throws(QueryResultError) -> Int64 {
        guard let number = try int64OrNil(column) else {
            throw .badValue(query: query, row: index, column: column, expected: "a whole number, not NULL")
        }
        return number
    }

    func int(_ column: String) throws(QueryResultError) -> Int { Int(try int64(column)) }

    /// The column as text, whatever its storage class (as SQLite would show it); nil for NULL.
    func textOrNil(_ column: String) throws(QueryResultError) -> String? {
        try value(column).storedText
    }

    func text(_ column: String) throws(QueryResultError) -> String {
        guard let text = try textOrNil(column) else {
            throw .badValue(query: query, row: index, column: column, expected: "text, not NULL")
        }
        return text
    }

    /// A UTC time as the queries write it (`YYYY-MM-DD HH:MM:SS[.SSS]`).
    func instantOrNil(_ column: String) throws(QueryResultError) -> Instant? {
        guard let text = try textOrNil(column) else { return nil }
        guard let instant = StoredTimestamp.parse(text) else {
            throw .badValue(query: query, row: index, column: column, expected: "a UTC time YYYY-MM-DD HH:MM:SS.SSS")
        }
        return instant
    }

    func date(_ column: String) throws(QueryResultError) -> CivilDateTime {
        guard let text = try textOrNil(column), let date = Zone.parseDate(text) else {
            throw .badValue(query: query, row: index, column: column, expected: "a date YYYY-MM-DD")
        }
        return date
    }
}
