import TallyCore

/// `tally notes reopen`: put an approved or rejected note back in the queue (a reason is required).
enum NotesReopenCommand {
    static let spec = CommandSpec(
        name: "reopen",
        abstract: "Put an approved or rejected note back in the queue (a reason is required)",
        discussion: """
            approved | rejected → pending. A promoted note cannot be reopened: its option exists and
            may already have votes.
            Exit code 3 when the note changed since you read it (or with --expect-version N, since
            version N), including when someone already made this decision; nothing is changed then.
            """,
        options: NotesDecision.options(reasonRequired: true),
        positionals: NotesOptions.noteIDArgument,
        run: { invocation, context in try NotesDecision.run(.reopen, invocation, context) })
}
