import TallyCore

/// `tally notes reject`: reject a pending note (a reason is required).
enum NotesRejectCommand {
    static let spec = CommandSpec(
        name: "reject",
        abstract: "Reject a pending note (a reason is required)",
        discussion: """
            pending → rejected. Nothing is deleted; `reopen` puts it back in the queue.
            Exit code 3 when the note changed since you read it (or with --expect-version N, since
            version N), including when someone already made this decision; nothing is changed then.
            """,
        options: NotesDecision.options(reasonRequired: true),
        positionals: NotesOptions.noteIDArgument,
        run: { invocation, context in try NotesDecision.run(.reject, invocation, context) })
}
