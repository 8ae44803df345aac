import Foundation
import TallyCore
import TallySQLite

/// `tally push`: the decisions D1 has not confirmed, as guarded SQL, to a file or through wrangler.
enum PushCommand {
    static let wranglerOption = OptionSpec(
        "wrangler", .value("DB"), "Apply it to D1 with wrangler ($TALLY_WRANGLER names the binary).")
    static let againOption = OptionSpec(
        "again", .flag, "Also send the decisions pushed before that D1 has not confirmed.")
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
            pushed only once the file is written. With --wrangler DB, tally sends the statements through
            D1's query API, `wrangler d1 execute DB --remote --command … --json`, never its import API
            (`--file`, which stops D1 serving the vote page while it runs): as many whole decisions per
            request as fit one command-line argument, each request run all or nothing and its decisions
            marked pushed once D1 took it. Then it runs the SELECT the same way and marks each decision
            confirmed or conflict at once (exit 3 on a new conflict; exit 1 when D1 ran it but did not
            apply a decision, which stays pushed).
            Refused when the last pull showed D1 without tally's migrations.
            """,
        options: [
            outputOption,
            wranglerOption, againOption,
            Wrangler.timeoutOption, SyncText.tzOption,
            SettingOptions.db, SettingOptions.config,
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let output = try invocation.output(outputOption, context, example: "push.sql")
        let database = invocation.value(wranglerOption)
        guard (output == nil) != (database == nil) else {
            throw UsageError("give either --output FILE or --wrangler DB", command: invocation.path)
        }
        let settings = try Settings.resolveQuietly(invocation, context: context)
        let destination: PushRequest.Destination
        if let database {
            destination = .wrangler(database, timeout: try Wrangler.timeout(invocation))
        } else if let output {
            destination = .output(output)
        } else {
            return
        }
        try push(
            PushRequest(
                copy: settings.db.value, zone: settings.zone.value, destination: destination,
                again: invocation.flag(againOption)), context)
    }

    /// A push, typed: the one operation `tally push` and the moderation page's "send to D1" run.
    struct PushRequest: Sendable {
        /// Where the decisions go: D1 through its query API, or an SQL file (`-`: standard output).
        enum Destination: Sendable {
            case wrangler(String, timeout: Int)
            case output(OutputDestination)
        }
        /// The copy's path.
        let copy: String
        /// The zone its messages' times are shown in.
        let zone: Zone
        let destination: Destination
        /// Send the pushed, unconfirmed decisions again (`--again`).
        var again = false
    }

    /// Runs `request`, writing what happened to `context`; throws what the command line reports (a conflict
    /// is exit 3).
    static func push(_ request: PushRequest, _ context: Context) throws {
        var output: OutputDestination?
        var database: String?
        var timeout = Wrangler.defaultTimeout
        switch request.destination {
        case .wrangler(let name, let seconds): (database, timeout) = (name, seconds)
        case .output(let destination): output = destination
        }
        let zone = request.zone
        let path = request.copy
        let db = try DatabaseFile.openForWriting(path)
        // A copy made before the ledger: its logged decisions enter it as unpushed, so none is skipped.
        try SyncLedger(db).createIfMissing()
        // Never to another D1 than the one the copy came from: its notes are not the ones decided on.
        if let database, let origin = try SyncLedger(db).origin()?.database, origin != database {
            throw SyncError.otherDatabase(copy: origin, asked: database, pushing: true)
        }
        let push = SyncPush(db)
        // Decisions an earlier push sent without reading D1's answer: D1 is read for them first, so
        // none is sent twice blindly or left unknown (only through wrangler: a file push cannot read D1).
        let wrangler = try database.map { _ in try Wrangler(context, timeout: timeout) }
        if let database, let wrangler {
            try settleSent(push, database: database, wrangler: wrangler, zone: zone, context)
        }
        guard let plan = try push.plan(again: request.again) else {
            let waiting = try SyncLedger(db).decisions(where: "state = 'pushed'").count
            let unknown = try SyncLedger(db).decisions(where: "state = 'sent'").count
            context.stdout.line(
                "Nothing new to push."
                    + (waiting > 0
                        ? " \(waiting) pushed decision(s) are not confirmed yet: `tally pull` checks them, "
                            + "`tally push --again` sends them again." : "")
                    + (unknown > 0 ? " " + sentUnknown(unknown) : ""))
            return
        }
        // One that cannot be sent is said first, and never holds up the others (with `-o -` the SQL
        // is on stdout, so the narration goes to stderr).
        let narration = output == .standardOutput ? context.stderr : context.stdout
        for refused in plan.refused {
            narration.line(SyncText.conflictLine(refused, in: zone))
        }
        let unsendable = plan.refused.isEmpty ? nil : cannotSend(plan.refused)
        let count = plan.decisions.count
        if count == 0, let unsendable { throw unsendable }
        if let output {
            let written = try output.write(plan.text, context)
            let target = written ?? "standard output"
            _ = try recorded(
                after: "wrote \(count) decision(s) to \(target)",
                then: "apply the file or not (it is guarded: nothing applies twice), then run `tally pull`: it "
                    + "confirms what D1 holds, and `tally push` sends the rest again"
            ) { try markPushed(SyncLedger(db), plan, target: target, context) }
            // With `-o -` the SQL is on stdout, so the narration goes to stderr.
            let say = written == nil ? context.stderr : context.stdout
            say.line("Wrote \(count) decision(s) to \(target); they are marked pushed.")
            say.line("Apply with: wrangler d1 execute <DATABASE> --remote --file \(written ?? "push.sql")")
            say.line("then `tally pull` (or run the SELECT at its end) to confirm them.")
            if let unsendable { throw unsendable }
            return
        }
        guard let database, let wrangler else { return }
        // Earlier releases sent a push as `.tally-push-PID.sql`; one a killed run left there is removed.
        StaleTemporaries(prefix: ".tally-push-", suffix: ".sql").remove(
            in: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        let target = "wrangler d1 execute \(database) --remote --command"
        // D1's query API, never its import API (`--file`), which stops D1 serving the vote page while it
        // runs. Each request runs in one transaction; its decisions are marked pushed once D1 took it.
        var sent = 0
        for (index, request) in plan.requests.enumerated() {
            let sql = try Wrangler.request(request.statements)
            // Recorded before it leaves: whatever happens to the answer, the copy never says "unpushed"
            // of a decision D1 may hold. Not recorded, it is not sent (and nothing was changed).
            _ = try SyncLedger(db).markSent(request.decisions.map(\.seq), target: target, at: context.now())
            do {
                let output = try wrangler.run(["d1", "execute", database, "--remote", "--command", sql, "--json"])
                do {
                    _ = try D1JSONReader.results(from: Data(output.utf8))
                } catch {
                    throw D1AnswerError(error, printed: output, database: database)
                }
            } catch {
                throw try answerLost(
                    request, index: index, of: plan.requests.count, sentBefore: sent, total: count, error: error,
                    push: push, database: database, wrangler: wrangler, zone: zone, context)
            }
            let took =
                plan.requests.count == 1
                ? "D1 took the push" : "D1 took \(sent + request.decisions.count) of the \(count) decision(s)"
            _ = try recorded(after: took, then: afterD1Took) {
                try SyncLedger(db).markPushed(request.decisions.map(\.seq), target: target, at: context.now())
            }
            sent += request.decisions.count
        }
        context.stdout.line(
            "Sent \(count) decision(s) to \(database) in \(plan.requests.count) request(s) through D1's query API; "
                + "they are marked pushed.")
        var answers: [SyncPush.Answer] = []
        // One SELECT per call, each within D1's statement limit and one argument's (SyncPush).
        for (index, query) in plan.verification.enumerated() {
            let part = plan.verification.count == 1 ? "" : " (part \(index + 1) of \(plan.verification.count))"
            let answer: String
            do {
                answer = try wrangler.run(["d1", "execute", database, "--remote", "--command", query, "--json"])
            } catch {
                // Not "nothing was changed": D1 ran the statements and the ledger says so.
                throw CommandFailure(
                    "D1 took the push, but the query that checks it\(part) failed (wrangler's messages are above); "
                        + "the decisions stay pushed; `tally pull` will confirm them or show the conflicts")
            }
            do {
                answers += try VerificationAnswer.parse(answer)
            } catch {
                throw CommandFailure(
                    "D1 took the push, but its answer to the verification query\(part) could not be read "
                        + "(\(error)); the decisions stay pushed; `tally pull` will confirm them")
            }
        }
        let result = try recorded(after: "D1 took the push", then: afterD1Took) {
            try push.apply(answers, to: plan.decisions)
        }
        func row(for decision: SyncDecision) -> SyncPush.Answer? {
            answers.first { $0.note == decision.noteID && $0.version == decision.version }
        }
        let conflictSeqs = Set(result.conflicts.map(\.seq))
        let unapplied = plan.decisions.filter { decision in
            !conflictSeqs.contains(decision.seq) && row(for: decision).map { !$0.applied } ?? false
        }
        let unanswered = plan.decisions.filter { row(for: $0) == nil }
        let waiting = unapplied.count + unanswered.count
        context.stdout.line(
            "D1 confirmed \(result.confirmed); \(result.conflicts.count) conflict(s)"
                + (waiting == 0 ? "." : "; \(waiting) show no trace on D1 and stay pushed."))
        for conflict in result.conflicts {
            context.stdout.line(SyncText.conflictLine(conflict, in: zone))
        }
        // Pushed by an earlier push that stopped partway (or never checked): not in this plan, still waiting.
        let planned = Set(plan.decisions.map(\.seq))
        let earlier = try SyncLedger(db).decisions(where: "state = 'pushed'").filter { !planned.contains($0.seq) }
        if !earlier.isEmpty {
            context.stdout.line(
                "\(earlier.count) decision(s) pushed earlier are not confirmed yet: `tally pull` checks them, "
                    + "`tally push --again` sends them again.")
        }
        var failures: [CommandFailure] = unsendable.map { [$0] } ?? []
        if !unapplied.isEmpty { failures.append(notApplied(unapplied, conflicts: result.conflicts.count)) }
        if !unanswered.isEmpty {
            failures.append(
                CommandFailure(
                    "D1 took the push, but its answer to the verification query lacks \(unanswered.count) of the "
                        + "\(count) decision(s); they stay pushed; `tally pull` will confirm them or show the "
                        + "conflicts"))
        }
        // A new conflict is what a script waits for (exit 3): it wins over the failures (exit 1),
        // which are still said, not hidden.
        if !result.conflicts.isEmpty {
            for failure in failures { context.stderr.line("Error: \(failure.message)") }
            throw SyncConflictsFound(count: result.conflicts.count)
        }
        for failure in failures.dropLast() { context.stderr.line("Error: \(failure.message)") }
        if let last = failures.last { throw last }
    }

    /// A request left for D1 and its answer was not read: its decisions stay sent (outcome unknown),
    /// D1 is read for them once now, and the failure says what is known.
    static func answerLost(
        _ request: SyncPush.Request, index: Int, of requests: Int, sentBefore: Int, total: Int, error: Error,
        push: SyncPush, database: String, wrangler: Wrangler, zone: Zone, _ context: Context
    ) throws -> CommandFailure {
        let why =
            switch error {
            case let answer as D1AnswerError:
                "wrangler exited 0, but what it printed is not D1's results (\(answer.problem))"
            case let failure as CommandFailure:
                failure.message.replacingOccurrences(of: "; nothing was changed locally", with: "")
            default: "\(error)"
            }
        let before =
            sentBefore > 0 ? "D1 took the first \(sentBefore) of the \(total) decision(s) (marked pushed); then " : ""
        var said =
            "\(before)request \(index + 1) of \(requests) (\(request.decisions.count) decision(s)) was sent, but its "
            + "answer was not read: \(why). D1 may have applied it: its decisions are recorded as sent, outcome "
            + "unknown (not unpushed), and cannot be undone or discarded until D1 is read"
        let seqs = Set(request.decisions.map(\.seq))
        // Stopped by the user (Ctrl-C, SIGTERM): nothing more is started, D1 is read next time.
        let stopped = (error as? CommandFailure)?.interrupted == true
        if !stopped,
            let settled = try? settle(
                request.decisions, push: push, database: database, wrangler: wrangler, noTrace: nil)
        {
            let still = try SyncLedger(push.db).decisions(where: "state = 'sent'").filter { seqs.contains($0.seq) }
            said +=
                ". Read D1 for them just now: \(settled.confirmed) on D1, \(settled.conflicts.count) conflict(s)"
                + (still.isEmpty ? "" : ", \(still.count) with no trace yet (still sent, outcome unknown)")
            for conflict in settled.conflicts { context.stdout.line(SyncText.conflictLine(conflict, in: zone)) }
        }
        let unsent = total - sentBefore - request.decisions.count
        return CommandFailure(
            said + (unsent > 0 ? "; the \(unsent) decision(s) after it were not sent and stay unpushed" : "")
                + ". `tally pull` or the next `tally push --wrangler \(database)` reads D1 and settles them")
    }

    /// Reads D1 for `decisions` (the push's verification query) and enters what it holds; `noTrace`
    /// is what a decision D1 shows no trace of becomes (nil: it stays as it is).
    static func settle(
        _ decisions: [SyncDecision], push: SyncPush, database: String, wrangler: Wrangler, noTrace: SyncState?
    ) throws -> (confirmed: Int, conflicts: [SyncDecision]) {
        var answers: [SyncPush.Answer] = []
        for query in try push.verification(of: decisions) {
            answers += try VerificationAnswer.parse(
                try wrangler.run(["d1", "execute", database, "--remote", "--command", query, "--json"]))
        }
        return try push.apply(answers, to: decisions, noTrace: noTrace)
    }

    /// Before a push through wrangler: decisions an earlier push sent without reading the answer are
    /// settled by reading D1 — on D1 (confirmed), a conflict, or no trace (unpushed again, and sent by
    /// this push). When D1 cannot be read, nothing is sent.
    static func settleSent(_ push: SyncPush, database: String, wrangler: Wrangler, zone: Zone, _ context: Context)
        throws
    {
        let sent = try SyncLedger(push.db).decisions(where: "state = 'sent'")
        guard !sent.isEmpty else { return }
        let result: (confirmed: Int, conflicts: [SyncDecision])
        do {
            result = try recorded(after: "D1 was read", then: afterD1Took) {
                try settle(sent, push: push, database: database, wrangler: wrangler, noTrace: .unpushed)
            }
        } catch let failure as CommandFailure {
            throw CommandFailure(
                "\(sent.count) decision(s) an earlier push sent have an unknown outcome (its answer was not read), "
                    + "and reading D1 for them failed: \(failure.message); nothing was sent. They stay sent, outcome "
                    + "unknown; run the push again, or `tally pull`")
        } catch {
            throw CommandFailure(
                "\(sent.count) decision(s) an earlier push sent have an unknown outcome (its answer was not read), "
                    + "and D1's answer for them could not be read (\(error)); nothing was sent. They stay sent, "
                    + "outcome unknown; run the push again, or `tally pull`")
        }
        let back = sent.count - result.confirmed - result.conflicts.count
        context.stdout.line(
            "Read D1 for \(sent.count) decision(s) an earlier push sent without reading the answer: "
                + "\(result.confirmed) on D1, \(result.conflicts.count) conflict(s), \(back) not there (sent again now)."
        )
        for conflict in result.conflicts { context.stdout.line(SyncText.conflictLine(conflict, in: zone)) }
    }

    /// What to say of `count` decisions sent whose outcome is unknown.
    static func sentUnknown(_ count: Int) -> String {
        "\(count) decision(s) were sent and D1's answer was not read (outcome unknown): `tally pull` or "
            + "`tally push --wrangler DB` reads D1 and settles them."
    }

    /// What to do when the copy could not record what D1 took.
    static let afterD1Took =
        "run `tally pull` (once the other process is done): it confirms the decisions D1 holds "
        + "and shows any conflict"

    /// Runs a ledger write made after something outside the copy happened (`happened`: the SQL
    /// was written, or D1 ran it). A pull that replaced the copy meanwhile, or another process
    /// holding its lock past the busy timeout, is reported as what it is, with `advice` — never
    /// as SyncError's "nothing was changed", since something was.
    static func recorded<T>(after happened: String, then advice: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch ModerationError.databaseReplaced(let path) {
            throw CommandFailure(
                "\(happened), but \(path) was replaced (by `tally pull`, `import --replace` or `demo --replace`) "
                    + "meanwhile, so the copy does not record it; \(advice)")
        } catch SyncError.locked(let path) {
            throw CommandFailure(
                "\(happened), but \(path) stayed locked by another process (a moderator deciding, or a pull) for "
                    + "longer than the busy timeout, so the copy does not record it; \(advice)")
        }
    }

    /// D1 ran the whole push, yet its log holds nothing at these decisions' versions: their guards
    /// found the note otherwise than expected, so they were skipped. That is not a success.
    static func notApplied(_ decisions: [SyncDecision], conflicts: Int) -> CommandFailure {
        let notes = Array(Set(decisions.map(\.noteID))).sorted().map(String.init)
        return CommandFailure(
            "wrangler reported the push done, but D1 did not apply \(decisions.count) decision(s) "
                + "(\(notes.count == 1 ? "note" : "notes") \(notes.joined(separator: ", "))): D1's log holds no "
                + "decision at their version, so the note is not there as they expect (deleted on D1, or changed there "
                + "without a logged decision), unless the push never reached D1"
                + (conflicts > 0 ? "; \(conflicts) other(s) are conflicts (above)" : "")
                + ". They stay pushed; `tally pull` shows one D1 cannot take as a conflict to settle, and "
                + "`tally push --again` sends one that never reached it (docs/sync.md)")
    }

    /// Decisions whose SQL cannot be written: kept as conflicts (listed above it), the others sent.
    static func cannotSend(_ decisions: [SyncDecision]) -> CommandFailure {
        let notes = Array(Set(decisions.map(\.noteID))).sorted().map(String.init)
        return CommandFailure(
            "\(decisions.count) decision(s) cannot be sent to D1 (\(notes.count == 1 ? "note" : "notes") "
                + "\(notes.joined(separator: ", "))); each is kept as a conflict saying why (above), and every other "
                + "decision was sent. `tally notes discard N` drops one (docs/sync.md)")
    }

    static func markPushed(_ ledger: SyncLedger, _ plan: SyncPush.Plan, target: String, _ context: Context) throws
        -> Int64
    {
        try ledger.markPushed(plan.decisions.map(\.seq), target: target, at: context.now())
    }
}
