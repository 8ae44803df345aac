/// Why what `wrangler d1 execute --json` printed cannot be read as D1's results (the answers a
/// pull through D1's query API reads). Every case names where the text came from.
public enum D1JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file holds nothing but white space.
    case empty(file: String)
    /// The file is not JSON (or not UTF-8); `detail` is the parser's own words.
    case notJSON(file: String, detail: String)
    /// The JSON is not the array of result objects wrangler prints.
    case unexpectedShape(file: String, detail: String)
    /// wrangler printed its error object instead of results (`{"error": {"text": …}}`).
    case wranglerError(file: String, message: String)
    /// A result object says `"success": false`.
    case failed(file: String, message: String?)
    /// The array holds another number of results than one (one per statement run).
    case resultCount(file: String, count: Int)
    /// The file holds the summary `wrangler d1 execute --remote --file` prints after an import,
    /// not the query's rows.
    case importSummary(file: String)
    /// The file has the signature of `wrangler d1 execute --local` output, which writes SQL NULL
    /// as the text "null".
    case localNulls(file: String, row: Int, column: String)
    /// A value is not one a SQL result holds (a boolean, an object, an array that is not a blob's bytes).
    case unexpectedValue(file: String, row: Int, column: String, found: String)
    public var description: String {
        switch self {
        case .empty(let file):
            return "\(file) is empty; save what `wrangler d1 execute DB --remote --json --command …` prints into it"
        case .notJSON(let file, let detail):
            return "\(file) is not valid JSON (\(detail)); save exactly what `wrangler d1 execute … --json` prints"
        case .unexpectedShape(let file, let detail):
            return "\(file): \(detail); expected what `wrangler d1 execute … --json` prints: "
                + "[{\"results\": [...], \"success\": true, \"meta\": {...}}]"
        case .wranglerError(let file, let message):
            return "\(file) holds an error from wrangler, not results: \(message); fix it and run the query again"
        case .failed(let file, let message):
            return "\(file): the query did not succeed on D1 (\"success\": false)"
                + (message.map { ": \($0)" } ?? "") + "; run it again"
        case .resultCount(let file, let count):
            return "\(file) holds \(count) results; tally reads one query per file. Run each query on its own "
                + "(`tally sql NAME`, or `tally sql --all --output-dir DIR` for one file per query)"
        case .importSummary(let file):
            return "\(file) holds wrangler's import summary, not the query's rows: `wrangler d1 execute --remote "
                + "--file` uploads a file as an import and does not return rows. Run the query with "
                + "--command=\"$(cat FILE.sql)\" instead"
        case .localNulls(let file, let row, let column):
            return "\(file) row \(row + 1), column '\(column)': the text \"null\" in output of `wrangler d1 execute "
                + "--local`, which writes SQL NULL as that text, so NULL and text cannot be told apart. Run the query "
                + "with --remote, or report on a local copy with `tally report --db`"
        case .unexpectedValue(let file, let row, let column, let found):
            return "\(file) row \(row + 1), column '\(column)': \(found) is not a value SQL returns "
                + "(expected a number, text, null, or a blob as the array of its byte values)"
        }
    }
}
