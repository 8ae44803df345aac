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
public struct SyncLedger {
    /// The connection, inside the caller's transaction for writes.
    public let db: Connection

    /// A ledger over `db` (its tables may not exist yet).
    public init(_ db: Connection) { self.db = db }

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
          settled_by        INTEGER
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
          watermarks         TEXT NOT NULL DEFAULT ''
        );
        """

    /// The names of the local tables; an export that holds one is a local copy, not D1's data.
    public static let tables = ["tally_sync_decisions", "tally_sync_pushes", "tally_sync_origin"]

    /// True when the ledger's tables exist.
    public func exists() throws -> Bool {
        try db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'tally_sync_decisions'")?
            .int64 == 1
    }

    /// Creates the tables when missing. A database made before the ledger existed
    /// (or by `tally demo`) may already hold decisions whose fate is unknown: they
    /// are entered as unpushed, so nothing can be replaced away unnoticed; a pull
    /// confirms those D1 already has.
    public func create() throws {
        if try exists() { return }
        try db.executeScript(Self.schema)
        let hasLog = try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'moderation_log'")?.int64 == 1
        guard hasLog else { return }
        try db.execute(
            """
            INSERT INTO tally_sync_decisions (note_id, version, action, from_status, to_status, moderator, reason,
                                              created_at, log_id, state)
            SELECT suggestion_id, version, action, from_status, to_status, moderator, reason, created_at, id, 'unpushed'
              FROM moderation_log ORDER BY id
            """)
    }

    /// `create()` in a transaction of its own, for a command about to push from a copy that may
    /// predate the ledger. Throws `SyncError.locked` when another process holds the write lock.
    public func createIfMissing() throws {
        try SyncError.lockedIfBusy(db.path) { try db.transaction(.immediate) { try create() } }
    }

    /// Creates empty tables: for data that just came from D1 (or stands for it, as the
    /// demo does), whose log entries are D1's own.
    public func createEmpty() throws {
        try db.executeScript(Self.schema)
    }

    /// Enters a decision just written to `moderation_log` as unpushed. With
    /// `settlingConflicts`, the note's open conflicts become settled by it: the
    /// moderator decided again, on the note as it now is.
    func record(_ entry: ModerationLogEntry, settlingConflicts: Bool) throws {
        if try !exists() {
            // Seeds every earlier log entry, this one included.
            try create()
            return
        }
        try db.execute(
            """
            INSERT INTO tally_sync_decisions (note_id, version, action, from_status, to_status, moderator, reason,
                                              created_at, log_id, state)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'unpushed')
            """,
            [
                .integer(entry.noteID), .integer(entry.version), .text(entry.action), .text(entry.from),
                .text(entry.to), .text(entry.moderator), SQLValue(entry.reason), .text(entry.createdAt),
                .integer(entry.id),
            ])
        let seq = db.lastInsertRowID
        if settlingConflicts {
            try db.execute(
                "UPDATE tally_sync_decisions SET state = 'settled', settled_by = ? "
                    + "WHERE note_id = ? AND state = 'conflict'",
                [.integer(seq), .integer(entry.noteID)])
        }
    }

    /// Every decision, in the order they were made; empty when there is no ledger.
    public func decisions(where condition: String = "1") throws -> [SyncDecision] {
        guard try exists() else { return [] }
        return try db.query("SELECT \(SyncDecision.columns) FROM tally_sync_decisions WHERE \(condition) ORDER BY seq")
            .map(SyncDecision.init(row:))
    }

    /// How many decisions are in each state.
    public func counts() throws -> [SyncState: Int] {
        var counts = Dictionary(uniqueKeysWithValues: SyncState.allCases.map { ($0, 0) })
        for decision in try decisions() { counts[decision.state, default: 0] += 1 }
        return counts
    }

    /// The decisions a replacement of this database would lose: unpushed, pushed
    /// but not confirmed, and open conflicts. Without a ledger, every logged decision
    /// counts (its fate is unknown).
    public func outstanding() throws -> Int {
        if try exists() {
            return try decisions().filter(\.state.isOutstanding).count
        }
        let hasLog = try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'moderation_log'")?.int64 == 1
        return hasLog ? Int(try db.scalar("SELECT count(*) FROM moderation_log")?.int64 ?? 0) : 0
    }

    /// The last pull, when there was one.
    public func origin() throws -> SyncOrigin? {
        guard try exists() else { return nil }
        // A copy pulled before watermarks were kept has no such column.
        let hasWatermarks =
            try db.scalar("SELECT count(*) FROM pragma_table_info('tally_sync_origin') WHERE name = 'watermarks'")?
            .int64 == 1
        let marks = hasWatermarks ? "watermarks" : "''"
        return try db.query("SELECT pulled_at, source, sha256, missing_migrations, \(marks) FROM tally_sync_origin")
            .first.map {
                SyncOrigin(
                    pulledAt: $0[0].storedText ?? "", source: $0[1].storedText ?? "", sha256: $0[2].storedText ?? "",
                    missingMigrations: ($0[3].storedText ?? "").split(separator: " ").map(String.init),
                    watermarks: SyncWatermark.parse($0[4].storedText ?? ""))
            }
    }

    /// Records where the data came from.
    func setOrigin(_ origin: SyncOrigin) throws {
        try db.execute(
            """
            INSERT OR REPLACE INTO tally_sync_origin (id, pulled_at, source, sha256, missing_migrations, watermarks)
            VALUES (1, ?, ?, ?, ?, ?)
            """,
            [
                .text(origin.pulledAt), .text(origin.source), .text(origin.sha256),
                .text(origin.missingMigrations.joined(separator: " ")), .text(SyncWatermark.stored(origin.watermarks)),
            ])
    }

    /// Marks decisions as carried by a new push, all or nothing; returns the push's id.
    public func markPushed(_ seqs: [Int64], target: String, at time: Instant) throws -> Int64 {
        try SyncError.lockedIfBusy(db.path) {
            try ModerationWriteGuard.run(on: db) { try markPushedGuarded(seqs, target: target, at: time) }
        }
    }

    private func markPushedGuarded(_ seqs: [Int64], target: String, at time: Instant) throws -> Int64 {
        try db.transaction(.immediate) {
            try refuseIfReplaced()
            try db.execute(
                "INSERT INTO tally_sync_pushes (created_at, target, decisions) VALUES (?, ?, ?)",
                [.text(time.d1Text), .text(target), .integer(Int64(seqs.count))])
            let push = db.lastInsertRowID
            for seq in seqs {
                try db.execute(
                    "UPDATE tally_sync_decisions SET state = 'pushed', push_id = ? "
                        + "WHERE seq = ? AND state IN ('unpushed', 'pushed')",
                    [.integer(push), .integer(seq)])
            }
            return push
        }
    }

    /// Inside a write transaction: stops when a pull (or `import --replace`) renamed a new file
    /// over the one this connection has open, whose ledger nobody reads any more; a write there
    /// would be reported done and be lost (as `ModerationStore.decide` checks for decisions).
    func refuseIfReplaced() throws {
        if db.hasMoved { throw ModerationError.databaseReplaced(db.path) }
    }

    /// Sets a decision's state after D1 answered (or a pull showed what D1 holds).
    func set(
        _ seq: Int64, state: SyncState, remote: SyncRemoteDecision? = nil, detail: String? = nil,
        logID: Int64? = nil, pushID: Int64? = nil
    ) throws {
        try db.execute(
            """
            UPDATE tally_sync_decisions
               SET state = ?, remote_action = ?, remote_to_status = ?, remote_moderator = ?, remote_created_at = ?,
                   remote_version = ?, detail = ?, log_id = coalesce(?, log_id), push_id = coalesce(?, push_id)
             WHERE seq = ?
            """,
            [
                .text(state.rawValue), SQLValue(remote?.action), SQLValue(remote?.to), SQLValue(remote?.moderator),
                SQLValue(remote?.createdAt), SQLValue(remote?.version), SQLValue(detail), SQLValue(logID),
                SQLValue(pushID), .integer(seq),
            ])
    }

    /// Copies a decision from another copy's ledger as it is (a pull carrying it over).
    func insert(
        copying decision: SyncDecision, state: SyncState, remote: SyncRemoteDecision?, detail: String?,
        logID: Int64?
    ) throws {
        try db.execute(
            """
            INSERT INTO tally_sync_decisions (note_id, version, action, from_status, to_status, moderator, reason,
                                              created_at, log_id, state, push_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(decision.noteID), .integer(decision.version), .text(decision.action), .text(decision.from),
                .text(decision.to), .text(decision.moderator), SQLValue(decision.reason), .text(decision.createdAt),
                SQLValue(logID), .text(state.rawValue), SQLValue(decision.pushID),
            ])
        try set(db.lastInsertRowID, state: state, remote: remote, detail: detail)
    }

    /// Drops the open conflicts of a note on purpose (kept in the ledger as dropped); returns how many.
    public func dropConflicts(of noteID: Int64) throws -> Int {
        try SyncError.lockedIfBusy(db.path) { try dropConflictsGuarded(of: noteID) }
    }

    private func dropConflictsGuarded(of noteID: Int64) throws -> Int {
        try ModerationWriteGuard.run(on: db) {
            try db.transaction(.immediate) {
                try refuseIfReplaced()
                try db.execute(
                    "UPDATE tally_sync_decisions SET state = 'dropped' WHERE note_id = ? AND state = 'conflict'",
                    [.integer(noteID)])
                return db.changes
            }
        }
    }
}
