import TallyCore
import TallyRender

/// How sync states read on a terminal (`status`, `pull`, `push`, `notes show`).
enum SyncText {
    /// `--tz` of the commands that show sync states.
    static let tzOption = SettingOptions.tz.withHelp(
        "Time zone for times shown (default: $TALLY_TZ, then the config file's timezone, then UTC).")

    /// "Conflict on note 3: yours approve by … (version 1); D1 has reject by … (version 1).", times in `zone`.
    static func conflictLine(_ decision: SyncDecision, in zone: Zone) -> String {
        var text = "Conflict on note \(decision.noteID): yours " + decision.summary(in: zone)
        if let remote = decision.remote { text += "; D1 has " + remote.summary(in: zone) }
        if let detail = decision.detail { text += " — \(NoteText.oneLine(detail))" }
        return text + "."
    }

    /// "Note 3 changed on D1 after your approve by 'alice' … (version 1): decided on '…'; D1 now has '…'.",
    /// for a confirmed decision whose note a pull found changed there (`SyncDecision.changedAfter`).
    static func changedLine(_ decision: SyncDecision, in zone: Zone) -> String {
        let decided = decision.seen?.content ?? ""
        let now = decision.changedAfter ?? ""
        let what = decided == now ? "its author session or time" : "its text"
        return "Note \(decision.noteID) changed on D1 after the decision: \(what) is not the one of your "
            + "\(decision.summary(in: zone)), which D1 holds. Decided on: \(MessageText.quoted(decided)); D1 now has: "
            + "\(MessageText.quoted(now)). The decision stands on D1 on the changed note: read it "
            + "(`tally notes show \(decision.noteID)`) and decide again if it should not stand."
    }

    /// What the migrations D1 lacks mean for a push (`status`, `pull`).
    static func missingMigrations(_ names: [String]) -> String {
        let apply = "`wrangler d1 migrations apply DB --remote` with tally's migrations_dir (docs/sync.md)"
        let needed = Migration.neededByDecisions(names)
        if needed.isEmpty {
            return "D1 lacks tally's index migration(s) \(names.joined(separator: ", ")): decisions push as usual, "
                + "reads there are slower; \(apply) adds them."
        }
        return "D1 lacks tally's migration(s) \(needed.joined(separator: ", ")): push is refused until they are "
            + "applied: \(apply)."
    }
}
