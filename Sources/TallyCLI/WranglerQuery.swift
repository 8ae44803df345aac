import Foundation
import TallyCore
import TallySQLite

/// One request to D1's query API through wrangler, for `pull --wrangler` and `push --wrangler`: the statements
/// go as one `--command` argument and come back as one result each (`--json`).
extension Wrangler {
    /// The longest single argument Linux passes to a program (see `SyncPush.argumentLimit`).
    static let argumentLimit = SyncPush.argumentLimit
    /// D1's longest SQL statement: 100 KB (developers.cloudflare.com/d1/platform/limits).
    static let statementLimit = 100_000

    /// Runs `statements` in one request to `database` on D1 and returns each one's rows.
    func query(_ database: String, _ statements: [String]) throws -> [[Row]] {
        let sql = try Self.request(statements)
        let output = try run(["d1", "execute", database, "--remote", "--command", sql, "--json"])
        do {
            return try D1JSONReader.results(from: Data(output.utf8))
        } catch {
            throw D1AnswerError(error, printed: output, database: database)
        }
    }

    /// The one argument `statements` go as; throws, before anything is sent, when D1 or the OS would refuse it.
    static func request(_ statements: [String]) throws -> String {
        for statement in statements where statement.utf8.count > Self.statementLimit {
            throw CommandFailure(
                "a statement of \(statement.utf8.count) bytes is over D1's limit of \(Self.statementLimit) bytes; "
                    + "nothing was changed")
        }
        let sql = statements.joined(separator: SyncPush.requestJoint)
        // The limit counts the terminating NUL.
        guard sql.utf8.count < Self.argumentLimit else {
            throw CommandFailure(
                "a request of \(sql.utf8.count) bytes is over the \(Self.argumentLimit)-byte limit on one "
                    + "command-line argument; nothing was changed")
        }
        return sql
    }
}
