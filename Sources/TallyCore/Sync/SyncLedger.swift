import TallySQLite

/// The local sync state: for every decision made in this copy, whether it is
/// unpushed, pushed, confirmed on D1, or in conflict — plus the pushes and the
/// origin of the data (the last pull).
///
/// These tables are local only. They are not in `migrations/` (which
/// `wrangler d1 migrations apply` sends to D1) but created here with
/// `CREATE TABLE IF NOT EXISTS`, in the same file and transaction as the
/// decisions they track, so a decision and its ledger entry are written together
/// or not at all. D1 never needs them, and a pull carries them onto the new data.
///
/// `tally_sync_version` marks the tables' layout (`SyncLedger.version`); a copy made by an older
/// tally (no marker: version 1) is upgraded in the write transaction of the first command that
/// writes the ledger (`upgrade()`), and read as it is by the commands that only read.
package struct SyncLedger {
    /// The connection, inside the caller's transaction for writes.
    package let db: Connection

    /// A ledger over `db` (its tables may not exist yet).
    package init(_ db: Connection) { self.db = db }

    /// The local tables.
    static let schema = """
        CREATE TABLE IF NOT EXISTS tally_sync_decisions (
          seq               INTEGER PRIMARY KEY,
          note_id           INTEGER NOT NULL,
          version           INTEGER NOT NULL,
          action            TEXT NOT NULL,
          from_status       TEXT NOT NULL,
          to_status         TEXT NOT NULL,
          moderator         TEXT NOT NULL,
          reason            TEXT,
          created_at        TEXT NOT NULL,
          log_id            INTEGER,
          state             TEXT NOT NULL,
          push_id           INTEGER,
          remote_action     TEXT,
          remote_to_status  TEXT,
          remote_moderator  TEXT,
          remote_created_at TEXT,
          remote_version    INTEGER,
          detail            TEXT,
          settled_by        INTEGER,
          seen_key          TEXT,
          seen_content      TEXT,
          conflict_kind     TEXT,
          changed_content   TEXT,
          dropped_by        TEXT,
          dropped_at        TEXT
        );
        CREATE TABLE IF NOT EXISTS tally_sync_version (
          id      INTEGER PRIMARY KEY CHECK (id = 1),
          version INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS tally_sync_pushes (
          id         INTEGER PRIMARY KEY,
          created_at TEXT NOT NULL,
          target     TEXT NOT NULL,
          decisions  INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS tally_sync_origin (
          id                 INTEGER PRIMARY KEY CHECK (id = 1),
          pulled_at          TEXT NOT NULL,
          source             TEXT NOT NULL,
          sha256             TEXT NOT NULL,
          missing_migrations TEXT NOT NULL,
          watermarks         TEXT NOT NULL DEFAULT '',
          database           TEXT
        );
        """

    /// The names of the local tables; an export that holds one is a local copy, not D1's data.
    package static let tables = [
        "tally_sync_decisions", "tally_sync_pushes", "tally_sync_origin", "tally_sync_version",
    ]

    /// The layout this build writes: 1 had no marker and no record of what the moderator saw;
    /// 2 adds `seen_key` and `seen_content` (`SeenNote`) and the marker; 3 keys a column longer than
    /// `SeenNote.exactBytes` by its digest (2 wrote its hex, which no statement could carry to D1);
    /// 4 stores a conflict's kind as a value (`conflict_kind`, `SyncConflictReason`), the text D1 has
    /// for a note changed there after a decision (`changed_content`), the state `sent` (`SyncState`)
    /// and the D1 database a pull came from (`tally_sync_origin.database`), and who withdrew or dropped a
    /// decision and when (`dropped_by`, `dropped_at`; NULL for one dropped before).
    package static let version: Int64 = 4

    /// The layout of the tables in this file: nil without a ledger, 1 for one made before the marker.
    package func storedVersion() throws -> Int64? {
        guard try exists() else { return nil }
        let marked =
            try db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'tally_sync_version'")?
            .int64 == 1
        guard marked else { return 1 }
        return try db.scalar("SELECT version FROM tally_sync_version WHERE id = 1")?.int64 ?? 1
    }

    /// Inside the caller's write transaction: brings a ledger made by an older tally to this
    /// build's layout, keeping every decision's state. Decisions made before tally recorded what
    /// the moderator saw get the note as this copy holds it, which is the text they were made on
    /// unless a later pull replaced it: an outstanding one whose note came from a pull made after
    /// it (or that is no longer in the copy) is held back as a conflict that says why, never pushed
    /// unguarded. Throws `SyncError.newerLedger` for a layout this build does not know.
    package func upgrade() throws {
        guard let stored = try storedVersion(), stored != Self.version else { return }
        guard stored < Self.version else { throw SyncError.newerLedger(path: db.path, version: stored) }
        if stored < 4 { try addConflictKinds() }
        if stored == 1 { try upgradeFromFirstLayout() }
        if stored < 4 { try SeenNote.restoreExactKeys(in: db) }
        try db.executeScript(Self.schema)
        try markVersion()
    }

    /// Layout 4: every row kept; each conflict's kind, which older layouts kept only in the words of
    /// its detail, is read from those words once and stored (the only place they are read).
    private func addConflictKinds() throws {
        let columns = Set(
            try db.query("SELECT name FROM pragma_table_info('tally_sync_decisions')").compactMap {
                $0[0].storedText
            })
        for column in ["conflict_kind", "changed_content", "dropped_by", "dropped_at"]
        where !columns.contains(column) {
            try db.execute("ALTER TABLE tally_sync_decisions ADD COLUMN \(column) TEXT")
        }
        let hasOrigin = try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'tally_sync_origin'")?.int64 == 1
        if hasOrigin {
            let originColumns = Set(
                try db.query("SELECT name FROM pragma_table_info('tally_sync_origin')").compactMap {
                    $0[0].storedText
                })
            if !originColumns.contains("watermarks") {
                try db.execute("ALTER TABLE tally_sync_origin ADD COLUMN watermarks TEXT NOT NULL DEFAULT ''")
            }
            if !originColumns.contains("database") {
                try db.execute("ALTER TABLE tally_sync_origin ADD COLUMN database TEXT")
            }
        }
        for row in try db.query("SELECT seq, detail FROM tally_sync_decisions WHERE state = 'conflict'") {
            guard let seq = row[0].int64, let kind = row[1].storedText.flatMap(SyncConflictReason.init(detail:))
            else { continue }
            try db.execute(
                "UPDATE tally_sync_decisions SET conflict_kind = ? WHERE seq = ?",
                [.text(kind.rawValue), .integer(seq)])
        }
    }

    private func upgradeFromFirstLayout() throws {
        try db.executeScript(
            """
            ALTER TABLE tally_sync_decisions ADD COLUMN seen_key TEXT;
            ALTER TABLE tally_sync_decisions ADD COLUMN seen_content TEXT;
            """)
        try db.executeScript(Self.schema)
        try markVersion()
        try db.execute(
            """
            UPDATE tally_sync_decisions
               SET seen_key = (SELECT \(SeenNote.keySQL("s.")) FROM suggestions s WHERE s.id = note_id),
                   seen_content = (SELECT s.content FROM suggestions s WHERE s.id = note_id)
            """)
        let pulledAt = try origin()?.pulledAt
        for decision in try decisions(where: "state IN ('unpushed', 'pushed')") {
            let why: SyncConflictWhy
            if decision.seen == nil {
                why = SyncDecision.recordedBeforeGone(decision.noteID)
            } else if let pulledAt, pulledAt > decision.createdAt {
                why = SyncDecision.heldBack(decision.noteID, pulledAt: pulledAt)
            } else {
                continue
            }
            try set(decision.seq, state: .conflict, why: why, pushID: decision.pushID)
        }
    }

    private func markVersion() throws {
        try db.execute(
            "INSERT OR REPLACE INTO tally_sync_version (id, version) VALUES (1, ?)", [.integer(Self.version)])
    }

    /// True when the ledger's tables exist.
    package func exists() throws -> Bool {
        try db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'tally_sync_decisions'")?
            .int64 == 1
    }

    /// Creates the tables when missing. A database made before the ledger existed
    /// (or by `tally demo`) may already hold decisions whose fate is unknown: they
    /// are entered as unpushed, so nothing can be replaced away unnoticed; a pull
    /// confirms those D1 already has.
    /// An existing ledger is upgraded (`upgrade()`).
    package func create() throws {
        if try exists() { return try upgrade() }
        try createEmpty()
        let hasLog = try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'moderation_log'")?.int64 == 1
        guard hasLog else { return }
        // What each was decided on: the note as the copy holds it (no pull ever replaced it here).
        try db.execute(
            """
            INSERT INTO tally_sync_decisions (note_id, version, action, from_status, to_status, moderator, reason,
                                              created_at, log_id, state, seen_key, seen_content)
            SELECT m.suggestion_id, m.version, m.action, m.from_status, m.to_status, m.moderator, m.reason,
                   m.created_at, m.id, 'unpushed', \(SeenNote.keySQL("s.")), s.content
              FROM moderation_log m LEFT JOIN suggestions s ON s.id = m.suggestion_id ORDER BY m.id
            """)
    }

    /// `create()` in a transaction of its own, for a command about to push from a copy that may
    /// predate the ledger or its current layout. Throws `SyncError.locked` when another process holds the write lock.
    package func createIfMissing() throws {
        try SyncError.lockedIfBusy(db.path) { try db.transaction(.immediate) { try create() } }
    }

    /// Creates empty tables: for data that just came from D1 (or stands for it, as the
    /// demo does), whose log entries are D1's own.
    package func createEmpty() throws {
        try db.executeScript(Self.schema)
        try markVersion()
    }

    /// Enters a decision just written to `moderation_log` as unpushed. With
    /// `settlingConflicts`, the note's open conflicts become settled by it: the
    /// moderator decided again, on the note as it now is.
    /// The note it was made on is recorded with it (`SeenNote`): a decision does not change a
    /// note's text, author or creation time, so the note as it is now is the note decided on.
    func record(_ entry: ModerationLogEntry, settlingConflicts: Bool) throws {
        if try !exists() {
            // Seeds every earlier log entry, this one included.
            try create()
            return
        }
        try upgrade()
        try db.execute(
            """
            INSERT INTO tally_sync_decisions (note_id, version, action, from_status, to_status, moderator, reason,
                                              created_at, log_id, state, seen_key, seen_content)
            SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, 'unpushed', \(SeenNote.keySQL("s.")), s.content
              FROM suggestions s WHERE s.id = ?
            """,
            [
                .integer(entry.noteID), .integer(entry.version), .text(entry.action), .text(entry.from),
                .text(entry.to), .text(entry.moderator), SQLValue(entry.reason), .text(entry.createdAt),
                .integer(entry.id), .integer(entry.noteID),
            ])
        let seq = db.lastInsertRowID
        if settlingConflicts {
            try db.execute(
                "UPDATE tally_sync_decisions SET state = 'settled', settled_by = ? "
                    + "WHERE note_id = ? AND state = 'conflict'",
                [.integer(seq), .integer(entry.noteID)])
        }
    }

    /// The open conflict on `note` that this copy still shows as the note's latest decision (a push
    /// found it; no pull since has brought D1's note), or nil: a decision made now would be made on
    /// top of a decision D1 did not take.
    /// A decision of this copy made on top of the conflict (pushed or not) counts as well.
    package func conflictStillShown(on note: Note) throws -> SyncDecision? {
        let mine = try decisions(where: "note_id = \(note.id)")
        guard let conflict = mine.first(where: { $0.state == .conflict }) else { return nil }
        let shown = mine.contains {
            // Moderator too: two moderators deciding the same version within one second share the rest.
            $0.seq >= conflict.seq && $0.state.isOutstanding && $0.version == note.version
                && $0.createdAt == note.reviewedAt && $0.moderator == note.reviewedBy
        }
        return shown ? conflict : nil
    }

    /// This copy's decision the note still shows as its latest although it was withdrawn (`notes undo`)
    /// or discarded (`notes discard`) and no pull has brought D1's note since: a decision made now would
    /// be made on top of one D1 will never hold, so its guards could not apply there.
    package func droppedStillShown(on note: Note) throws -> SyncDecision? {
        try decisions(where: "note_id = \(note.id) AND state = 'dropped'").last {
            $0.version == note.version && $0.createdAt == note.reviewedAt && $0.moderator == note.reviewedBy
        }
    }

    /// Every decision, in the order they were made; empty when there is no ledger.
    /// A ledger of an older layout is read as it is (a read-only command does not upgrade it).
    package func decisions(where condition: String = "1") throws -> [SyncDecision] {
        guard let version = try storedVersion() else { return [] }
        let columns =
            switch version {
            case 1: SyncDecision.columnsBeforeSeen
            case 2, 3: SyncDecision.columnsBeforeKind
            default: SyncDecision.columns
            }
        return try db.query("SELECT \(columns) FROM tally_sync_decisions WHERE \(condition) ORDER BY seq")
            .map(SyncDecision.init(row:))
    }

    /// How many decisions are in each state.
    package func counts() throws -> [SyncState: Int] {
        var counts = Dictionary(uniqueKeysWithValues: SyncState.allCases.map { ($0, 0) })
        for decision in try decisions() { counts[decision.state, default: 0] += 1 }
        return counts
    }

    /// The decisions a replacement of this database would lose: unpushed, pushed
    /// but not confirmed, and open conflicts. Without a ledger, every logged decision
    /// counts (its fate is unknown).
    package func outstanding() throws -> Int {
        if try exists() {
            return try decisions().filter(\.state.isOutstanding).count
        }
        let hasLog = try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'moderation_log'")?.int64 == 1
        return hasLog ? Int(try db.scalar("SELECT count(*) FROM moderation_log")?.int64 ?? 0) : 0
    }

    /// The last pull, when there was one.
    package func origin() throws -> SyncOrigin? {
        guard try exists() else { return nil }
        // A copy pulled before watermarks (or the database's name) were kept has no such column.
        let present = Set(
            try db.query("SELECT name FROM pragma_table_info('tally_sync_origin')").compactMap { $0[0].storedText })
        let marks = present.contains("watermarks") ? "watermarks" : "''"
        let database = present.contains("database") ? "database" : "NULL"
        return try db.query(
            "SELECT pulled_at, source, sha256, missing_migrations, \(marks), \(database) FROM tally_sync_origin"
        )
        .first.map {
            SyncOrigin(
                pulledAt: $0[0].storedText ?? "", source: $0[1].storedText ?? "", sha256: $0[2].storedText ?? "",
                missingMigrations: ($0[3].storedText ?? "").split(separator: " ").map(String.init),
                watermarks: SyncWatermark.parse($0[4].storedText ?? ""), database: $0[5].storedText)
        }
    }

    /// Records where the data came from.
    func setOrigin(_ origin: SyncOrigin) throws {
        try db.execute(
            """
            INSERT OR REPLACE INTO tally_sync_origin (id, pulled_at, source, sha256, missing_migrations, watermarks,
                                                      database)
            VALUES (1, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(origin.pulledAt), .text(origin.source), .text(origin.sha256),
                .text(origin.missingMigrations.joined(separator: " ")), .text(SyncWatermark.stored(origin.watermarks)),
                SQLValue(origin.database),
            ])
    }

    /// Marks decisions as carried by a new push, all or nothing; returns the push's id. A decision
    /// marked sent (its request left) becomes pushed once D1 answered that it took the request.
    package func markPushed(_ seqs: [Int64], target: String, at time: Instant) throws -> Int64 {
        try mark(seqs, .pushed, target: target, at: time)
    }

    /// Before a request leaves for D1: its decisions become sent (outcome unknown, `SyncState.sent`)
    /// in one transaction, so a lost answer, a timeout or a kill leaves them as what they are, never
    /// unpushed. Returns the push's id.
    package func markSent(_ seqs: [Int64], target: String, at time: Instant) throws -> Int64 {
        try mark(seqs, .sent, target: target, at: time)
    }

    private func mark(_ seqs: [Int64], _ state: SyncState, target: String, at time: Instant) throws -> Int64 {
        try write {
            try db.execute(
                "INSERT INTO tally_sync_pushes (created_at, target, decisions) VALUES (?, ?, ?)",
                [.text(time.d1Text), .text(target), .integer(Int64(seqs.count))])
            let push = db.lastInsertRowID
            for seq in seqs {
                try db.execute(
                    "UPDATE tally_sync_decisions SET state = ?, push_id = ? "
                        + "WHERE seq = ? AND state IN ('unpushed', 'sent', 'pushed')",
                    [.text(state.rawValue), .integer(push), .integer(seq)])
            }
            return push
        }
    }

    /// Runs `body` as one write of the ledger: under the moderation write guard, in an immediate
    /// transaction that stops first when the file was replaced (`refuseIfReplaced`), with SQLite's
    /// busy lock reported as `SyncError.locked`.
    func write<T>(_ body: () throws -> T) throws -> T {
        try SyncError.lockedIfBusy(db.path) {
            try ModerationWriteGuard.run(on: db) {
                try db.transaction(.immediate) {
                    try refuseIfReplaced()
                    return try body()
                }
            }
        }
    }

    /// Inside a write transaction: stops when a pull (or `import --replace`) renamed a new file
    /// over the one this connection has open, whose ledger nobody reads any more; a write there
    /// would be reported done and be lost (as `ModerationStore.decide` checks for decisions).
    func refuseIfReplaced() throws {
        if db.hasMoved { throw ModerationError.databaseReplaced(db.path) }
    }

    /// Sets a decision's state after D1 answered (or a pull showed what D1 holds).
    /// `why` is a conflict's kind and words (nil for any other state).
    func set(
        _ seq: Int64, state: SyncState, remote: SyncRemoteDecision? = nil, why: SyncConflictWhy? = nil,
        logID: Int64? = nil, pushID: Int64? = nil
    ) throws {
        try db.execute(
            """
            UPDATE tally_sync_decisions
               SET state = ?, remote_action = ?, remote_to_status = ?, remote_moderator = ?, remote_created_at = ?,
                   remote_version = ?, detail = ?, conflict_kind = ?, log_id = coalesce(?, log_id),
                   push_id = coalesce(?, push_id)
             WHERE seq = ?
            """,
            [
                .text(state.rawValue), SQLValue(remote?.action), SQLValue(remote?.to), SQLValue(remote?.moderator),
                SQLValue(remote?.createdAt), SQLValue(remote?.version), SQLValue(why?.detail),
                SQLValue(why?.kind?.rawValue), SQLValue(logID), SQLValue(pushID), .integer(seq),
            ])
    }

    /// Records D1's text of the note of confirmed decision `seq`, which a pull found changed there after it.
    func setChanged(_ seq: Int64, to content: String) throws {
        try db.execute(
            "UPDATE tally_sync_decisions SET changed_content = ? WHERE seq = ?", [.text(content), .integer(seq)])
    }

    /// Each note's latest decision of this copy that D1 holds (confirmed) and whose note a pull found
    /// changed on D1 after it, in note order.
    package func changedAfterDecision() throws -> [SyncDecision] {
        Self.changedAfterDecision(in: try decisions(where: "state = 'confirmed'"))
    }

    /// `changedAfterDecision()` of these decisions (in ledger order).
    package static func changedAfterDecision(in decisions: [SyncDecision]) -> [SyncDecision] {
        var latest: [Int64: SyncDecision] = [:]
        for decision in decisions where decision.state == .confirmed { latest[decision.noteID] = decision }
        return latest.values.filter { $0.changedAfter != nil }.sorted { $0.noteID < $1.noteID }
    }

    /// Copies a decision from another copy's ledger as it is (a pull carrying it over).
    func insert(
        copying decision: SyncDecision, state: SyncState, remote: SyncRemoteDecision?, why: SyncConflictWhy?,
        logID: Int64?
    ) throws {
        try db.execute(
            """
            INSERT INTO tally_sync_decisions (note_id, version, action, from_status, to_status, moderator, reason,
                                              created_at, log_id, state, push_id, seen_key, seen_content, dropped_by,
                                              dropped_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(decision.noteID), .integer(decision.version), .text(decision.action), .text(decision.from),
                .text(decision.to), .text(decision.moderator), SQLValue(decision.reason), .text(decision.createdAt),
                SQLValue(logID), .text(state.rawValue), SQLValue(decision.pushID), SQLValue(decision.seen?.key),
                SQLValue(decision.seen?.content), SQLValue(decision.droppedBy), SQLValue(decision.droppedAt),
            ])
        try set(db.lastInsertRowID, state: state, remote: remote, why: why)
    }
}
