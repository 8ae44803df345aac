import Foundation
import TallyCore
import TallySQLite

/// `pull --wrangler DB`'s two ways to D1: the query API (the default) and `--export`.
extension PullCommand {
    /// Reads D1 through `wrangler d1 execute DB --remote --command … --json` (`QueryPull`).
    static func pullThroughQueries(
        _ database: String, pull: SyncPull, target: String, stop: StopSignal, timeout: Int, _ context: Context
    ) throws -> SyncPull.Outcome {
        let wrangler = try Wrangler(context, timeout: timeout)
        let export = wrangler.scratchFile("pull", beside: target)
        defer { unlink(export) }
        let pageRows = context.environment["TALLY_PULL_PAGE_ROWS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        var query = QueryPull(
            pageRows: pageRows ?? 100_000, shouldStop: { stop.isSet }, request: { try wrangler.query(database, $0) })
        let progress = PullProgress(output: context.stderr)
        query.progress = progress.update
        let assembled: QueryPull.Assembled
        do {
            assembled = try query.assemble(copy: target, into: export)
        } catch {
            progress.abandon()
            throw error
        }
        progress.finish()
        if let ended = assembled.copyEndedAt, let mark = assembled.watermarks.first {
            context.stderr.line(
                "warning: D1's votes end at id \(mark.throughID), the copy's went on to \(ended): D1 was restored to "
                    + "an older state, or is another database; the copy now holds D1's votes only.")
        }
        switch assembled.refetch {
        case .ranges(let ranges)?:
            let shown = ranges.prefix(5).map { "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ")
            context.stderr.line(
                "warning: \(ranges.count) range(s) of votes the copy held differ from D1's (ids \(shown)"
                    + "\(ranges.count > 5 ? ", …" : "")): votes were deleted or edited on D1; they were fetched again.")
        case .everything(let reason)?:
            context.stderr.line("warning: \(reason); every vote was fetched again.")
        case nil:
            break
        }
        let outcome = try pull.run(
            exportPath: export, target: target, source: "wrangler d1 execute \(database) --remote (query API)",
            at: context.now(), watermarks: assembled.watermarks, database: database)
        context.stdout.line(
            "Read D1 in \(assembled.requests) request(s): \(assembled.rowsFetched) rows fetched "
                + "(\(assembled.votesFetched) votes), \(assembled.votesKept) votes kept from the copy after checking "
                + "them against D1.")
        return outcome
    }

    /// `--export` takes D1 offline for its length: said first, in tally's words, and asked.
    static func confirmExport(_ database: String, yes: Bool, _ context: Context) throws {
        let warning =
            "`wrangler d1 export \(database) --remote` makes D1 unavailable while it runs: the vote page cannot "
            + "read or record votes until the export is done (a minute or more for a large database). "
            + "`tally pull --wrangler \(database)` without --export reads through D1's query API and keeps the page up."
        if yes {
            context.stderr.line("warning: " + warning)
            return
        }
        guard context.stdin.isTerminal else {
            throw CommandFailure(
                warning + " Refusing to export without --yes when not run on a terminal; nothing was changed")
        }
        context.stderr.line("warning: " + warning)
        context.stderr.write("Take D1 offline for the export? [y/N] ")
        let answer = try context.stdin.readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else {
            throw CommandFailure("not exported; nothing was changed")
        }
    }

    /// `wrangler d1 export DB --remote --skip-confirmation` (tally asked already), then the export pulled.
    static func pullExport(
        _ database: String, pull: SyncPull, target: String, timeout: Int, _ context: Context
    ) throws -> SyncPull.Outcome {
        let wrangler = try Wrangler(context, timeout: timeout)
        let export = wrangler.scratchFile("pull", beside: target)
        defer { unlink(export) }
        _ = try wrangler.run(["d1", "export", database, "--remote", "--output", export, "--skip-confirmation"])
        guard FileManager.default.fileExists(atPath: export) else {
            // Not "cannot read .tally-pull-….sql": the user never named that file.
            throw CommandFailure(
                "`wrangler d1 export \(database) --remote` succeeded but wrote no export (its messages are "
                    + "above); nothing was changed. Check the database name and wrangler's login, or export "
                    + "by hand and use `tally pull --from FILE`")
        }
        return try pull.run(
            exportPath: export, target: target, source: "wrangler d1 export \(database) --remote", at: context.now(),
            database: database)
    }
}
