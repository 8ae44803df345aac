/// Why query results saved from `wrangler d1 execute --json` cannot be rendered.
///
/// Every case names the file, so a user with a folder of nine results knows
/// which one to run again.
public enum D1JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or folder cannot be read (missing, no permission, …).
    case unreadable(path: String, reason: String)
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
    /// A value is not one a SQL result holds (a boolean, an array, an object).
    case unexpectedValue(file: String, row: Int, column: String, found: String)
    /// A file's name does not say which query it answers.
    case unknownQuery(file: String, known: [String])
    /// Two files answer the same query.
    case duplicateQuery(query: String, first: String, second: String)
    /// Queries the report needs have no result file.
    case missingQueries([String], searched: [String])
    /// The rows do not have the shape the query gives.
    case badRows(file: String, problem: QueryResultError)
    /// Values no database can produce (negative counts, parts larger than their whole, a day twice),
    /// all of them, in query order.
    case impossibleValues([D1ResultProblem])
    /// The `.sql` file next to a result is not a query file tally can read.
    case unreadableQueryFile(file: String, problem: QueryFileError)
    /// The `.sql` file next to a result was filled with another parameter value than the report's.
    case parameterMismatch(file: String, parameter: String, filled: String, report: String)
    /// The `.sql` file next to a result has other parameters than this version's query (it was
    /// filled by another version of tally): `unknown` are its own, `missing` are the query's.
    case otherParameters(file: String, unknown: [String], missing: [String])
    /// Some `.sql` files next to the results are the contract-only form (`tally sql --contract-only`)
    /// and some the full form: they were not filled for one database.
    case mixedForms(contractOnly: [String], full: [String])

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .empty(let file):
            return "\(file) is empty; save what `wrangler d1 execute DB --remote --json --command …` prints into it"
        case .notJSON(let file, let detail):
            return "\(file) is not valid JSON (\(detail)); save exactly what `wrangler d1 execute … --json` prints"
        case .unexpectedShape(let file, let detail):
            return "\(file): \(detail); expected what `wrangler d1 execute … --json` prints: "
                + "[{\"results\": [...], \"success\": true, \"meta\": {...}}]"
        case .wranglerError(let file, let message):
            if let hint = D1JSONError.contractOnlyHint(message) {
                return "\(file) holds an error from wrangler, not results: \(message). \(hint)"
            }
            return "\(file) holds an error from wrangler, not results: \(message); fix it and run the query again"
        case .failed(let file, let message):
            if let message, let hint = D1JSONError.contractOnlyHint(message) {
                return "\(file): the query did not succeed on D1 (\"success\": false): \(message). \(hint)"
            }
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
                + "(expected a number, text or null)"
        case .unknownQuery(let file, let known):
            return "\(file): the file name must say which query it answers (NAME.json or NAME.*.json), "
                + "with NAME one of: \(known.joined(separator: ", "))"
        case .duplicateQuery(let query, let first, let second):
            return "two results for the query \(query): \(first) and \(second); give one"
        case .missingQueries(let queries, let searched):
            return "no result for the quer\(queries.count == 1 ? "y" : "ies") \(queries.joined(separator: ", ")) "
                + "in \(searched.joined(separator: ", ")); the report needs one file per query, named after it "
                + "(e.g. \(queries[0]).json): run `tally sql \(queries[0]) …` on D1 and save its --json output"
        case .badRows(let file, let problem):
            return "\(file): \(problem)"
        case .impossibleValues(let problems):
            let shown = 20
            let files = Set(problems.map(\.file)).count
            var text =
                "\(problems.count) impossible value\(problems.count == 1 ? "" : "s") in \(files) result "
                + "file\(files == 1 ? "" : "s"); no query on one database gives these, so the files were edited, "
                + "cut or saved from different runs. Run the queries again (`tally sql --all --output-dir DIR`):"
            for problem in problems.prefix(shown) { text += "\n  " + problem.description }
            if problems.count > shown { text += "\n  … and \(problems.count - shown) more" }
            return text
        case .unreadableQueryFile(let file, let problem):
            return "\(file) (next to its result) cannot be read as a query: \(problem)"
        case .parameterMismatch(let file, let parameter, let filled, let report):
            return "\(file) was filled with \(parameter) = \(filled), but this report's options give \(report): "
                + "the results were computed with other settings. Give the report the same --tz, --exclude-before, "
                + "--exclude-session, --through, --as-of and --votes-per-session as `tally sql`, or fill and run "
                + "the queries again"
        case .otherParameters(let file, let unknown, let missing):
            var found: [String] = []
            if !unknown.isEmpty { found.append("has " + unknown.joined(separator: ", ")) }
            if !missing.isEmpty { found.append("lacks " + missing.joined(separator: ", ")) }
            return "\(file) (next to its result) \(found.joined(separator: " and ")) among its parameters: it was "
                + "filled by another version of tally, so its results cannot be checked against this report. Fill "
                + "the queries again with `tally sql --all --output-dir DIR` and run them on D1 again"
        case .mixedForms(let contractOnly, let full):
            return "the queries next to the results were filled for two kinds of database: "
                + "\(contractOnly.joined(separator: ", ")) with --contract-only (the vote page's own tables only), "
                + "\(full.joined(separator: ", ")) without it (tally's migrations applied). Fill them all one way "
                + "with `tally sql --all --output-dir DIR` (adding --contract-only when D1 has no moderation_log) "
                + "and run them on D1 again"
        }
    }

    /// What to do when D1 answered that tally's moderation record is missing (`no such table:
    /// moderation_log`, `no such column: …promoted_option_id`): the database has only the vote
    /// page's own tables. Nil for any other error.
    static func contractOnlyHint(_ message: String) -> String? {
        let lowered = message.lowercased()
        guard
            lowered.contains("no such table: moderation_log") || lowered.contains("no such table: main.moderation_log")
                || (lowered.contains("no such column") && lowered.contains("promoted_option_id"))
        else { return nil }
        return "This D1 database has only the vote page's own tables (tally's migrations were not applied): "
            + "fill the queries with `tally sql --all --contract-only --output-dir DIR`, run them again, and the "
            + "report shows promotion links and moderation history as not available. Or apply tally's "
            + "migrations to D1 (`wrangler d1 migrations apply DB --remote`, see docs/sync.md) and run these again"
    }
}
