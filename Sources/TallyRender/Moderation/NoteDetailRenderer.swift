import TallyCore

/// Renders one note: its text, its author's other notes and its full history.
package struct NoteDetailRenderer: Sendable {
    package let note: Note
    /// Its decisions, oldest first.
    package let history: [ModerationLogEntry]
    /// The session group the note belongs to (for the author's other notes).
    package let group: AuthorGroup?
    /// The zone times are shown in.
    package let zone: Zone

    /// A renderer for one note.
    package init(note: Note, history: [ModerationLogEntry], group: AuthorGroup?, zone: Zone) {
        self.note = note
        self.history = history
        self.group = group
        self.zone = zone
    }

    /// The note as a plain-text card: heading, author, time, content, the author's other notes.
    package func card() -> String {
        let list = NoteListRenderer(groups: group.map { [$0] } ?? [], filter: .all, zone: zone)
        var lines = ["Note \(note.id) · \(list.statusText(note)) · version \(note.version)"]
        if let session = note.session {
            let count = group?.notes.count ?? 1
            lines.append(
                "author   \(NoteText.oneLine(session)) (\(count) note\(count == 1 ? "" : "s") by this author)")
        } else {
            lines.append("author   none recorded")
        }
        lines.append("created  \(list.createdText(note, seconds: true))")
        lines.append("content")
        lines.append(NoteText.block(note.content, indent: "  "))
        // Notes stored without a session are not by one author: no "same author" for them.
        let others = note.session == nil ? [] : (group?.notes ?? []).filter { $0.id != note.id }
        let signals = group.map(list.signalLines) ?? []
        if note.session != nil, !others.isEmpty || !signals.isEmpty {
            lines.append("same author")
            lines += signals.map { "  " + $0 }
            let ids = others.map { "#\($0.id)" }
            let statuses = others.map(list.statusText)
            let idWidth = ids.map(DisplayWidth.of).max() ?? 0
            let statusWidth = statuses.map(DisplayWidth.of).max() ?? 0
            for (index, other) in others.enumerated() {
                lines.append(
                    "  \(DisplayWidth.padRight(ids[index], to: idWidth))  "
                        + "\(DisplayWidth.padRight(statuses[index], to: statusWidth))  "
                        + NoteText.oneLine(other.content, maximumCells: NoteListRenderer.contentCells))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The card followed by the history, one line per decision (and its reason).
    package func text() -> String {
        var text = card()
        guard !history.isEmpty else { return text + "history  no decisions yet\n" }
        text += "history\n"
        for entry in history {
            var line =
                "  v\(entry.version)  \(timeText(entry))  \(NoteText.oneLine(entry.action))  "
                + "\(NoteText.oneLine(entry.from)) → \(NoteText.oneLine(entry.to))  by \(NoteText.oneLine(entry.moderator))"
            if let option = entry.optionID { line += "  option #\(option)" }
            text += line + "\n"
            if let reason = entry.reason { text += "      reason: \(NoteText.oneLine(reason))\n" }
        }
        return text
    }

    /// A versioned JSON document: the note and its full history.
    package func json() -> JSONValue {
        .object([
            ("format", .string("tally.notes.show/1")), ("id", .integer(note.id)), ("status", .string(note.stateName)),
            ("version", .integer(note.version)), ("content", .string(note.content)), ("session", .text(note.session)),
            ("created", .text(note.created.map(zone.iso8601))),
            ("promoted_option_id", note.promotedOptionID.map(JSONValue.integer) ?? .null),
            (
                "history",
                .array(
                    history.map { entry in
                        .object([
                            ("version", .integer(entry.version)), ("action", .string(entry.action)),
                            ("from", .string(entry.from)), ("to", .string(entry.to)),
                            ("moderator", .string(entry.moderator)), ("reason", .text(entry.reason)),
                            ("time", .text(entry.time.map(zone.iso8601) ?? entry.createdAt)),
                            ("option_id", entry.optionID.map(JSONValue.integer) ?? .null),
                        ])
                    })
            ),
        ])
    }

    func timeText(_ entry: ModerationLogEntry) -> String {
        entry.time.map { zone.format($0, seconds: true) } ?? "? " + NoteText.oneLine(entry.createdAt, maximumCells: 30)
    }
}
