import TallySQLite

extension Analyzer {
    /// A database without `moderation_log` (a vote page's own export, never migrated) reads as
    /// one with an empty log: an empty temporary table of that name is made for this connection.
    /// Temporary tables live outside the database file, so a read-only connection can make one
    /// and the file is not touched.
    static func provideLogTable(_ db: Connection) throws {
        let present = try db.scalar("SELECT count(*) FROM pragma_table_info('moderation_log')")?.int64 ?? 0
        guard present == 0 else { return }
        try db.execute(
            "CREATE TEMP TABLE moderation_log (id INTEGER PRIMARY KEY, suggestion_id INTEGER, action TEXT, "
                + "from_status TEXT, to_status TEXT, moderator TEXT, reason TEXT, created_at TEXT, version INTEGER, "
                + "option_id INTEGER)")
    }

    /// The fingerprint of the rows this report reads (docs/fingerprint.md): the options, notes
    /// and log entries are hashed here, the votes were hashed day by day during the scan.
    func fingerprint(_ queries: PreparedQueries, votes scan: ScannedVotes) throws -> DataFingerprint {
        let through = parameters.through?.millis
        var latest = scan.lastAll
        /// Hashes the rows of `sql` in `layout`'s records: those at or before `through` (or with a
        /// time that cannot be read) unless `sql` chose them already; also the latest time among them.
        func table(_ layout: CanonicalLayout, _ statement: Statement, chosen: Bool = false) throws -> (
            DataFingerprint.Table, [UInt8]
        ) {
            var records = CanonicalRecords()
            var rows = 0
            var highest: Int64?
            let resolved: CanonicalLayout.Resolved
            do { resolved = try layout.resolved(in: statement) } catch {
                throw AnalysisError.schemaMismatch(missingTables: [], missingColumns: error.columns)
            }
            while try statement.step() {
                let millis = StoredTimestamp.read(statement, at: resolved.time)?.instant.millis
                if !chosen, let through, let millis, millis > through { continue }
                if let millis { latest = max(latest ?? millis, millis) }
                rows += 1
                highest = statement.int64(at: resolved.id)
                resolved.write(statement, to: &records)
            }
            return (.init(name: layout.table, rows: rows, highestID: highest), records.finish())
        }
        func all(_ layout: CanonicalLayout) throws -> Statement {
            try queries.statement(
                "SELECT " + layout.columns.joined(separator: ", ") + " FROM " + layout.table + " ORDER BY id")
        }
        let (options, optionDigest) = try table(.option, all(.option))
        // The query leaves out notes written after `through` and gives each its status then.
        let (notes, noteDigest) = try table(.note, queries.statement("notes", parameters.queryValues), chosen: true)
        let (log, logDigest) = try table(.log, all(.log))

        let whole = SHA256()
        whole.update(DataFingerprint.scheme + "\n")
        for digest in [optionDigest, noteDigest, logDigest, scan.votesDigest] { whole.update(digest) }
        return DataFingerprint(
            tables: [.init(name: "votes", rows: scan.votesAll, highestID: scan.highestVoteID), options, notes, log],
            latest: latest.map(Instant.init(millis:)), sha256: SHA256.hex(whole.finalize()))
    }
}
