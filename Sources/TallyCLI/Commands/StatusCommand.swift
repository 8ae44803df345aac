import Foundation
import TallyCore
import TallyRender

/// `tally status`: where the local decisions stand against D1, and where the data came from.
enum StatusCommand {
    /// What `--format` chooses.
    enum Format: String, CaseIterable { case text, json }

    static let formatOption = OptionSpec("format", .value("FORMAT"), "text or json (default text).")

    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the local decisions' sync state (unpushed, pushed, confirmed, conflicts) and the data's origin",
        discussion: """
            Reads the local sync ledger: when the last pull happened and from what (with the export's
            SHA-256) and which D1 database the copy is of, how many decisions are unpushed, pushed but not
            yet confirmed (the push may not have been applied), and confirmed on D1, every open conflict
            with both sides, and every decision D1 holds whose note was changed there after it (both texts).
            --format json: {"origin": {...} or null (with "database", or null), "unpushed", "sent_unknown"
            (sent, D1's answer not read), "pushed_unconfirmed", "confirmed",
            "settled", "dropped", "unknown" (numbers; unknown = decisions logged before tally kept a
            ledger), "conflicts": [{"note", "local": {...}, "remote": {...} or null, "detail"}],
            "changed_after_decision": [{"note", "decision": {...}, "decided_content", "d1_content"}]}; a
            decision object has action, to, moderator, time (UTC text) and version.
            """,
        options: [
            formatOption, SyncText.tzOption,
            SettingOptions.db, SettingOptions.config,
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let format = try invocation.choice(formatOption, of: Format.self) ?? .text
        let settings = try Settings.resolveQuietly(invocation, context: context)
        let zone = settings.zone.value
        let db = try DatabaseFile.openForReading(settings.db.value)
        // One snapshot: the counts, conflicts and origin belong together.
        let (origin, decisions, unknown) = try db.transaction(.deferred) {
            let ledger = SyncLedger(db)
            // Without a ledger, logged decisions were made before tally kept one: their fate is unknown.
            let unknown = try ledger.exists() ? 0 : try ledger.outstanding()
            return (try ledger.origin(), try ledger.decisions(), unknown)
        }
        func count(_ state: SyncState) -> Int { decisions.filter { $0.state == state }.count }
        let conflicts = decisions.filter { $0.state == .conflict }
        let changed = SyncLedger.changedAfterDecision(in: decisions)
        if format == .json {
            func object(_ action: String, _ to: String, _ moderator: String, _ time: String, _ version: Int64)
                -> [String: Any]
            {
                ["action": action, "to": to, "moderator": moderator, "time": time, "version": version]
            }
            let json: [String: Any] = [
                "origin": origin.map {
                    [
                        "pulled_at": $0.pulledAt, "source": $0.source, "sha256": $0.sha256,
                        "missing_migrations": $0.missingMigrations, "database": $0.database ?? NSNull(),
                        "watermarks": $0.watermarks.map { mark -> [String: Any] in
                            ["table": mark.table, "through_id": mark.throughID, "rows": mark.rows]
                        },
                    ] as [String: Any]
                } ?? NSNull(),
                "unpushed": count(.unpushed), "sent_unknown": count(.sent), "pushed_unconfirmed": count(.pushed),
                "confirmed": count(.confirmed),
                "settled": count(.settled), "dropped": count(.dropped), "unknown": unknown,
                "conflicts": conflicts.map { conflict -> [String: Any] in
                    [
                        "note": conflict.noteID,
                        "local": object(
                            conflict.action, conflict.to, conflict.moderator, conflict.createdAt, conflict.version),
                        "remote": conflict.remote.map {
                            object($0.action, $0.to, $0.moderator, $0.createdAt, $0.version)
                        } ?? NSNull(),
                        "detail": conflict.detail ?? NSNull(),
                    ]
                },
                "changed_after_decision": changed.map { decision -> [String: Any] in
                    [
                        "note": decision.noteID,
                        "decision": object(
                            decision.action, decision.to, decision.moderator, decision.createdAt, decision.version),
                        "decided_content": decision.seen?.content ?? NSNull(),
                        "d1_content": decision.changedAfter ?? NSNull(),
                    ]
                },
            ]
            let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
            context.stdout.write(String(decoding: data, as: UTF8.self) + "\n")  // a document: byte for byte
            return
        }
        if let origin {
            context.stdout.line(
                // The origin is stored text in the copy: shown as any database text is.
                NoteText.oneLine(
                    "Data pulled \(MessageText.time(origin.pulledAt, in: zone)) from \(origin.source) (sha256 \(origin.sha256))."
                ))
            if let database = origin.database {
                context.stdout.line(
                    NoteText.oneLine(
                        "The copy is D1 database \(MessageText.quoted(database))'s: a pull or push naming another is "
                            + "refused (`tally pull --wrangler OTHER --switch-database` switches)."))
            }
            for mark in origin.watermarks {
                context.stdout.line(
                    NoteText.oneLine(
                        "\(mark.table): D1's rows through id \(mark.throughID) (\(mark.rows) rows); the next pull "
                            + "fetches the rows past it and checks these."))
            }
            if !origin.missingMigrations.isEmpty {
                context.stdout.line(NoteText.oneLine(SyncText.missingMigrations(origin.missingMigrations)))
            }
        } else {
            context.stdout.line("Never pulled: this copy's data did not come from `tally pull`.")
        }
        context.stdout.line(
            "Decisions: \(count(.unpushed)) unpushed, "
                + (count(.sent) > 0 ? "\(count(.sent)) sent, outcome unknown, " : "")
                + "\(count(.pushed)) pushed but not confirmed, "
                + "\(count(.confirmed)) confirmed on D1, \(conflicts.count) conflict(s).")
        if count(.pushed) > 0 {
            context.stdout.line(
                "Pushed but not confirmed: the push may not have been applied; `tally pull` checks, "
                    + "`tally push --again` sends them again.")
        }
        if count(.sent) > 0 { context.stdout.line(PushCommand.sentUnknown(count(.sent))) }
        if unknown > 0 {
            context.stdout.line(
                "\(unknown) logged decision(s) were made before tally kept a sync ledger: their state on D1 is "
                    + "unknown; `tally pull` confirms those D1 holds and replays the others.")
        }
        for conflict in conflicts { context.stdout.line(SyncText.conflictLine(conflict, in: zone)) }
        for decision in changed { context.stdout.line(SyncText.changedLine(decision, in: zone)) }
    }
}
