/// Why what `wrangler d1 execute --remote --command … --json` printed cannot be read as D1's results
/// (the answers `pull --wrangler` and `push --wrangler` read). The cases carry data only: `D1AnswerError`
/// writes the one message a user reads, naming the request, what was seen and what would be accepted.
package enum D1JSONError: Error, Equatable, Sendable {
    /// The answer holds nothing but white space.
    case empty
    /// The answer is not JSON (or not UTF-8); `detail` is the parser's own words.
    case notJSON(detail: String)
    /// The JSON is not the array of result objects wrangler prints.
    case unexpectedShape(detail: String)
    /// wrangler printed its error object instead of results (`{"error": {"text": …}}`).
    case wranglerError(message: String)
    /// A result object says `"success": false`.
    case failed(message: String?)
    /// The answer is the summary wrangler prints after running statements as an import (`--file`),
    /// which returns no rows.
    case importSummary
    /// The answer has the signature of `wrangler d1 execute --local`, which writes SQL NULL as the
    /// text "null".
    case localNulls(row: Int, column: String)
    /// A value is not one a SQL result holds (a boolean, an object, an array that is not a blob's bytes).
    case unexpectedValue(row: Int, column: String, found: String)
}
