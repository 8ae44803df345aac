/// One migration file from `migrations/`, embedded in the binary at build time.
package struct Migration: Sendable, Equatable {
    /// The file name, e.g. `0001_tally_contract.sql`; this is what `d1_migrations.name` records.
    package let name: String
    /// The file's SQL text, exactly as in the repository.
    package let sql: String

    /// Every migration this build knows, in the order wrangler applies them (by file name).
    package static let all: [Migration] = EmbeddedSQL.migrations
        .map { Migration(name: $0.name, sql: $0.sql) }
        .sorted { $0.name < $1.name }

    /// True when the file only creates indexes: a D1 without it answers more slowly, but every
    /// statement of a decision runs there as it would with it.
    package var createsOnlyIndexes: Bool {
        let code = sql.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingPrefix(while: \.isWhitespace) }.filter { !$0.hasPrefix("--") }.joined(separator: "\n")
        let statements = code.split(separator: ";").map { $0.trimmingPrefix(while: \.isWhitespace).uppercased() }
            .filter { !$0.isEmpty }
        return !statements.isEmpty
            && statements.allSatisfy { $0.hasPrefix("CREATE INDEX") || $0.hasPrefix("CREATE UNIQUE INDEX") }
    }

    /// Of the migrations `names` a D1 lacks, those its decisions need: all but the ones that only
    /// create indexes (a name this build does not know counts as needed).
    package static func neededByDecisions(_ names: [String]) -> [String] {
        names.filter { name in !(all.first { $0.name == name }?.createsOnlyIndexes ?? false) }
    }

    /// True for names in tally's own series (`NNNN_tally_*.sql`).
    ///
    /// A D1 database may also list the vote page's own migrations in the same
    /// ledger; those are not ours to judge. A `tally` name this build does not
    /// know means the database was migrated by a newer tally.
    package static func isTallyName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count > 11, name.hasSuffix(".sql") else { return false }
        let digits = scalars.prefix(4).allSatisfy { $0.properties.numericType != nil && $0.isASCII }
        return digits && String(String.UnicodeScalarView(scalars[4..<10])) == "_tally"
            && (scalars[10] == "_" || scalars[10] == ".")
    }
}
