/// Why a pull through D1's query API stopped; nothing was changed locally.
public enum QueryPullError: Error, Equatable, CustomStringConvertible {
    /// The tables fetched whole (every table but `votes`) hold more rows than one request carries.
    case wholeTablesTooLarge(tables: [String], rows: Int64, limit: Int)
    /// D1 answered a request with another number of results than it had statements.
    case answerCount(expected: Int, found: Int)
    /// The pull was interrupted (Ctrl-C, SIGTERM) between two requests.
    case interrupted

    public var description: String {
        switch self {
        case .wholeTablesTooLarge(let tables, let rows, let limit):
            return "D1's tables other than votes (\(tables.joined(separator: ", "))) hold \(rows) rows; a pull through "
                + "D1's query API fetches them whole in one request of at most \(limit) rows, so that they are one "
                + "state of D1. Nothing was changed. Use `tally pull --wrangler DB --export` (D1 does not serve "
                + "the vote page during an export), or a larger TALLY_PULL_PAGE_ROWS"
        case .answerCount(let expected, let found):
            return "D1 answered a request of \(expected) statement(s) with \(found) result(s); nothing was changed"
        case .interrupted:
            return "interrupted while fetching from D1; nothing was changed"
        }
    }
}
