/// `tally notes`: moderate sticky-note suggestions.
enum NotesCommand {
    static let spec = CommandSpec(
        name: "notes",
        abstract: "Moderate sticky-note suggestions: list, decide, review, export decisions for D1",
        discussion: """
            Notes move through a state machine: pending → approved | rejected; approved | rejected →
            pending (reopen); approved → promoted (a new option in the community section). Every
            decision records who (--as NAME or $TALLY_MODERATOR), when (UTC) and why, bumps the
            note's version and appends one entry to the append-only moderation_log.
            A decision made on a note that changed since it was read is refused with exit code 3.
            """,
        subcommands: [
            NotesListCommand.spec,
            NotesShowCommand.spec,
            NotesDecision.approve,
            NotesDecision.reject,
            NotesDecision.reopen,
            NotesPromoteCommand.spec,
            NotesReviewCommand.spec,
            NotesExportSQLCommand.spec,
            NotesDiscardCommand.spec,
            NotesUndoCommand.spec,
        ],
        run: nil)
}
