import TallySQLite

extension DumpImporter {
    /// Imports the dump at `dumpPath` (`-` for standard input) into a new database at `target`; with
    /// `replace`, an existing target is replaced atomically. Either the target appears complete, or
    /// nothing changes.
    ///
    /// The data came from elsewhere (D1, or a dump): its logged decisions are that source's, not this
    /// copy's unpushed work, so the copy gets an empty sync ledger (a dump of a local copy keeps its
    /// own). With `source`, the copy records where its data came from, as a pull does (`SyncOrigin`:
    /// when, `source`, the bytes' SHA-256, the tally migrations the data lacked), so a push from it
    /// knows whether D1 has what the decisions need.
    package func run(
        dumpPath: String, target: String, replace: Bool, source: String? = nil, at time: Instant? = nil
    ) throws -> ImportSummary {
        try load(dumpPath: dumpPath, target: target, replace: replace) { db, summary, sha256 in
            let ledger = SyncLedger(db)
            try ledger.createEmpty()
            if let source, let time {
                try ledger.setOrigin(
                    SyncOrigin(
                        pulledAt: time.d1Text, source: source, sha256: sha256,
                        missingMigrations: summary.migrationsApplied, watermarks: []))
            }
        }
    }
}
