/// A query result that does not have the shape the query file promises.
package enum QueryResultError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No result was given for a query the report needs.
    case missingResult(query: String)
    /// A row lacks a column.
    case missingColumn(query: String, row: Int, column: String)
    /// A value has the wrong type or cannot be read.
    case badValue(query: String, row: Int, column: String, expected: String)
    /// A one-row query returned another number of rows.
    case rowCount(query: String, expected: Int, got: Int)

    package var description: String {
        switch self {
        case .missingResult(let query):
            return "no result for queries/\(query).sql; run every query the report needs: "
                + ReportFigures.queryNames.joined(separator: ", ")
        case .missingColumn(let query, let row, let column):
            return "queries/\(query).sql row \(row + 1) has no column '\(column)'; was the file edited?"
        case .badValue(let query, let row, let column, let expected):
            return "queries/\(query).sql row \(row + 1), column '\(column)': expected \(expected)"
        case .rowCount(let query, let expected, let got):
            return "queries/\(query).sql should return \(expected) row(s) but returned \(got)"
        }
    }
}
