import Foundation
import TallyCore
import TallySQLite

/// `tally pull`: make the local database D1's data plus the local decisions D1 has not seen.
enum PullCommand {
    static let fromOption = OptionSpec(
        "from", .value("FILE"), "The export to pull (`wrangler d1 export DB --remote --output FILE`).")
    static let wranglerOption = OptionSpec(
        "wrangler", .value("DB"),
        "Read D1's data through its query API (`wrangler d1 execute DB --remote --command … --json`): only "
            + "what the copy lacks, D1 serving the vote page throughout ($TALLY_WRANGLER names the binary).")
    static let exportOption = OptionSpec(
        "export", .flag,
        "With --wrangler: run `wrangler d1 export DB --remote` instead (everything; D1 does not serve the "
            + "vote page meanwhile), after asking.")
    static let yesOption = OptionSpec(
        "yes", .flag, "With --export: do not ask (a run not on a terminal refuses without it).")
    static let discardVotesOption = OptionSpec(
        "discard-votes", .flag,
        "Take D1's data even though it holds no votes while the copy holds some: the copy's votes are removed "
            + "(without it such a pull is refused).")
    static let switchDatabaseOption = OptionSpec(
        "switch-database", .flag,
        "With --wrangler: make the copy the named D1 database's although it came from another (its data is replaced "
            + "by that database's, your unconfirmed decisions are replayed onto it, and later pulls and pushes go "
            + "there); without it such a pull is refused.")

