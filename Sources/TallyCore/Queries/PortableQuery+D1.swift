import TallySQLite

extension PortableQuery {
    /// The SQL with `values` filled in, ready for the D1 console or `wrangler d1 execute`,
    /// checked against D1's rules for submitted SQL: exactly one statement (found by
    /// SQLite's own `sqlite3_complete`, so a value can never end it early) and at most
    /// `MigrationLint.maximumStatementBytes` bytes, D1's limit on one statement. The files
    /// themselves contain no transaction, PRAGMA or ATTACH (the test suite checks each with
    /// SQLite's authorizer), and filling changes literals only.
    package func filledForD1(_ values: [String: QueryValue]) throws(QueryFileError) -> String {
        let text = filled(values)
        let count = Connection.statements(in: text).count
        guard count == 1 else { throw .notOneStatement(file: name + ".sql", count: count) }
        let bytes = text.utf8.count
        guard bytes <= MigrationLint.maximumStatementBytes else {
            throw .tooLargeForD1(file: name + ".sql", bytes: bytes, limit: MigrationLint.maximumStatementBytes)
        }
        return text
    }

    /// The first line's description without the `name: ` the files start it with.
    package var purpose: String {
        let prefix = name + ": "
        return summary.hasPrefix(prefix) ? String(summary.dropFirst(prefix.count)) : summary
    }
}
