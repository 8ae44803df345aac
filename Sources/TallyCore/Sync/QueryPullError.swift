/// Why a pull through D1's query API stopped; nothing was changed locally.
package enum QueryPullError: Error, Equatable, CustomStringConvertible {
    /// The tables fetched whole (every table but `votes`) hold more rows than one request carries.
    case wholeTablesTooLarge(tables: [String], rows: Int64, limit: Int)
    /// Those tables' answer would be larger than D1 answers (`limit` bytes, its maximum query result size).
    case wholeTablesTooLargeForOneAnswer(tables: [String], bytes: Int64, limit: Int64)
    /// D1 answered a request with another number of results than it had statements.
    case answerCount(expected: Int, found: Int)
    /// D1's answer contradicts itself or the request: a row outside the ids asked, rows out of order,
    /// fewer or more rows than D1 counted in the same request, or rows whose figures are not the ones
    /// D1 computed for them in the same request. `what` names the table and says which.
    case answerContradicts(what: String)
    /// D1's answer to `statement` (asking `request`) is thin or inconsistent: `found` says how, `accepted`
    /// what a pull takes. Read as it stands it could have emptied the copy.
    case thinAnswer(request: String, statement: String, found: String, accepted: String)
    /// The pull was interrupted (Ctrl-C, SIGTERM) between two requests.
    case interrupted
    /// A value of D1's answer stands for more than one stored value (`D1AnswerExactness`); `row`
    /// says which row ("the row with id 7", "row 3 of D1's answer").
    case inexactValue(table: String, column: String, row: String, reason: Inexact)

    /// Why a number of D1's JSON answer does not say which stored value it is.
    package enum Inexact: Equatable, Sendable {
        /// An integer past 2^53 − 1: JavaScript's number may have rounded it.
        case beyondJavaScript(Int64)
        /// A whole number in a column without a type: INTEGER or a REAL without a fraction.
        case wholeNumberWithoutType(Int64)
    }

    package var description: String {
        switch self {
        case .wholeTablesTooLarge(let tables, let rows, let limit):
            return "D1's tables other than votes (\(tables.joined(separator: ", "))) hold \(rows) rows; a pull through "
                + "D1's query API fetches them whole in one request of at most \(limit) rows, so that they are one "
                + "state of D1. Nothing was changed. Use `tally pull --wrangler DB --export` (D1 does not serve "
                + "the vote page during an export), or a larger TALLY_PULL_PAGE_ROWS"
        case .wholeTablesTooLargeForOneAnswer(let tables, let bytes, let limit):
            return "D1's tables other than votes (\(tables.joined(separator: ", "))) come to about "
                + "\(Self.megabytes(bytes)) in D1's answer; D1 answers at most \(Self.megabytes(limit)) a request (its "
                + "maximum query result size), and a pull through D1's query API fetches those tables whole in one "
                + "request, so that the notes and their decisions are one state of D1. Nothing was changed. Use "
                + "`tally pull --wrangler DB --export`: D1's own export has no such limit (D1 does not serve the "
                + "vote page while it runs)"
        case .answerCount(let expected, let found):
            return "wrangler's answer to a request of \(expected) statement(s) holds \(found) result(s), not one per "
                + "statement as `d1 execute --json` prints them; nothing was changed. Run the pull again; if it "
                + "repeats, update wrangler (npm install -g wrangler), or pull with --export"
        case .answerContradicts(let what):
            return "wrangler's answer is not what D1 holds: \(what). Nothing was changed. Run the pull again; if it "
                + "repeats, something between tally and D1 changes the answers (a wrapper named by TALLY_WRANGLER, "
                + "a proxy, an old wrangler): pull with `tally pull --wrangler DB --export`, or from an export"
        case .thinAnswer(let request, let statement, let found, let accepted):
            return "wrangler's answer to the request for \(request) (`\(statement)`) holds \(found); a pull accepts "
                + "\(accepted). Taken as it is, it could have emptied the copy or cut it short, so nothing was "
                + "changed. Run the pull again; if it repeats, check what runs as wrangler (TALLY_WRANGLER, a proxy, "
                + "an old wrangler), or pull with `tally pull --wrangler DB --export`"
        case .interrupted:
            return "interrupted while fetching from D1; nothing was changed"
        case .inexactValue(let table, let column, let row, let reason):
            let what: String
            switch reason {
            case .beyondJavaScript(let number):
                what =
                    "D1 answered \(number), past 2^53 − 1: its query API writes numbers as JavaScript numbers, "
                    + "so the integer D1 holds may differ in its last digits"
            case .wholeNumberWithoutType(let number):
                what =
                    "D1 answered \(number) in a column with no declared type: its query API writes the INTEGER "
                    + "\(number) and the REAL \(number).0 alike, so which one D1 holds cannot be told"
            }
            return "D1's table \(MessageText.quoted(table)), column \(MessageText.quoted(column)), \(row): \(what). "
                + "Nothing was changed. Pull with `tally pull --wrangler DB --export`, which reads D1's own export "
                + "and carries every value exactly (D1 does not serve the vote page while it runs)"
        }
    }

    /// `bytes` in MB (10^6 bytes, as D1's limits are stated), one decimal.
    static func megabytes(_ bytes: Int64) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
