import Foundation
import TallyCore
import TallySQLite

/// `tally push`: the decisions D1 has not confirmed, as guarded SQL, to a file or through wrangler.
enum PushCommand {
    static let outputOption = OptionSpec(
        "output", .value("FILE"), "Write the SQL to FILE (atomically; - for stdout).")

    static let spec = CommandSpec(
        name: "push",
        abstract: "Send the decisions D1 has not confirmed: as a guarded SQL file, or through wrangler",
        discussion: """
            Chooses the decisions from the local sync ledger (those not pushed yet; with --again also
            those pushed but not confirmed by D1) and writes them as the SQL `notes export-sql` writes:
            every statement applies only to the state it expects, so applying it again changes nothing. The file ends with a
            SELECT that returns one row per decision (applied = 1 when D1 holds it). They are marked
            pushed only once the file is written. With --wrangler DB, tally runs
            `wrangler d1 execute DB --remote --file FILE --yes` (D1 runs it all or nothing), then the SELECT
            with `--command … --json`, and marks each decision confirmed or conflict at once (exit 3 on
            a new conflict). Refused when the last pull showed D1 without tally's migrations.
            """,
        options: [
            outputOption,
            OptionSpec("wrangler", .value("DB"), "Apply it to D1 with wrangler ($TALLY_WRANGLER names the binary)."),
            OptionSpec("again", .flag, "Also send the decisions pushed before that D1 has not confirmed."),
            Settings.dbOption, Settings.configOption,
        ],
        run: { invocation, context in
            let output = try invocation.output(outputOption, context, example: "push.sql")
            let database = invocation.value("wrangler")
            guard (output == nil) != (database == nil) else {
                throw UsageError("give either --output FILE or --wrangler DB", command: invocation.path)
            }
            let path = try Settings.database(invocation, context)
            let db = try DatabaseFile.openForWriting(path)
            // A copy made before the ledger: its logged decisions enter it as unpushed, so none is skipped.
            try SyncLedger(db).createIfMissing()
            let push = SyncPush(db)
            guard let plan = try push.plan(again: invocation.flag("again")) else {
                let waiting = try SyncLedger(db).decisions(where: "state = 'pushed'").count
                context.stdout.line(
                    "Nothing new to push."
                        + (waiting > 0
                            ? " \(waiting) pushed decision(s) are not confirmed yet: `tally pull` checks them, "
                                + "`tally push --again` sends them again." : ""))
                return
            }
            let count = plan.decisions.count
            if let output {
                let written = try output.write(plan.text, context)
                let target = written ?? "standard output"
                _ = try markPushed(SyncLedger(db), plan, target: target, context)
                // With `-o -` the SQL is on stdout, so the narration goes to stderr.
                let say = written == nil ? context.stderr : context.stdout
                say.line("Wrote \(count) decision(s) to \(target); they are marked pushed.")
                say.line("Apply with: wrangler d1 execute <DATABASE> --remote --file \(written ?? "push.sql")")
                say.line("then `tally pull` (or run the SELECT at its end) to confirm them.")
                return
            }
            guard let database else { return }
            let wrangler = try Wrangler(context)
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let file = (folder as NSString).appendingPathComponent(".tally-push-\(getpid()).sql")
            try AtomicFile.write(plan.text, to: file)
            defer { unlink(file) }
            _ = try wrangler.run(["d1", "execute", database, "--remote", "--file", file, "--yes"])
            _ = try markPushed(SyncLedger(db), plan, target: "wrangler d1 execute \(database) --remote", context)
            context.stdout.line("Sent \(count) decision(s) to \(database); they are marked pushed.")
            let answer: String
            do {
                answer = try wrangler.run(
                    ["d1", "execute", database, "--remote", "--command", plan.verification, "--json"])
            } catch {
                // Not "nothing was changed": D1 ran the file and the ledger says so.
                throw CommandFailure(
                    "D1 took the push, but the query that checks it failed (wrangler's messages are above); "
                        + "the decisions stay pushed; `tally pull` will confirm them or show the conflicts")
            }
            let answers: [SyncPush.Answer]
            do {
                answers = try VerificationAnswer.parse(answer)
            } catch {
                throw CommandFailure(
                    "D1 took the push, but its answer to the verification query could not be read (\(error)); "
                        + "the decisions stay pushed; `tally pull` will confirm them")
            }
            let result = try push.apply(answers, to: plan.decisions)
            let unconfirmed = count - result.confirmed - result.conflicts.count
            context.stdout.line(
                "D1 confirmed \(result.confirmed); \(result.conflicts.count) conflict(s)"
                    + (unconfirmed > 0 ? "; \(unconfirmed) show no trace on D1 and stay pushed." : "."))
            for conflict in result.conflicts { context.stdout.line(SyncText.conflictLine(conflict)) }
            if !result.conflicts.isEmpty { throw SyncConflictsFound(count: result.conflicts.count) }
        })

    static func markPushed(_ ledger: SyncLedger, _ plan: SyncPush.Plan, target: String, _ context: Context) throws
        -> Int64
    {
        try ledger.markPushed(plan.decisions.map(\.seq), target: target, at: context.now())
    }
}
