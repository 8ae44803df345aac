import TallyCore
import TallySQLite

/// `tally notes discard`: settle a note's sync conflict by dropping the local decision on purpose.
enum NotesDiscardCommand {
    static let spec = CommandSpec(
        name: "discard",
        abstract: "Settle a note's sync conflict by dropping your local decision (D1's stands)",
        discussion: """
            After `tally pull` or `tally push --wrangler` reported a conflict on note N, this accepts
            the decision D1 holds: your conflicting decision is marked dropped in the local ledger (kept,
            never deleted) and will not be pushed. To keep your intent instead, decide again on the note
            as it now is (`tally notes show N`), which settles the conflict too. The discard is recorded
            with --as NAME ($TALLY_MODERATOR) when given.
            """,
        options: [NotesOptions.withdrawer, NotesOptions.tz, SettingOptions.db, SettingOptions.config],
        positionals: NotesOptions.noteIDArgument,
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let id = try NotesOptions.noteID(invocation)
        let withdrawer = try NotesOptions.withdrawer(invocation, context)
        let settings = try Settings.resolveQuietly(invocation, context: context)
        let db = try DatabaseFile.openForWriting(settings.db.value)
        guard case .withdrawn(let dropped) = try SyncLedger(db).dropConflicts(of: id, by: withdrawer),
            let first = dropped.first
        else {
            throw CommandFailure("note \(id) has no open sync conflict (see `tally status`); nothing was changed")
        }
        let list = dropped.map {
            $0.summary(in: settings.zone.value)
                + ($0.state == .conflict || $0.seq == first.seq ? "" : ", made after it")
        }
        context.stdout.line(
            "Dropped \(dropped.count) local decision(s) on note \(id): \(list.joined(separator: "; ")). "
                + "They will not be pushed.")
        // Not "D1's decision stands": for a note deleted on D1 there is none; and a conflict found by
        // a push leaves the copy showing the local decision until the next pull.
        let note = try ModerationStore(db).note(id)
        if note == nil {
            context.stdout.line("Note \(id) is not in this copy (deleted on D1).")
        } else if let note,
            dropped.contains(where: {
                // Moderator too: two moderators deciding the same version within one second share the rest.
                $0.version == note.version && $0.createdAt == note.reviewedAt && $0.moderator == note.reviewedBy
            })
        {
            context.stdout.line(
                "This copy still shows your decision on note \(id) until `tally pull` brings D1's note.")
        } else {
            context.stdout.line("Note \(id) is as D1 has it in this copy.")
        }
    }
}
