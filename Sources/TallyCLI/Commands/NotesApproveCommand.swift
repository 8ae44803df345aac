import TallyCore

/// `tally notes approve`: approve a pending note.
enum NotesApproveCommand {
    static let spec = CommandSpec(
        name: "approve",
        abstract: "Approve a pending note",
        discussion: """
            pending → approved. The note stays a note; `promote` turns it into an option.
            Exit code 3 when the note changed since you read it (or with --expect-version N, since
            version N), including when someone already made this decision; nothing is changed then.
            """,
        options: NotesDecision.options(reasonRequired: false),
        positionals: NotesOptions.noteIDArgument,
        run: { invocation, context in try NotesDecision.run(.approve, invocation, context) })
}
