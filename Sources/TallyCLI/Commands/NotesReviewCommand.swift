import TallyCore
import TallyRender

/// `tally notes review`: work through the pending notes one by one.
enum NotesReviewCommand {
    static let spec = CommandSpec(
        name: "review",
        abstract: "Review pending notes one by one (interactive; scriptable through stdin)",
        discussion: """
            Shows each pending note, oldest first, with its author's other notes, and reads
            a key: a approve, r reject (then asks for the reason), p approve and promote (then asks for
            the option's label; Enter keeps the note's text), s skip, q quit, ? help. Type the
            key and press Enter. With stdin from a pipe or file, the same keys (and reasons) are
            read line by line without prompts, so a review can be scripted.
            Every decision goes through the same checks as `notes approve` / `notes reject`: if a
            note changed while you looked at it, the decision is refused, reported on stderr, and
            the queue goes on; the command then ends with exit code 3.
            """,
        options: [NotesOptions.moderator, NotesOptions.tz, SettingOptions.db, SettingOptions.config],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let moderator = try NotesOptions.moderator(invocation, context)
        let settings = try Settings.resolve(invocation, context: context)
        let zone = settings.zone.value
        let store = try ModerationStore(DatabaseFile.openForWriting(settings.db.value))
        var session = NotesReviewSession(store: store, moderator: moderator, zone: zone, context: context)
        try session.run()
    }

    static let help = """
        a  approve this note
        r  reject it (you are asked for the reason; an empty reason cancels)
        p  approve and promote it to an option (you are asked for its label; Enter keeps the note's text)
        s  skip it (it stays pending)
        q  quit (decisions made so far are kept)
        ?  show this help
        """
}
