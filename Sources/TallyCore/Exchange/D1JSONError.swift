/// Why what `wrangler d1 execute --remote --command … --json` printed cannot be read as D1's results
/// (the answers `pull --wrangler` and `push --wrangler` read). Every case names the source ("wrangler's
/// answer"); the command that ran it adds which request it was and what to check.
package enum D1JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The answer holds nothing but white space.
    case empty(source: String)
    /// The answer is not JSON (or not UTF-8); `detail` is the parser's own words.
    case notJSON(source: String, detail: String)
    /// The JSON is not the array of result objects wrangler prints.
    case unexpectedShape(source: String, detail: String)
    /// wrangler printed its error object instead of results (`{"error": {"text": …}}`).
    case wranglerError(source: String, message: String)
    /// A result object says `"success": false`.
    case failed(source: String, message: String?)
    /// The answer is the summary wrangler prints after running statements as an import (`--file`),
    /// which returns no rows.
    case importSummary(source: String)
    /// The answer has the signature of `wrangler d1 execute --local`, which writes SQL NULL as the
    /// text "null".
    case localNulls(source: String, row: Int, column: String)
    /// A value is not one a SQL result holds (a boolean, an object, an array that is not a blob's bytes).
    case unexpectedValue(source: String, row: Int, column: String, found: String)

    package var description: String {
        switch self {
        case .empty(let source):
            return "\(source) is empty: wrangler printed nothing on standard output"
        case .notJSON(let source, let detail):
            return "\(source) is not valid JSON (\(detail))"
        case .unexpectedShape(let source, let detail):
            return "\(source): \(detail); expected D1's results as `wrangler d1 execute … --json` prints them: "
                + "[{\"results\": [...], \"success\": true, \"meta\": {...}}]"
        case .wranglerError(let source, let message):
            return "\(source) is an error from wrangler, not results: \(message)"
        case .failed(let source, let message):
            return "\(source): a statement did not succeed on D1 (\"success\": false)"
                + (message.map { ": \($0)" } ?? "")
        case .importSummary(let source):
            return "\(source) is wrangler's import summary, not rows: the statements ran as an import (`--file`), "
                + "which returns none"
        case .localNulls(let source, let row, let column):
            return "\(source) row \(row + 1), column '\(column)': the text \"null\" in an answer of `wrangler d1 "
                + "execute --local`, which writes SQL NULL as that text, so NULL and text cannot be told apart; "
                + "the answer must come from D1 (--remote)"
        case .unexpectedValue(let source, let row, let column, let found):
            return "\(source) row \(row + 1), column '\(column)': \(found) is not a value SQL returns "
                + "(expected a number, text, null, or a blob as the array of its byte values)"
        }
    }
}
