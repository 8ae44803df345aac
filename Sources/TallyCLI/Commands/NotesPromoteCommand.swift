import TallyCore

/// `tally notes promote`: turn an approved note into a votable option.
enum NotesPromoteCommand {
    static let labelOption = OptionSpec(
        "label", .value("TEXT"),
        "The option's text on the vote page (default: the note's text verbatim); one line, at most 200 characters.")
    static let sectionOption = OptionSpec(
        "section", .value("SECTION"), "community (default) or original: where the option is listed.")

    static let spec = CommandSpec(
        name: "promote",
        abstract: "Turn an approved note into a votable option (its text, or the label you give)",
        discussion: """
            approved → promoted: inserts a new option (the note's text verbatim, or --label TEXT) in the
            community section (or --section original) and links the note to it (the note keeps status
            'approved'). A note is promoted at most once: promoting a promoted note changes nothing
            and says "already promoted as option #N" (exit 1).
            Exit code 3 when the note changed since you read it (or with --expect-version N, since
            version N); nothing is changed then.
            """,
        options: [labelOption, sectionOption] + NotesDecision.options(reasonRequired: false),
        positionals: NotesOptions.noteIDArgument,
        run: { invocation, context in
            try NotesDecision.run(.promote, invocation, context, option: try draft(invocation))
        })

    /// `--label` and `--section`, checked before the database is opened.
    static func draft(_ invocation: Invocation) throws -> OptionDraft {
        let section = try invocation.choice(sectionOption, of: OptionDraft.Section.self) ?? .community
        guard let text = invocation.value(labelOption) else { return OptionDraft(section: section) }
        do {
            return OptionDraft(label: try OptionLabel(text), section: section)
        } catch {
            throw UsageError(
                "the text given with --label \(error); give the option's text as visitors should read it",
                command: invocation.path)
        }
    }
}
