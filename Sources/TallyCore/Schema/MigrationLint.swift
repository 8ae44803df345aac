import TallySQLite

/// One rule a migration file breaks, with where.
package struct LintProblem: Equatable, Sendable, CustomStringConvertible {
    package let file: String
    package let line: Int
    package let message: String

    package var description: String { "\(file):\(line): \(message)" }
}

/// Checks migration files against what D1 accepts in submitted SQL
/// (https://developers.cloudflare.com/d1/ — no transactions or savepoints,
/// no ATTACH, PRAGMAs restricted, at most 100 KB per statement).
///
/// The check asks SQLite itself what each statement does, through the
/// authorizer, instead of matching keywords: `BEGIN` inside a trigger body is
/// fine, `BEGIN TRANSACTION` is not, and no spelling trick hides a PRAGMA.
package enum MigrationLint {
    /// The one PRAGMA D1 lets submitted SQL use.
    package static let allowedPragmas: Set<String> = ["defer_foreign_keys"]
    /// D1's limit on one statement, in bytes.
    package static let maximumStatementBytes = 100_000

    /// Lints migrations in order, each against the schema the previous ones built.
    package static func problems(in migrations: [Migration]) throws -> [LintProblem] {
        let db = try Connection(path: ":memory:", mode: .create)
        var problems: [LintProblem] = []
        for migration in migrations {
            for (line, statement) in Connection.statements(in: migration.sql) {
                var found: [String] = []
                if statement.utf8.count > maximumStatementBytes {
                    found.append(
                        "statement is \(statement.utf8.count) bytes; D1 accepts at most \(maximumStatementBytes)")
                }
                // Forbidden actions are recorded and denied, so the lint never runs them
                // (an ATTACH would otherwise create its file).
                db.setAuthorizer { request in
                    let problem: String?
                    switch request.kind {
                    case .transaction:
                        problem = "transaction control (\(request.first ?? "BEGIN")) is rejected by D1"
                    case .savepoint:
                        problem = "SAVEPOINT is rejected by D1"
                    case .attach:
                        problem = "ATTACH is rejected by D1"
                    case .detach:
                        problem = "DETACH is rejected by D1"
                    case .pragma:
                        let name = (request.first ?? "").lowercased()
                        problem =
                            allowedPragmas.contains(name)
                            ? nil : "PRAGMA \(name) is not allowed; only defer_foreign_keys is"
                    default:
                        problem = nil
                    }
                    guard let problem else { return .allow }
                    found.append(problem)
                    return .deny
                }
                do {
                    // Run it so later statements see the tables this one makes.
                    try db.execute(statement)
                } catch let error as SQLiteError where !error.isDenied {
                    found.append("SQLite rejects the statement: \(error.message)")
                } catch {
                    // Denied above: the problem is already recorded.
                }
                db.setAuthorizer(nil)
                problems += found.map { LintProblem(file: migration.name, line: line, message: $0) }
            }
            if !migration.name.hasSuffix(".sql") || Int(migration.name.prefix(4)) == nil {
                problems.append(
                    LintProblem(file: migration.name, line: 1, message: "file name must look like NNNN_name.sql"))
            }
        }
        return problems
    }
}
