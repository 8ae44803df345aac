import Foundation

/// wrangler ran a request through D1's query API and exited 0, but what it printed is not D1's
/// results (`D1JSONReader` says why). For `pull --wrangler` and `push --wrangler`; nothing was
/// changed. A wrong database name or a lost login makes wrangler fail instead (a non-zero exit,
/// reported with its own messages), so only an error wrangler printed points there.
package struct D1AnswerError: Error, Equatable, CustomStringConvertible {
    /// What the reader found.
    package let problem: D1JSONError
    /// The start of what wrangler printed, for the message.
    package let printed: String
    /// The D1 database as the user named it.
    package let database: String

    /// The error for `problem` in wrangler's answer `printed` about `database`.
    package init(_ problem: D1JSONError, printed: String, database: String) {
        self.problem = problem
        self.printed = String(printed.trimmingCharacters(in: .whitespacesAndNewlines).prefix(200))
        self.database = database
    }

    package var description: String {
        let command = "`wrangler d1 execute \(database) --remote --command … --json`"
        let beginning = "it begins \(MessageText.quoted(printed, limit: 120))"
        let shape =
            "tally reads what `d1 execute --json` prints, one result per statement: "
            + "[{\"results\": [...], \"success\": true, \"meta\": {...}}]. Run "
            + "`wrangler d1 execute \(database) --remote --command \"SELECT 1\" --json` to see what this wrangler "
            + "prints; update wrangler (npm install -g wrangler) if it prints something else, or pull with --export"
        let seen: String
        let advice: String
        switch problem {
        case .empty:
            seen = "it printed nothing on standard output"
            advice = shape
        case .notJSON(let detail):
            seen = "it printed text that is not JSON (\(detail)); \(beginning)"
            advice = shape
        case .unexpectedShape(let detail):
            seen = "its JSON is not D1's list of results (\(detail)); \(beginning)"
            advice = shape
        case .wranglerError(let message):
            seen = "it printed an error instead of results: \(message)"
            advice =
                "The error says what failed; if it is about the database or the account, check the name "
                + "(`wrangler d1 list`) and the login (`wrangler whoami`)"
        case .failed(let message):
            seen = "D1 answered that a statement did not succeed" + (message.map { ": \($0)" } ?? "")
            advice = "Run the command again; if it fails again, D1's message says why"
        case .importSummary:
            seen = "it printed wrangler's import summary, not the query's rows; " + beginning
            advice = shape
        case .localNulls(let row, let column):
            seen =
                "row \(row + 1), column \(MessageText.quoted(column)) reads as output of `--local`, which writes "
                + "NULL as the text \"null\""
            advice = shape
        case .unexpectedValue(let row, let column, let found):
            seen =
                "row \(row + 1) of a result, column \(MessageText.quoted(column)), holds \(found), which is not "
                + "a value SQL stores (a number, text, null, or a blob as the array of its byte values)"
            advice = shape
        }
        return "\(command) exited 0, but its answer is not D1's results: \(seen). Nothing was changed. \(advice)"
    }
}