    static let spec = CommandSpec(
        name: "pull",
        abstract: "Replace the local data with D1's, keeping every local decision D1 has not seen",
        discussion: """
            The database becomes the export's data plus every local decision D1 has not confirmed,
            replayed through the one compare-and-set write path at the version it was made on.
            A decision D1 already holds becomes confirmed. A decision whose note changed on D1 is not
            applied: it becomes a conflict (`tally status`, `tally notes show N`), settled by deciding
            again on the note as it now is, or by `tally notes discard N`. Exit code 3 when a new
            conflict appears. Creates the database when it does not exist. Atomic: after any failure
            or kill the database is the old one or the new one, whole. --wrangler reads through D1's
            query API and fetches only the votes past the copy's, after checking the ones it holds
            are still D1's; D1 keeps serving the vote page. See docs/sync.md.
            """,
        options: [
            fromOption, wranglerOption, exportOption, yesOption, discardVotesOption, switchDatabaseOption,
            Wrangler.timeoutOption, SyncText.tzOption, SettingOptions.newDatabase, SettingOptions.config,
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let from = invocation.value(fromOption)
        let database = invocation.value(wranglerOption)
        guard (from == nil) != (database == nil) else {
            throw UsageError("give either --from FILE or --wrangler DB", command: invocation.path)
        }
        if database == nil,
            invocation.flag(exportOption) || invocation.flag(yesOption)
                || invocation.flag(switchDatabaseOption)
        {
            throw UsageError("--export, --yes and --switch-database go with --wrangler DB", command: invocation.path)
        }
        let settings = try Settings.resolveQuietly(invocation, context: context)
        let target = settings.db.value
        if let database, !invocation.flag(exportOption) {
            var request = QueryPullRequest(database: database, copy: target, zone: settings.zone.value)
            request.timeout = try Wrangler.timeout(invocation)
            request.discardsVotes = invocation.flag(discardVotesOption)
            request.switchesDatabase = invocation.flag(switchDatabaseOption)
            return try pull(request, context)
        }
        let stop = StopSignal.install()
        defer { stop.uninstall() }
        var pull = SyncPull(importer: DumpImporter(shouldStop: { stop.isSet }))
        pull.discardsVotes = invocation.flag(discardVotesOption)
        pull.switchesDatabase = invocation.flag(switchDatabaseOption)
        // Another database than the copy's is refused before anything is fetched (and again under the lock).
        if let database { try pull.checkDatabase(database, target: target) }
        let outcome: SyncPull.Outcome
        if let from {
            outcome = try pull.run(exportPath: context.path(from), target: target, source: from, at: context.now())
        } else if let database, invocation.flag(exportOption) {
            try confirmExport(database, yes: invocation.flag(yesOption), context)
            outcome = try pullExport(
                database, pull: pull, target: target, timeout: try Wrangler.timeout(invocation), context)
        } else {
            return
        }
        try finish(outcome, target: target, zone: settings.zone.value, context)
    }

    /// A pull through D1's query API, typed: the one operation `tally pull --wrangler DB` and the moderation
    /// page's "fetch D1's current state" run.
    struct QueryPullRequest: Sendable {
        /// D1's database name.
        let database: String
        /// The copy's path.
        let copy: String
        /// The zone its report's times are shown in.
        let zone: Zone
        var timeout = Wrangler.defaultTimeout
        var discardsVotes = false
        var switchesDatabase = false
    }

    /// Runs `request`: the copy becomes D1's data plus the decisions D1 has not seen, and the pull's report
    /// is written to `context`; throws `SyncConflictsFound` (exit 3) when new conflicts appear.
    static func pull(_ request: QueryPullRequest, _ context: Context) throws {
        let stop = StopSignal.install()
        defer { stop.uninstall() }
        var pull = SyncPull(importer: DumpImporter(shouldStop: { stop.isSet }))
        pull.discardsVotes = request.discardsVotes
        pull.switchesDatabase = request.switchesDatabase
        // Another database than the copy's is refused before anything is fetched (and again under the lock).
        try pull.checkDatabase(request.database, target: request.copy)
        let outcome = try pullThroughQueries(
            request.database, pull: pull, target: request.copy, stop: stop, timeout: request.timeout, context)
        try finish(outcome, target: request.copy, zone: request.zone, context)
    }

    /// The pull's report, then `SyncConflictsFound` when it found new conflicts.
    static func finish(_ outcome: SyncPull.Outcome, target: String, zone: Zone, _ context: Context) throws {
        report(outcome, target: target, zone: zone, context)
        if !outcome.newConflicts.isEmpty {
            throw SyncConflictsFound(count: outcome.newConflicts.count, switched: outcome.switchedFrom != nil)
        }
    }

    static func report(_ outcome: SyncPull.Outcome, target: String, zone: Zone, _ context: Context) {
        let rows = outcome.summary.rowsInserted
        context.stdout.line("Pulled \(outcome.origin.source) into \(target): \(rows) rows.")
        context.stdout.line(
            "Local decisions: \(outcome.confirmed) newly confirmed, \(outcome.replayed) replayed onto D1's data"
                + " (not yet on D1), \(outcome.newConflicts.count) new conflict(s).")
        if outcome.pushedWithoutTrace > 0 {
            context.stdout.line(
                "\(outcome.pushedWithoutTrace) pushed decision(s) are not in D1's data: the push may not have been "
                    + "applied; `tally push --again` sends them again.")
        }
        if let previous = outcome.switchedFrom, let database = outcome.origin.database {
            context.stderr.line(
                "warning: the copy came from the D1 database \(MessageText.quoted(previous)); it now holds "
                    + "\(MessageText.quoted(database))'s data, your decisions not yet on D1 were replayed onto it, and "
                    + "later pulls and pushes go to \(MessageText.quoted(database)) (--switch-database).")
        }
        if !outcome.conflictsCleared.isEmpty {
            let notes = Set(outcome.conflictsCleared.map(\.noteID)).sorted().map { "\($0)" }
            context.stdout.line(
                "\(outcome.conflictsCleared.count) conflict(s) no longer hold on D1's data (note(s) "
                    + "\(notes.joined(separator: ", "))): the decisions were replayed onto it or found on D1, as the "
                    + "counts above say.")
        }
        if outcome.votesDiscarded > 0 {
            context.stderr.line(
                "warning: D1 holds no votes; the copy's \(outcome.votesDiscarded) were discarded (--discard-votes).")
        }
        if outcome.confirmedMissing > 0 {
            context.stderr.line(
                "warning: \(outcome.confirmedMissing) decision(s) D1 had confirmed are not in this export: D1 was "
                    + "restored from a backup, or the export is older than your last pull, or of another database. "
                    + "They are replayed onto its data and marked pushed again: if D1 lost them, `tally push --again` "
                    + "sends them; if the export was the wrong one, pull a current export of the right database.")
        }
        if !outcome.origin.missingMigrations.isEmpty {
            context.stderr.line("warning: " + SyncText.missingMigrations(outcome.origin.missingMigrations))
        }
        // The trigger is D1's: dropping it in the copy lasts until the next pull.
        ImportCommand.triggerWarnings(
            outcome.summary, advice: "it came with D1's data, so a decision there fires it too: review it on D1",
            context)
        for conflict in outcome.newConflicts {
            context.stdout.line(SyncText.conflictLine(conflict, in: zone))
        }
        for changed in outcome.changedAfter {
            context.stderr.line("warning: " + SyncText.changedLine(changed, in: zone))
        }
    }
}

/// A pull or push that found new conflicts: its report is printed; exit code 3.
struct SyncConflictsFound: Error, Equatable, ExitCodeProviding, CustomStringConvertible {
    let count: Int
    /// Found by a pull that switched databases: they may be notes only the other database lacks.
    var switched = false
    var exitCode: ExitCode { .conflict }
    var description: String {
        if switched {
            return "\(count) new conflict(s) on the data of the database this pull switched to: your decisions "
                + "were made on notes it lacks or holds otherwise; they are kept, and every pull examines them "
                + "again (a pull of the database they were made on applies them). Read each with `tally notes show N`"
        }
        return "\(count) new conflict(s): the notes changed on D1 (another decision, an edit, or deleted), or your "
            + "decision was made on top of one that did; nothing was lost. Settle each: decide again on the note as "
            + "it now is (`tally notes show N`), or drop your decision with `tally notes discard N`"
    }
}
