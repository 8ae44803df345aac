import TallySQLite

extension ModerationStore {
    /// One note, or nil when there is no note with this id.
    package func note(_ id: Int64) throws -> Note? {
        try db.query("SELECT \(Note.columns) FROM suggestions WHERE id = ?", [.integer(id)]).first.map(Note.init(row:))
    }

    /// Every note, by id.
    package func notes() throws -> [Note] {
        try db.query("SELECT \(Note.columns) FROM suggestions ORDER BY id").map(Note.init(row:))
    }

    /// The option a promoted note became, as the vote page lists it (its text and section as stored),
    /// or nil when the note links no option this copy holds.
    package func promotedOption(of note: Note) throws -> (label: String, section: String)? {
        guard let id = note.promotedOptionID else { return nil }
        guard let row = try db.query("SELECT content, section FROM survey_options WHERE id = ?", [.integer(id)]).first
        else { return nil }
        return (
            try row.value("content", of: "survey_options").storedText ?? "",
            try row.value("section", of: "survey_options").storedText ?? ""
        )
    }

    /// A note's decisions, oldest first.
    package func history(of noteID: Int64) throws -> [ModerationLogEntry] {
        try db.query(
            "SELECT \(ModerationLogEntry.columns) FROM moderation_log WHERE suggestion_id = ? ORDER BY version, id",
            [.integer(noteID)]
        ).map(ModerationLogEntry.init(row:))
    }

    /// True when note `id` was in `state` at `version` by this copy's data: its state now, or the one
    /// a logged decision produced at that version (version 0: pending). A form claiming anything else
    /// was not made from a page of this note.
    package func wasAt(_ id: Int64, version: Int64, state: NoteState) throws -> Bool {
        if let note = try note(id), note.version == version, note.state == state { return true }
        if version == 0 { return state == .pending }
        return try history(of: id).contains { $0.version == version && $0.to == state.rawValue }
    }

    /// True when every version of note `id` came from a logged decision: then each version and state
    /// it ever had is in the log, and `wasAt` false means the form was not this note's, whatever D1 did.
    package func isWhollyLogged(_ id: Int64) throws -> Bool {
        guard let note = try note(id) else { return false }
        let logged = Set(try history(of: id).map(\.version))
        return note.version < 1 || (1...note.version).allSatisfy(logged.contains)
    }

    /// Every decision, in the order it was recorded.
    package func log() throws -> [ModerationLogEntry] {
        try db.query("SELECT \(ModerationLogEntry.columns) FROM moderation_log ORDER BY id")
            .map(ModerationLogEntry.init(row:))
    }

    func logEntry(_ id: Int64) throws -> ModerationLogEntry? {
        try db.query("SELECT \(ModerationLogEntry.columns) FROM moderation_log WHERE id = ?", [.integer(id)])
            .first.map(ModerationLogEntry.init(row:))
    }

    /// For each promoted note, how many votes its own author's session gave the
    /// option it became (0 when none). Runs `queries/notes_own_option_votes.sql`.
    package func ownOptionVotes() throws -> [Int64: Int] {
        var votes: [Int64: Int] = [:]
        for row in try db.query(PortableQuery.named("notes_own_option_votes").sql) {
            if let note = row["note_id"]?.int64 { votes[note] = Int(row["votes_by_author"]?.int64 ?? 0) }
        }
        return votes
    }

    /// Notes grouped by the session that wrote them, with the same-author signals.
    package func authorGroups() throws -> [AuthorGroup] {
        AuthorGroup.grouping(try notes(), ownOptionVotes: try ownOptionVotes())
    }

    /// The group of the session that wrote this note, or nil when there is no such note.
    package func authorGroup(of noteID: Int64) throws -> AuthorGroup? {
        try authorGroups().first { $0.notes.contains { $0.id == noteID } }
    }

    /// Refuses a database that lacks what moderation reads and writes.
    func checkSchema() throws {
        let columns = Set(
            try db.query("SELECT name FROM pragma_table_info('suggestions')").compactMap { $0[0].string })
        var missing = ["version", "reviewed_by", "reviewed_at", "review_reason", "promoted_option_id"]
            .filter { !columns.contains($0) }.map { "suggestions.\($0)" }
        if columns.isEmpty { missing = ["the suggestions table"] }
        let hasLog =
            try db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'moderation_log'")?
            .int64 == 1
        if !hasLog { missing.append("the moderation_log table") }
        if !missing.isEmpty { throw ModerationError.schemaMissing(missing.joined(separator: ", ")) }
    }
}
