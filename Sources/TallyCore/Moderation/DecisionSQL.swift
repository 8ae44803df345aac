/// Writes recorded decisions as SQL that D1 accepts, to apply them to the
/// production database (`wrangler d1 execute DB --remote --file decisions.sql`).
///
/// What D1 requires and how this meets it
/// (https://developers.cloudflare.com/d1/sql-api/sql-statements/):
/// - no `BEGIN`/`COMMIT`/`SAVEPOINT`, no `PRAGMA`, no `ATTACH`: none are written;
///   each statement commits on its own;
/// - at most 100 KB per statement: every statement is measured, and an entry
///   that would exceed it is refused by name;
/// - no bound parameters in `--file`: every value is a SQL literal, text with
///   single quotes doubled and control characters written as `char(n)`, so each
///   statement stays on one line and no user text is ever SQL.
///
/// Every statement applies only to the state it expects: a note's update
/// carries `WHERE id = N AND status = 'pending' AND version = V`, the note's
/// text, author session and creation time as the moderator read them
/// (`SeenNote`) and the decision it carried then (`Guard`), and only while the log
/// holds nothing at the version it produces; an option or
/// log entry is inserted only when absent and only when the note is in the
/// state that decision produced. Applying the file twice, or to a database
/// that already has some of the decisions, changes nothing it should not.
package enum DecisionSQL {
    /// A `survey_options` row as the source database holds it.
    package struct OptionRow: Sendable, Equatable {
        /// The option's text.
        package let content: String
        /// `original` or `community`.
        package let section: String
        /// When it was created, as stored.
        package let createdAt: String
    }

    /// What a decision applies to besides the note's id, status and version: the note as the
    /// moderator read it, and the decision it carried then.
    package struct Guard: Sendable, Equatable {
        /// The note's text, author session and creation time, as read.
        package let seen: SeenNote
        /// The note's latest decision when the moderator decided (nil for its first decision):
        /// a decision made after one of yours applies only on top of that one, never on another
        /// moderator's decision that happens to have the same version and status.
        package let previous: ModerationLogEntry?
        /// How D1 checks the note is `seen`, under the key of this script.
        package let check: SeenNote.Check
    }

    /// D1's limit on one statement, in bytes.
    package static let maximumStatementBytes = MigrationLint.maximumStatementBytes

    /// The script for decisions in log order.
    ///
    /// - Parameters:
    ///   - entries: `moderation_log` rows in the order they were recorded.
    ///   - options: the options promotions created, by id.
    ///   - guards: what each entry was decided on, by entry id (a promoted option that
    ///     equals the note read is copied from the note instead of repeating its text).
    ///   - header: comment lines for the top of the file (no user text).
    package static func script(
        entries: [ModerationLogEntry], options: [Int64: OptionRow], guards: [Int64: Guard], header: [String] = []
    ) throws(DecisionSQLError) -> DecisionScript {
        var lines = header.map { "-- " + $0 }
        var statementCount = 0
        var byDecision: [[String]] = []
        var lastVersion: [Int64: Int64] = [:]
        for entry in entries {
            if let previous = lastVersion[entry.noteID], entry.version <= previous {
                throw .cannotExport(
                    entry: entry.id, note: entry.noteID,
                    why: "its version \(entry.version) is not after the version \(previous) recorded before it")
            }
            lastVersion[entry.noteID] = entry.version
            guard let guarding = guards[entry.id] else {
                throw .cannotExport(
                    entry: entry.id, note: entry.noteID,
                    why: "the note it was decided on is not known (not in the data)")
            }
            let statements = try self.statements(
                for: entry, option: entry.optionID.flatMap { options[$0] }, guard: guarding)
            lines.append("")
            lines.append(
                "-- note \(entry.noteID), version \(entry.version): \(entry.action) (\(entry.from) → \(entry.to))")
            for statement in statements {
                let bytes = statement.utf8.count
                if bytes > maximumStatementBytes {
                    throw .statementTooLarge(entry: entry.id, note: entry.noteID, bytes: bytes)
                }
                lines.append(statement)
            }
            statementCount += statements.count
            byDecision.append(statements)
        }
        return DecisionScript(
            text: lines.joined(separator: "\n") + "\n", decisions: entries.count, statements: statementCount,
            byDecision: byDecision)
    }

    /// The guarded statements that replay one decision.
    package static func statements(
        for entry: ModerationLogEntry, option: OptionRow?, guard guarding: Guard
    ) throws(DecisionSQLError) -> [String] {
        func refuse(_ why: String) -> DecisionSQLError { .cannotExport(entry: entry.id, note: entry.noteID, why: why) }
        guard let action = entry.knownAction else {
            throw refuse("its action \(MessageText.quoted(entry.action)) is not one tally knows")
        }
        guard let from = NoteState(rawValue: entry.from), let to = NoteState(rawValue: entry.to),
            from.applying(action) == to
        else {
            throw refuse(
                "\(entry.action) from \(MessageText.quoted(entry.from)) to \(MessageText.quoted(entry.to)) "
                    + "is not a transition tally knows")
        }
        guard entry.version >= 1 else { throw refuse("its version \(entry.version) is below 1") }
        for (field, text) in [
            ("moderator", entry.moderator), ("reason", entry.reason ?? ""), ("time", entry.createdAt),
        ]
        where text.unicodeScalars.contains("\u{0}") {
            throw refuse("its \(field) contains a NUL character, which SQL text cannot carry")
        }

        let id = entry.noteID
        let version = entry.version
        let moderator = literal(entry.moderator)
        let at = literal(entry.createdAt)
        let reason = entry.reason.map(literal) ?? "NULL"
        // Every decision starts from a note that is not promoted (a promoted note is final), is
        // the note the moderator read, and carries the decision it carried then; and D1's log holds
        // no decision at the version it produces (a note put back outside tally after a logged
        // decision would otherwise take this one while its log keeps the other).
        func expected(_ prefix: String = "") -> String {
            var condition =
                "\(prefix)id = \(id) AND \(prefix)status = \(literal(from.storedStatus)) "
                + "AND \(prefix)version = \(version - 1) AND \(prefix)promoted_option_id IS NULL "
                + "AND \(guarding.check.condition(prefix)) "
                + "AND NOT EXISTS (SELECT 1 FROM moderation_log WHERE suggestion_id = \(id) AND version = \(version))"
            if let previous = guarding.previous {
                condition +=
                    " AND \(prefix)reviewed_by IS \(literal(previous.moderator)) "
                    + "AND \(prefix)reviewed_at IS \(literal(previous.createdAt))"
            }
            return condition
        }
        let produced =
            "id = \(id) AND version = \(version) AND status = \(literal(to.storedStatus)) "
            + "AND reviewed_by IS \(moderator) AND reviewed_at IS \(at)"
            + (action == .promote ? " AND promoted_option_id IS NOT NULL" : "")
        var statements: [String] = []
        var optionLink = "NULL"
        if action == .promote {
            guard let optionID = entry.optionID else { throw refuse("the promotion names no option") }
            guard let option else { throw refuse("its option #\(optionID) is no longer in survey_options") }
            if option.content.unicodeScalars.contains("\u{0}") {
                throw refuse("its option's text contains a NUL character, which SQL text cannot carry")
            }
            // The usual case: the option is the note's text verbatim, so it is copied
            // from the note and the (possibly long) text never repeats in the SQL.
            let copied = option.content == guarding.seen.content
            // D1 numbers the option (its own next id): an id chosen here may have been taken on D1 by
            // another moderator's promotion or by the vote page since the pull. The option is found
            // again by what it is: this text, section and time, and no note linked to it yet. That
            // also makes the pair safe to run twice or after only the INSERT ran: the INSERT is
            // skipped while such an option exists, and the note is linked to it.
            func unlinked(_ noteContent: String) -> String {
                "o.section = \(literal(option.section)) AND o.created_at = \(literal(option.createdAt)) "
                    + "AND o.content = \(copied ? noteContent : literal(option.content)) "
                    + "AND NOT EXISTS (SELECT 1 FROM suggestions p WHERE p.promoted_option_id = o.id)"
            }
            statements.append(
                "INSERT INTO survey_options (content, section, created_at) "
                    + "SELECT \(copied ? "s.content" : literal(option.content)), \(literal(option.section)), "
                    + "\(literal(option.createdAt)) FROM suggestions s WHERE \(expected("s.")) "
                    + "AND NOT EXISTS (SELECT 1 FROM survey_options o WHERE \(unlinked("s.content")));")
            optionLink = "(SELECT promoted_option_id FROM suggestions WHERE id = \(id))"
            statements.append(
                "UPDATE suggestions SET status = \(literal(to.storedStatus)), reviewed_by = \(moderator), "
                    + "reviewed_at = \(at), review_reason = \(reason), version = \(version), "
                    + "promoted_option_id = (SELECT max(o.id) FROM survey_options o "
                    + "WHERE \(unlinked("suggestions.content"))) WHERE \(expected()) "
                    + "AND EXISTS (SELECT 1 FROM survey_options o WHERE \(unlinked("suggestions.content")));")
        } else {
            statements.append(
                "UPDATE suggestions SET status = \(literal(to.storedStatus)), reviewed_by = \(moderator), "
                    + "reviewed_at = \(at), review_reason = \(reason), version = \(version) WHERE \(expected());")
        }
        statements.append(
            "INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, reason, "
                + "created_at, version, option_id) SELECT \(id), \(literal(action.rawValue)), \(literal(from.rawValue)), "
                + "\(literal(to.rawValue)), \(moderator), \(reason), \(at), \(version), \(optionLink) "
                + "WHERE NOT EXISTS (SELECT 1 FROM moderation_log WHERE suggestion_id = \(id) AND version = \(version)) "
                + "AND EXISTS (SELECT 1 FROM suggestions WHERE \(produced));")
        return statements
    }

    /// A SQL string literal for any text: single quotes doubled; control
    /// characters (newline, escape …) as `char(n)` joined with `||`, so the
    /// statement stays on one line. Text without NUL round-trips exactly.
    package static func literal(_ text: String) -> String {
        var parts: [String] = []
        var plain = ""
        var controls: [UInt32] = []
        func flushPlain() {
            if !plain.isEmpty { parts.append("'" + plain + "'") }
            plain = ""
        }
        func flushControls() {
            if !controls.isEmpty { parts.append("char(" + controls.map(String.init).joined(separator: ",") + ")") }
            controls = []
        }
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                flushPlain()
                controls.append(scalar.value)
            } else {
                flushControls()
                if scalar == "'" { plain += "''" } else { plain.unicodeScalars.append(scalar) }
            }
        }
        flushPlain()
        flushControls()
        switch parts.count {
        case 0: return "''"
        case 1: return parts[0]
        default: return concatenation(parts)
        }
    }

    /// Parts joined by `||` in groups of at most `groupParts`, each group in parentheses: a long
    /// chain is a tree as deep as its parts, and SQLite (D1 too) refuses an expression deeper than
    /// 1,000 ("Expression tree is too large"), which a note of 1,000 lines would otherwise reach.
    private static func concatenation(_ parts: [String]) -> String {
        guard parts.count > groupParts else { return "(" + parts.joined(separator: "||") + ")" }
        let groups = stride(from: 0, to: parts.count, by: groupParts).map { start in
            concatenation(Array(parts[start..<min(start + groupParts, parts.count)]))
        }
        return concatenation(groups)
    }

    /// The most parts `||` joins in one flat chain.
    private static let groupParts = 100
}

/// Generated decision SQL and what it holds.
package struct DecisionScript: Sendable, Equatable {
    /// The file's text.
    package let text: String
    /// Decisions (log entries) written.
    package let decisions: Int
    /// SQL statements written.
    package let statements: Int
    /// The statements, one list per decision in the file's order: what `push --wrangler` sends,
    /// a decision's statements always in the same request.
    package let byDecision: [[String]]
}
