import TallyCore
import TallyRender

/// How sync states read on a terminal (`status`, `pull`, `push`, `notes show`).
enum SyncText {
    /// `--tz` of the commands that show sync states.
    static let tzOption = SettingOptions.tz.withHelp(
        "Time zone for times shown (default: $TALLY_TZ, then the config file's timezone, then UTC).")

    /// "Conflict on note 3: yours approve by … (version 1); D1 has reject by … (version 1).", times in `zone`.
    static func conflictLine(_ decision: SyncDecision, in zone: Zone) -> String {
        var text =
            "Conflict on note \(decision.noteID): yours "
            + summary(decision.summary, decision.createdAt, decision.version, in: zone)
        if let remote = decision.remote {
            text += "; D1 has " + summary(remote.summary, remote.createdAt, remote.version, in: zone)
        }
        if let detail = decision.detail { text += " — \(NoteText.oneLine(detail))" }
        return text + "."
    }

    /// A decision's summary ("approve by 'mod-a' at 2026-09-24 01:55:00 UTC (version 1)", written by TallyCore
    /// in UTC) with its time in `zone`: the time is the end of the summary, so only the end is replaced (a
    /// moderator's name cannot move it).
    private static func summary(_ summary: String, _ createdAt: String, _ version: Int64, in zone: Zone) -> String {
        let end = " at \(createdAt) UTC (version \(version))"
        guard summary.hasSuffix(end) else { return summary }
        return summary.dropLast(end.count) + " at \(time(createdAt, in: zone)) (version \(version))"
    }

    /// A time D1 or the ledger stores (UTC text) in the reader's zone, as `notes show` and the decision
    /// commands' conflicts print it (`2026-09-24 09:55:00 +08:00`); in UTC, or when it is not a timestamp,
    /// the text as stored labelled UTC (`2026-09-24 01:55:00 UTC`).
    static func time(_ stored: String, in zone: Zone) -> String {
        guard zone.identifier != Zone.utc.identifier, let instant = StoredTimestamp.parse(stored) else {
            return "\(stored) UTC"
        }
        return zone.format(instant, seconds: true)
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
