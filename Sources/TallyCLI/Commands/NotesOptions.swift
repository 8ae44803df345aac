import TallyCore
import TallyRender

/// Options and argument checks shared by the `notes` subcommands, so each
/// flag is spelled, explained and validated the same way everywhere.
enum NotesOptions {
    static let moderator = OptionSpec(
        "as", .value("NAME"), "Who decides (default: $TALLY_MODERATOR). Recorded with the decision; must not be blank.")
    static let expectVersion = OptionSpec(
        "expect-version", .value("N"),
        "Decide only if the note is still at version N (what you saw); otherwise exit 3 and change nothing.")
    static let expect = OptionSpec(
        "expect", .value("DIGEST"),
        "Decide only if the note is still the one `tally notes show` printed this digest for (same text, "
            + "author and time); otherwise exit 3 and change nothing.")
    static let tz = SettingOptions.tz.withHelp(
        "Time zone for times shown and given (default: $TALLY_TZ, then the config file's timezone, then UTC).")

    static func reason(required: Bool) -> OptionSpec {
        OptionSpec(
            "reason", .value("TEXT"),
            required ? "Why (required; kept in the log)." : "Why (optional; kept in the log).")
    }

    /// The note id argument of `show` and every decision command.
    static let noteIDArgument = [PositionalSpec("ID", "The note's id (see `tally notes list`).")]

    /// The note id argument: a whole number of at least 1.
    static func noteID(_ invocation: Invocation) throws -> Int64 {
        let text = invocation.positionals.first ?? ""
        guard let id = Int64(text), id >= 1 else {
            throw UsageError(
                "invalid note id '\(text)'; expected a whole number such as 5 (see the ids with `tally notes list`)",
                command: invocation.path)
        }
        return id
    }

    /// The moderator: `--as`, else `TALLY_MODERATOR`; missing, empty or blank is a usage error naming where it came from.
    static func moderator(_ invocation: Invocation, _ context: Context) throws -> Moderator {
        if let given = invocation.value(moderator) {
            do {
                return try Moderator(given)
            } catch {
                throw UsageError(
                    "the name given with --as \(error); give the name decisions are recorded under, e.g. --as mod-a",
                    command: invocation.path)
            }
        }
        if let variable = context.environment["TALLY_MODERATOR"] {
            do {
                return try Moderator(variable)
            } catch {
                throw UsageError(
                    "TALLY_MODERATOR \(error); set it to your name or pass --as NAME", command: invocation.path)
            }
        }
        throw UsageError(
            "missing --as NAME: every decision records who made it; pass --as NAME or set TALLY_MODERATOR",
            command: invocation.path)
    }

    /// `--as` of `notes undo` and `notes discard`: who takes a decision back, recorded with it.
    static let withdrawer = moderator.withHelp(
        "Who takes it back (default: $TALLY_MODERATOR); recorded with the withdrawal. Any moderator's decision may be "
            + "taken back here (whoever runs tally on the file owns the copy).")

    /// Who takes a decision back from the command line: the copy's owner, under `--as` or `TALLY_MODERATOR`
    /// when given (validated as `moderator` does), else unnamed.
    static func withdrawer(_ invocation: Invocation, _ context: Context) throws -> Withdrawer {
        let named =
            invocation.value(withdrawer) != nil || context.environment["TALLY_MODERATOR"] != nil
            ? try moderator(invocation, context).name : nil
        return Withdrawer(name: named, mayActOnOthers: true, at: context.now().d1Text)
    }

    /// `--reason`, validated; a usage error when required and missing.
    static func reason(_ invocation: Invocation, for action: ModerationAction) throws -> ModerationReason? {
        guard let text = invocation.value(reason(required: action.requiresReason)) else {
            if action.requiresReason {
                throw UsageError(
                    "missing --reason TEXT: to \(action.rawValue) a note, say why; the reason is kept in the log",
                    command: invocation.path)
            }
            return nil
        }
        do {
            return try ModerationReason(text)
        } catch {
            throw UsageError("the text given with --reason \(error)", command: invocation.path)
        }
    }

    /// `--expect`, checked for its form before the database is opened.
    static func expectedDigest(_ invocation: Invocation) throws -> String? {
        guard let text = invocation.value(expect) else { return nil }
        let digits = text.lowercased()
        guard digits.count == SeenNote.digestLength, digits.allSatisfy(\.isHexDigit) else {
            throw UsageError(
                "invalid --expect '\(NoteText.oneLine(text, maximumCells: 40))'; expected the \(SeenNote.digestLength) "
                    + "hex digits `tally notes show ID` prints after 'digest'",
                command: invocation.path)
        }
        return digits
    }

    /// `--expect-version`, a whole number from 0.
    static func expectedVersion(_ invocation: Invocation) throws -> Int64? {
        try invocation.integer(expectVersion, in: 0...Int.max).map(Int64.init)
    }
}
