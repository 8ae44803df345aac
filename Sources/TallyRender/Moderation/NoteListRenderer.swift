import TallyCore

/// Renders notes grouped by the session that wrote them, in four formats.
///
/// A pure function of its inputs: the same notes give the same bytes. Note
/// text is shown verbatim but escaped for each output: made visible on a
/// terminal (one row per note), Markdown-escaped, formula-safe CSV, JSON-escaped.
package struct NoteListRenderer: Sendable {
    /// Every session's notes (all of them, so group headers count the author's other notes).
    package let groups: [AuthorGroup]
    package let filter: NoteFilter
    /// The zone times are shown in.
    package let zone: Zone

    /// Widest content shown in the table, in terminal cells (`notes show` prints it whole).
    package static let contentCells = 60

    /// A renderer for these groups, listing the notes the filter selects.
    package init(groups: [AuthorGroup], filter: NoteFilter, zone: Zone) {
        self.groups = groups
        self.filter = filter
        self.zone = zone
    }

    /// Groups that have a note to show, with those notes.
    var shownGroups: [(group: AuthorGroup, notes: [Note])] {
        groups.compactMap { group in
            let notes = group.notes.filter(filter.matches)
            return notes.isEmpty ? nil : (group, notes)
        }
    }

    /// The plain-text table for a terminal.
    package func table() -> String {
        let shown = shownGroups
        guard !shown.isEmpty else { return noNotesText }
        let notes = shown.flatMap(\.notes)
        let ids = notes.map { String($0.id) }
        let statuses = notes.map(statusText)
        let versions = notes.map { String($0.version) }
        let created = notes.map { createdText($0, seconds: false) }
        let widths = [
            max(2, ids.map(DisplayWidth.of).max() ?? 0), max(6, statuses.map(DisplayWidth.of).max() ?? 0),
            max(7, versions.map(DisplayWidth.of).max() ?? 0), max(7, created.map(DisplayWidth.of).max() ?? 0),
        ]
        // Numbers align right; the last column (the content) is not padded.
        func row(_ cells: [String], numeric: Set<Int>) -> String {
            let parts = cells.enumerated().map { index, cell in
                index == cells.count - 1
                    ? cell
                    : numeric.contains(index)
                        ? DisplayWidth.padLeft(cell, to: widths[index]) : DisplayWidth.padRight(cell, to: widths[index])
            }
            return "  " + parts.joined(separator: "  ")
        }
        var lines = [row(["ID", "STATUS", "VERSION", "CREATED", "CONTENT"], numeric: [])]
        var index = 0
        for (group, groupNotes) in shown {
            lines.append(groupHeading(group))
            lines += signalLines(group).map { "    " + $0 }
            for note in groupNotes {
                lines.append(
                    row(
                        [
                            ids[index], statuses[index], versions[index], created[index],
                            NoteText.oneLine(note.content, maximumCells: NoteListRenderer.contentCells),
                        ], numeric: [0, 2]))
                index += 1
            }
        }
        lines.append("")
        lines.append(summary(shown))
        return lines.joined(separator: "\n") + "\n"
    }

    /// A GitHub-Flavored Markdown table, then the same-author signals as a list.
    package func markdown() -> String {
        let shown = shownGroups
        guard !shown.isEmpty else { return noNotesText }
        var lines = ["| ID | Status | Version | Created | Author | Content |", "|---:|---|---:|---|---|---|"]
        for (group, notes) in shown {
            for note in notes {
                let cells = [
                    String(note.id), MarkdownText.cell(statusText(note)), String(note.version),
                    MarkdownText.cell(createdText(note, seconds: false)), MarkdownText.cell(group.shortSession),
                    MarkdownText.cell(note.content),
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        let signalled = shown.filter { !signalLines($0.group).isEmpty }
        if !signalled.isEmpty {
            lines.append("")
            lines.append("Same author:")
            lines.append("")
            for (group, _) in signalled {
                let signals = signalLines(group).map { String($0.dropFirst(2)) }.joined(separator: "; ")
                lines.append("- Author \(MarkdownText.inline(group.shortSession)): \(MarkdownText.inline(signals))")
            }
        }
        lines.append("")
        lines.append(MarkdownText.inline(summary(shown)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// RFC 4180 CSV, one record per note, formula-safe text cells.
    package func csv() -> String {
        var writer = CSVWriter()
        writer.row([
            "id", "status", "version", "created", "session", "content", "reviewed_by", "reviewed_at", "review_reason",
            "promoted_option_id", "session_notes", "session_approved", "session_flagged",
            "session_voted_for_own_option",
        ])
        for (group, notes) in shownGroups {
            for note in notes {
                writer.row([
                    .integer(note.id), .text(note.stateName), .integer(note.version),
                    note.created.map { .text(zone.iso8601($0)) } ?? .text(note.createdAt), text(note.session),
                    .text(note.content), text(note.reviewedBy), text(isoText(note.reviewedAt)), text(note.reviewReason),
                    note.promotedOptionID.map(CSVWriter.Field.integer) ?? .empty, .integer(Int64(group.notes.count)),
                    .integer(Int64(group.approvedCount)), .text(group.isFlagged ? "yes" : "no"),
                    .text(group.votedForOwnOption.map { $0 ? "yes" : "no" } ?? ""),
                ])
            }
        }
        return writer.output
    }

    /// A versioned JSON document: the notes, and the session groups with their signals.
    package func json() -> JSONValue {
        let shown = shownGroups
        let notes: [JSONValue] = shown.flatMap { $0.notes }.map { note in
            .object([
                ("id", .integer(note.id)), ("status", .string(note.stateName)), ("version", .integer(note.version)),
                ("created", .text(note.created.map(zone.iso8601))), ("session", .text(note.session)),
                ("content", .string(note.content)), ("reviewed_by", .text(note.reviewedBy)),
                ("reviewed_at", .text(isoText(note.reviewedAt))), ("review_reason", .text(note.reviewReason)),
                ("promoted_option_id", note.promotedOptionID.map(JSONValue.integer) ?? .null),
            ])
        }
        let sessions: [JSONValue] = shown.map { group, _ in
            .object([
                ("session", .text(group.session)), ("short", .string(group.shortSession)),
                ("notes", .array(group.notes.map { .integer($0.id) })),
                ("states", .object(group.stateCounts.map { ($0.state, .int($0.count)) })),
                ("approved", .int(group.approvedCount)), ("flagged", .bool(group.isFlagged)),
                (
                    "promoted_options",
                    .array(
                        group.promotedOptions.map {
                            .object([
                                ("note_id", .integer($0.noteID)), ("option_id", .integer($0.optionID)),
                                ("votes_by_author", .int($0.votesByAuthor)),
                            ])
                        })
                ),
                ("voted_for_own_option", group.votedForOwnOption.map(JSONValue.bool) ?? .null),
            ])
        }
        return .object([
            ("format", .string("tally.notes.list/1")), ("filter", .string(filter.rawValue)),
            ("zone", .string(zone.identifier)), ("notes", .array(notes)), ("sessions", .array(sessions)),
        ])
    }

    // MARK: Pieces shared by the formats

    /// What the table and Markdown say when the filter selects no note.
    var noNotesText: String { "No notes" + (filter == .all ? "." : " with status \(filter.rawValue).") + "\n" }

    func statusText(_ note: Note) -> String {
        if note.state == .promoted, let option = note.promotedOptionID { return "promoted #\(option)" }
        return NoteText.oneLine(note.stateName, maximumCells: 20)
    }

    func createdText(_ note: Note, seconds: Bool) -> String {
        note.created.map { zone.format($0, seconds: seconds) } ?? "? "
            + NoteText.oneLine(note.createdAt, maximumCells: 30)
    }

    func isoText(_ stored: String?) -> String? {
        stored.map { StoredTimestamp.parse($0).map(zone.iso8601) ?? $0 }
    }

    func text(_ value: String?) -> CSVWriter.Field { value.map(CSVWriter.Field.text) ?? .empty }

    /// `author 1bed57d5 · 2 notes: 2 promoted`.
    func groupHeading(_ group: AuthorGroup) -> String {
        let count = group.notes.count
        let states = group.stateCounts.map { "\($0.count) \(NoteText.oneLine($0.state, maximumCells: 20))" }
            .joined(separator: ", ")
        let name = group.session == nil ? "no author recorded" : "author \(NoteText.oneLine(group.shortSession))"
        return "\(name) · \(count) note\(count == 1 ? "" : "s"): \(states)"
    }

    /// The same-author signals of a group, each starting with `! ` (look at this) or `· ` (for information).
    func signalLines(_ group: AuthorGroup) -> [String] {
        var lines: [String] = []
        if group.isFlagged {
            lines.append("! several approved notes from one author (\(group.approvedCount))")
        }
        if let voted = group.votedForOwnOption {
            let detail = group.promotedOptions.map {
                "#\($0.optionID): \($0.votesByAuthor) vote\($0.votesByAuthor == 1 ? "" : "s")"
            }.joined(separator: ", ")
            lines.append(
                (voted ? "! " : "· ") + "voted for its own promoted option: \(voted ? "yes" : "no") (\(detail))")
        }
        return lines
    }

    func summary(_ shown: [(group: AuthorGroup, notes: [Note])]) -> String {
        let notes = shown.reduce(0) { $0 + $1.notes.count }
        let sessions = shown.filter { $0.group.session != nil }.count
        let flagged = shown.filter { $0.group.isFlagged }.count
        return "\(notes) note\(notes == 1 ? "" : "s") (\(filter.rawValue)) from \(sessions) author"
            + "\(sessions == 1 ? "" : "s"); \(flagged) author\(flagged == 1 ? "" : "s") with several approved notes. "
            + "Times in \(zone.identifier)."
    }
}
