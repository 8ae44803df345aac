import TallySQLite

extension Analyzer {
    /// The columns of `moderation_log` the report reads (notes as they stood at `through`, the fingerprint),
    /// in the fingerprint's order (`CanonicalLayout.log`).
    static let logColumns = CanonicalLayout.log.columns

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
    /// and log entries are hashed here, the votes were hashed chunk by chunk during the scan.
    func fingerprint(_ db: Connection, votes scan: ScannedVotes) throws -> DataFingerprint {
        let through = parameters.through?.millis
        var latest = scan.lastAll
        func keep(_ statement: Statement, timeColumn: Int) -> Bool {
            let millis = StoredTimestamp.read(statement, at: timeColumn)?.instant.millis
            if let through, let millis, millis > through { return false }
            if let millis { latest = max(latest ?? millis, millis) }
            return true
        }

        let options = CanonicalRecords()
        var optionRows = 0
        var optionMax: Int64?
        let optionRead = try db.prepare(
            "SELECT " + CanonicalLayout.option.columns.joined(separator: ", ") + " FROM survey_options ORDER BY id")
        let option = try CanonicalLayout.option.resolved(in: optionRead)
        while try optionRead.step() {
            guard keep(optionRead, timeColumn: option.time) else { continue }
            optionRows += 1
            optionMax = optionRead.int64(at: option.id)
            option.write(optionRead, to: options)
        }

        let notes = CanonicalRecords()
        var noteRows = 0
        var noteMax: Int64?
        let noteRead = try db.prepare(PortableQuery.named("notes").filled(parameters.queryValues))
        let note = try CanonicalLayout.note.resolved(in: noteRead)
        while try noteRead.step() {
            _ = keep(noteRead, timeColumn: note.time)  // the query already left out notes written after `through`
            noteRows += 1
            noteMax = noteRead.int64(at: note.id)
            note.write(noteRead, to: notes)
        }

        let log = CanonicalRecords()
        var logRows = 0
        var logMax: Int64?
        let logRead = try db.prepare(
            "SELECT " + CanonicalLayout.log.columns.joined(separator: ", ") + " FROM moderation_log ORDER BY id")
        let entry = try CanonicalLayout.log.resolved(in: logRead)
        while try logRead.step() {
            guard keep(logRead, timeColumn: entry.time) else { continue }
            logRows += 1
            logMax = logRead.int64(at: entry.id)
            entry.write(logRead, to: log)
        }

        let whole = SHA256()
        whole.update(DataFingerprint.scheme + "\n")
        whole.update(options.finish())
        whole.update(notes.finish())
        whole.update(log.finish())
        for digest in scan.chunkDigests { whole.update(digest) }
        return DataFingerprint(
            tables: [
                .init(name: "votes", rows: scan.votesAll, highestID: scan.highestVoteID),
                .init(name: "survey_options", rows: optionRows, highestID: optionMax),
                .init(name: "suggestions", rows: noteRows, highestID: noteMax),
                .init(name: "moderation_log", rows: logRows, highestID: logMax),
            ],
            latest: latest.map(Instant.init(millis:)), sha256: SHA256.hex(whole.finalize()))
    }
}
