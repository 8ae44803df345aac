import TallyCore

/// `tally notes promote`: turn an approved note into a votable option in the community section.
enum NotesPromoteCommand {
    static let spec = CommandSpec(
        name: "promote",
        abstract: "Turn an approved note into a votable option in the community section",
        discussion: """
            approved → promoted: inserts the note's text, verbatim, as a new community option and
            links the note to it (the note keeps status 'approved'). A note is promoted at most once:
            promoting it again is refused (exit 3) and names the existing option.
            Exit code 3 when the note changed since you read it (or with --expect-version N, since
            version N), including when someone already made this decision; nothing is changed then.
            """,
        options: NotesDecision.options(reasonRequired: false),
        positionals: NotesOptions.noteIDArgument,
        run: { invocation, context in try NotesDecision.run(.promote, invocation, context) })
}
