import TallyCore
import TallySQLite

/// `tally notes undo`: withdraw the latest decision on a note while it is not yet sent to D1.
enum NotesUndoCommand {
    static let spec = CommandSpec(
        name: "undo",
        abstract: "Withdraw your latest decision on a note while it is not yet sent to D1",
        discussion: """
            The decision is kept in the local ledger as dropped and is never pushed; the log keeps it
            until `tally pull` brings the note as D1 has it (your other unsent decisions are replayed on
            top). The withdrawal is recorded with --as NAME ($TALLY_MODERATOR) when given. A decision
            already sent cannot be undone here: decide again on the note (a promoted note's option is on
            the vote page and stays until it is removed there).
            """,
        options: [NotesOptions.withdrawer, NotesOptions.tz, SettingOptions.db, SettingOptions.config],
        positionals: NotesOptions.noteIDArgument,
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let id = try NotesOptions.noteID(invocation)
        let withdrawer = try NotesOptions.withdrawer(invocation, context)
        let settings = try Settings.resolveQuietly(invocation, context: context)
        let db = try DatabaseFile.openForWriting(settings.db.value)
        guard case .withdrawn(let list) = try SyncLedger(db).withdrawLatest(of: id, by: withdrawer),
            let withdrawn = list.first
        else {
            throw CommandFailure(
                "note \(id) has no unsent decision to undo (see `tally status`); nothing was changed")
        }
        context.stdout.line(
            "Withdrew \(withdrawn.summary(in: settings.zone.value)) on note \(id): it will not be pushed. "
                + "This copy still shows it until `tally pull` brings D1's note.")
    }
}
