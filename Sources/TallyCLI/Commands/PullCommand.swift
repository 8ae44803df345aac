import Foundation
import TallyCore
import TallySQLite

/// `tally pull`: make the local database D1's data plus the local decisions D1 has not seen.
enum PullCommand {
    static let spec = CommandSpec(
        name: "pull",
        abstract: "Replace the local data with D1's (an export), keeping every local decision D1 has not seen",
        discussion: """
            The database becomes the export's data plus every local decision D1 has not confirmed,
            replayed through the one compare-and-set write path at the version it was made on.
            A decision D1 already holds becomes confirmed. A decision whose note changed on D1 is not
            applied: it becomes a conflict (`tally status`, `tally notes show N`), settled by deciding
            again on the note as it now is, or by `tally notes discard N`. Exit code 3 when a new
            conflict appears. Creates the database when it does not exist. Atomic: after any failure
            or kill the database is the old one or the new one, whole. See docs/sync.md.
            """,
        options: [
            OptionSpec("from", .value("FILE"), "The export to pull (`wrangler d1 export DB --remote --output FILE`)."),
            OptionSpec(
                "wrangler", .value("DB"),
                "Run `wrangler d1 export DB --remote` and pull that ($TALLY_WRANGLER names the binary)."),
            Wrangler.timeoutOption, Settings.newDatabaseOption, Settings.configOption,
        ],
        run: { invocation, context in
            let from = invocation.value("from")
            let database = invocation.value("wrangler")
            guard (from == nil) != (database == nil) else {
                throw UsageError("give either --from FILE or --wrangler DB", command: invocation.path)
            }
            let target = try Settings.database(invocation, context)
            let stop = StopSignal.install()
            defer { stop.uninstall() }
            let pull = SyncPull(importer: DumpImporter(shouldStop: { stop.isSet }))
            let outcome: SyncPull.Outcome
            if let from {
                outcome = try pull.run(exportPath: context.path(from), target: target, source: from, at: context.now())
            } else if let database {
                let wrangler = try Wrangler(context, timeout: try Wrangler.timeout(invocation))
                let export = wrangler.scratchFile("pull", beside: target)
                defer { unlink(export) }
                _ = try wrangler.run(["d1", "export", database, "--remote", "--output", export])
                guard FileManager.default.fileExists(atPath: export) else {
                    // Not "cannot read .tally-pull-….sql": the user never named that file.
                    throw CommandFailure(
                        "`wrangler d1 export \(database) --remote` succeeded but wrote no export (its messages are "
                            + "above); nothing was changed. Check the database name and wrangler's login, or export "
                            + "by hand and use `tally pull --from FILE`")
                }
                outcome = try pull.run(
                    exportPath: export, target: target, source: "wrangler d1 export \(database) --remote",
                    at: context.now())
            } else {
                return
            }
            report(outcome, target: target, context)
            if !outcome.newConflicts.isEmpty { throw SyncConflictsFound(count: outcome.newConflicts.count) }
        })

    static func report(_ outcome: SyncPull.Outcome, target: String, _ context: Context) {
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
        if outcome.confirmedMissing > 0 {
            context.stderr.line(
                "warning: \(outcome.confirmedMissing) decision(s) D1 had confirmed are not in this export: D1 was "
                    + "restored from a backup, or the export is older than your last pull, or of another database. "
                    + "They are replayed onto its data and marked pushed again: if D1 lost them, `tally push --again` "
                    + "sends them; if the export was the wrong one, pull a current export of the right database.")
        }
        if !outcome.origin.missingMigrations.isEmpty {
            context.stderr.line(
                "warning: D1 lacks tally's migration(s) \(outcome.origin.missingMigrations.joined(separator: ", ")); "
                    + "apply them before pushing (see docs/sync.md).")
        }
        for conflict in outcome.newConflicts {
            context.stdout.line(SyncText.conflictLine(conflict))
        }
    }
}

/// A pull or push that found new conflicts: its report is printed; exit code 3.
struct SyncConflictsFound: Error, Equatable, ExitCodeProviding, CustomStringConvertible {
    let count: Int
    var exitCode: ExitCode { .conflict }
    var description: String {
        "\(count) new conflict(s): D1 holds other decisions; nothing was lost. Settle each: decide again on the "
            + "note as it now is (`tally notes show N`), or drop your decision with `tally notes discard N`"
    }
}
