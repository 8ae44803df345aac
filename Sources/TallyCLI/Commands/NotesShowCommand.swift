import TallyCore
import TallyRender

/// `tally notes show`: one note, its author's other notes and its full history.
enum NotesShowCommand {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case text, json
    }

    static let formatOption = OptionSpec("format", .value("FORMAT"), "text or json (default text).")

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one note with its full decision history",
        discussion: """
            Prints the note's whole text (control characters made visible), its author and the
            author's other notes, and every decision: version, time, action, from → to, moderator,
            reason, an open sync conflict (after `tally pull`) with both sides, and the digest of what
            it showed: `notes approve/reject/promote ID --expect DIGEST` then decides only if the note
            is still this text, author and time. --format json gives
            id, status, version, content, session, created, digest and history[] (version, action, from, to,
            moderator, reason, time as ISO 8601 with offset, option_id), and when there are open sync
            conflicts, sync_conflicts[] (local, remote, detail).
            """,
        options: [
            formatOption,
            NotesOptions.tz,
            SettingOptions.db, SettingOptions.config,
        ],
        positionals: NotesOptions.noteIDArgument,
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let id = try NotesOptions.noteID(invocation)
        let format = try invocation.choice(formatOption, of: Format.self) ?? .text
        let settings = try Settings.resolve(invocation, context: context)
        let zone = settings.zone.value
        let store = try ModerationStore(DatabaseFile.openForReading(settings.db.value))
        guard let note = try store.note(id) else { throw ModerationError.noteNotFound(id) }
        let group = try store.authorGroup(of: id)
        let renderer = NoteDetailRenderer(note: note, history: try store.history(of: id), group: group, zone: zone)
        // A sync conflict is part of the note's story: D1 holds another decision than yours.
        let ledger = try SyncLedger(store.db).decisions().filter { $0.noteID == id }
        let conflicts = ledger.filter { $0.state == .conflict }
        // The decision D1 holds was made on another text than D1's note has now.
        let changed = SyncLedger.changedAfterDecision(in: ledger).first
        let digest = try SeenNote.current(id, in: store.db)?.digest ?? ""
        if format == .json {
            var json = renderer.json()
            if case .object(var pairs) = json {
                pairs.insert(("digest", .string(digest)), at: min(7, pairs.count))
                if !conflicts.isEmpty { pairs.append(("sync_conflicts", .array(conflicts.map(conflictJSON)))) }
                if let changed {
                    pairs.append(
                        (
                            "changed_after_decision",
                            .object([
                                ("action", .string(changed.action)), ("moderator", .string(changed.moderator)),
                                ("time", .string(changed.createdAt)), ("version", .integer(changed.version)),
                                ("decided_content", .string(changed.seen?.content ?? "")),
                                ("d1_content", .string(changed.changedAfter ?? "")),
                            ])
                        ))
                }
                json = .object(pairs)
            }
            context.stdout.write(json.serialized())
        } else {
            context.stdout.write(renderer.text())
            for conflict in conflicts {
                context.stdout.line(SyncText.conflictLine(conflict, in: zone))
                // A note D1 lacks has no decision of D1's to let stand: its reason says what settles it.
                guard conflict.conflictReason != .deletedOnD1 else { continue }
                context.stdout.line(
                    "Settle it: `tally pull`, then decide again on the note as D1 has it, "
                        + "or `tally notes discard \(id)` to let D1's decision stand.")
            }
            if let changed { context.stdout.line(SyncText.changedLine(changed, in: zone)) }
            context.stdout.line(
                "digest   \(digest)  (`--expect \(digest)` decides only on the note as shown here)")
        }
    }

    /// A conflict as `notes show --format json` gives it: both sides and why.
    static func conflictJSON(_ conflict: SyncDecision) -> JSONValue {
        func side(_ action: String, _ to: String, _ moderator: String, _ time: String, _ version: Int64) -> JSONValue {
            .object([
                ("action", .string(action)), ("to", .string(to)), ("moderator", .string(moderator)),
                ("time", .string(time)), ("version", .integer(version)),
            ])
        }
        return .object([
            ("local", side(conflict.action, conflict.to, conflict.moderator, conflict.createdAt, conflict.version)),
            ("remote", conflict.remote.map { side($0.action, $0.to, $0.moderator, $0.createdAt, $0.version) } ?? .null),
            ("detail", .text(conflict.detail)),
        ])
    }
}
