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
            as it now is (`tally notes show N`), which settles the conflict too.
            """,
        options: [Settings.dbOption, Settings.configOption],
        positionals: NotesOptions.noteIDArgument,
        run: { invocation, context in
            let id = try NotesOptions.noteID(invocation)
            let db = try DatabaseFile.openForWriting(Settings.database(invocation, context))
            let dropped = try SyncLedger(db).dropConflicts(of: id)
            guard dropped > 0 else {
                throw CommandFailure("note \(id) has no open sync conflict (see `tally status`); nothing was changed")
            }
            // Not "D1's decision stands": for a note deleted on D1 there is none.
            context.stdout.line("Dropped \(dropped) local decision(s) on note \(id); the note stays as D1 has it.")
        })
}
