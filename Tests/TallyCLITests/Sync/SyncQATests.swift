import Foundation
import TallyCore
import TallySQLite
import Testing

/// An adversarial pass over "nothing a user does is ever lost or silently changed": commands
/// racing each other on one copy, D1 answering what tally did not expect. Each test failed
/// on the code before its fix.
@Suite("Sync with D1: lost-work cases found in QA", .serialized, .timeLimit(.minutes(10)))
struct SyncQATests {
    /// Runs `body` as a task of its own; `result(within:)` returns its result, or nil after `timeout` seconds.
    final class Background<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var finished = false
        private var task: Task<T, Error>?

        /// A closure the test hands to one task and never touches again.
        private struct Handed: @unchecked Sendable {
            let body: () async throws -> T
        }

        init(_ body: @escaping () async throws -> T) {
            let handed = Handed(body: body)
            task = Task {
                defer { self.lock.withLock { self.finished = true } }
                return try await handed.body()
            }
        }

        func result(within timeout: Double) async throws -> T? {
            guard await OffPool.until(within: timeout, { lock.withLock { finished } }) else { return nil }
            return try await task?.value
        }
    }

    /// A value handed to the one thread that uses it (a connection is not `Sendable`).
    struct Handed<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// A FIFO fed an export: half once a reader opened it, the rest on `finish`.
    final class HalfFed: Sendable {
        private let bytes: Data
        private let opening: Task<FileHandle?, Never>

        init(_ path: String, _ bytes: Data) throws {
            try #require(mkfifo(path, 0o600) == 0)
            self.bytes = bytes
            // Opening a FIFO to write waits for a reader.
            opening = Task {
                await OffPool.run { () -> FileHandle? in
                    let handle = FileHandle(forWritingAtPath: path)
                    try? handle?.write(contentsOf: bytes.prefix(bytes.count / 2))
                    return handle
                }
            }
        }

        /// Waits until a reader opened the FIFO and got the first half.
        func opened() async { _ = await opening.value }

        /// Writes the second half and closes the FIFO.
        func finish() async {
            guard let handle = await opening.value else { return }
            let rest = bytes.dropFirst(bytes.count / 2)
            await OffPool.run {
                try? handle.write(contentsOf: rest)
                try? handle.close()
            }
        }
    }

    /// The old code checked for unconfirmed decisions, then imported for as long as the export
    /// took and renamed the new file over the old one without holding its write lock: a
    /// `notes approve` made meanwhile said "approved" (exit 0) and was thrown away by the rename.
    @Test func aDecisionMadeWhileImportReplaceRunsIsRefusedNotLost() async throws {
        let bed = try SyncBed()
        let export = try await bed.export()
        #expect(try await bed.tally("a", ["pull", "--from", export]).status == 0)
        let fifo = bed.path("stream.fifo")
        // The import opens the FIFO (its write lock already taken), reads half the export, then waits for the rest.
        let fed = try HalfFed(fifo, try Data(contentsOf: URL(fileURLWithPath: export)))
        let importing = Background { try await bed.tally("a", ["import", "--replace", fifo]) }
        await fed.opened()
        let approving = Background { try await bed.tally("a", ["notes", "approve", "3", "--as", "mid-import"]) }
        // Unlocked (the old code), the decision is written at once; locked, it waits for the import.
        let early = try await approving.result(within: 2)
        await fed.finish()
        let imported = try #require(try await importing.result(within: 60))
        #expect(imported.status == 0, "\(imported.stderr)")
        let approved = try #require(try await early.asyncOr { try await approving.result(within: 60) })
        try await Self.expectKeptOrRefused(approved, bed, by: "the import")
        // The import held the lock, so the decision could only wait and be refused.
        #expect(early == nil, "notes approve was not held back by the import's write lock")
    }

    /// A wrangler (`$TALLY_WRANGLER`) that runs the stand-in and, after it ran the push's statements, runs
    /// `tally pull --from <export> --db <copy>`: a pull that lands while `push` waits for D1.
    static func wranglerPullingDuringThePush(_ bed: SyncBed, export: String, copy: String) throws -> String {
        let script = bed.path("wrangler-pulls.sh")
        let text = """
            #!/bin/sh
            "\(SyncBed.wranglerFolder)/wrangler" "$@" || exit $?
            case " $* " in
              *"UPDATE suggestions"*) TALLY_WRANGLER= "\(TallyProcess.executable.path)" pull --from "\(export)" \
                              --db "\(bed.path(copy))" >&2 || exit 9 ;;
            esac
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: script))
        try #require(chmod(script, 0o755) == 0)
        return script
    }

    /// D1 took the push, then the copy was renamed away by a pull. The old code went on writing
    /// the ledger into the old file and stopped with SQLite's raw "attempt to write a readonly
    /// database": not saying that D1 had taken the push, why the copy cannot record it, or what to do.
    @Test func aPullDuringAPushIsReportedAsSuchWithTheWayOut() async throws {
        let bed = try SyncBed()
        let export = try await bed.export()
        #expect(try await bed.tally("a", ["pull", "--from", export]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let wrangler = try SyncQATests.wranglerPullingDuringThePush(bed, export: export, copy: "a")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"], env: ["TALLY_WRANGLER": wrangler])
        // D1 took it; the copy (renamed in by the pull, from an export made before) cannot say so yet.
        #expect(try await bed.rows("d1.sqlite", "SELECT status FROM suggestions WHERE id = 3") == [["approved"]])
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
        #expect(pushed.status != 0, "push said \(pushed.stdout)")
        #expect(!pushed.stdout.contains("D1 confirmed 1"), "\(pushed.stdout)")
        #expect(pushed.stderr.contains("was replaced"), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("`tally pull`"), "\(pushed.stderr)")
        // The way out it names works: a pull of D1 as it now is confirms the decision.
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
        try await bed.expectD1Consistent()
    }

    /// `notes discard` on a file a pull had just replaced: the old code stopped with SQLite's raw
    /// "attempt to write a readonly database"; now it is the message a decision gets in that case.
    @Test func aDiscardOnAFileAPullReplacedIsRefusedNotReportedDone() async throws {
        let bed = try SyncBed()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0) }
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "reject", "3", "--as", "bob", "--reason", "dup"]).status == 0)
        #expect(try await bed.tally("b", ["push", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 3)
        // `notes discard` opened the copy; a pull renamed a new one into place before it wrote.
        let ledger = SyncLedger(try DatabaseFile.openForWriting(bed.path("a")))
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(throws: ModerationError.databaseReplaced(bed.path("a"))) {
            try ledger.dropConflicts(of: 3, by: Withdrawer(name: nil, mayActOnOthers: true, at: "2026-09-24 02:00:00"))
        }
        #expect(try await bed.counts("a") == [0, 0, 0, 1])
    }

    /// A note deleted on D1: the guarded SQL skips the decision, D1's log holds nothing at its
    /// version. The old code printed "0 conflict(s); 1 show no trace on D1 and stay pushed." and
    /// exited 0, although D1 had run the push and not applied the decision. The verification now
    /// sees the note is gone: a named conflict at once (exit 3), not a pushed decision to chase.
    @Test func aPushD1RanButDidNotApplyIsAFailureThatSaysWhatToDo() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "4", "--as", "alice"]).status == 0)
        _ = try await SQLiteShell.run(bed.d1, input: "DELETE FROM suggestions WHERE id = 3;")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 3, "\(pushed.stdout)")
        #expect(pushed.stdout.contains("D1 confirmed 1; 1 conflict(s)."))
        #expect(pushed.stdout.contains("Conflict on note 3"), "\(pushed.stdout)")
        // Not "see the ids with `tally notes list`", nor "D1's decision stands": there is no note, no decision.
        #expect(pushed.stdout.contains("note 3 is not in D1's data (deleted there)"), "\(pushed.stdout)")
        #expect(try await bed.counts("a") == [0, 0, 1, 1])
        // A pull keeps it (no new conflict).
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0)
        let discarded = try await bed.tally("a", ["notes", "discard", "3"])
        #expect(discarded.stdout.hasPrefix("Dropped 1 local decision(s) on note 3: approve by 'alice' at "))
        #expect(discarded.stdout.hasSuffix("They will not be pushed.\nNote 3 is not in this copy (deleted on D1).\n"))
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
        try await bed.expectD1Consistent()
    }

    /// D1 restored from a backup (or an older export pulled by mistake): the export lacks a
    /// decision D1 had confirmed. The old code kept it "confirmed" while the copy showed the note
    /// as the export had it — the decision silently undone locally, and never sent again, though
    /// D1 no longer held it.
    @Test func aConfirmedDecisionMissingFromThePulledExportIsReplayedAndSentAgain() async throws {
        let bed = try SyncBed()
        let backup = bed.path("d1-backup.sqlite")
        try FileManager.default.copyItem(atPath: bed.d1, toPath: backup)
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "4", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
        // D1 is restored from the backup made before the push.
        try FileManager.default.removeItem(atPath: bed.d1)
        try FileManager.default.copyItem(atPath: backup, toPath: bed.d1)
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(
            pulled.stderr.contains("1 decision(s) D1 had confirmed are not in this export"), "\(pulled.stderr)")
        #expect(pulled.stderr.contains("`tally push --again`"), "\(pulled.stderr)")
        // Not "0 replayed": it was replayed onto the restored data.
        #expect(pulled.stdout.contains("0 newly confirmed, 1 replayed"), "\(pulled.stdout)")
        #expect(
            try await bed.rows("a", "SELECT status, reviewed_by FROM suggestions WHERE id = 4") == [
                ["approved", "alice"]
            ])
        #expect(try await bed.counts("a") == [0, 1, 0, 0])
        #expect(try await bed.tally("a", ["push", "--again", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status, reviewed_by FROM suggestions WHERE id = 4") == [
                ["approved", "alice"]
            ])
        try await bed.expectD1Consistent()
    }

    /// True once another process holds the write lock of the database at `path`.
    static func isWriteLocked(_ path: String) throws -> Bool {
        let db = try Connection(path: path, mode: .readWrite, busyTimeout: 0)
        do {
            try db.execute("BEGIN IMMEDIATE")
            try db.execute("ROLLBACK")
            return false
        } catch let error as SQLiteError where error.isBusy {
            return true
        }
    }

    /// Two pulls on one copy: the second waited for the first's lock on the old file, then read
    /// that file's ledger and renamed its result over the first's, unlocked: a decision made in
    /// the first pull's file meanwhile said "Approved" (exit 0) and was thrown away.
    @Test func aDecisionMadeBetweenTwoPullsOfOneCopyIsRefusedNotLost() async throws {
        let bed = try SyncBed()
        let export = try await bed.export()
        #expect(try await bed.tally("a", ["pull", "--from", export]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: export))
        let fedFirst = try HalfFed(bed.path("first.fifo"), bytes)
        let fedSecond = try HalfFed(bed.path("second.fifo"), bytes)
        let first = Background { try await bed.tally("a", ["pull", "--from", bed.path("first.fifo")]) }
        await fedFirst.opened()
        #expect(
            try await OffPool.until(within: 60, every: .milliseconds(10)) {
                try SyncQATests.isWriteLocked(bed.path("a"))
            })
        // The second pull opens its export and waits for the copy's write lock.
        let second = Background { try await bed.tally("a", ["pull", "--from", bed.path("second.fifo")]) }
        await fedSecond.opened()
        await OffPool.pause(.milliseconds(300))
        await fedFirst.finish()
        let firstResult = try #require(try await first.result(within: 60))
        #expect(firstResult.status == 0, "\(firstResult.stderr)")
        await OffPool.pause(.milliseconds(300))
        let approving = Background {
            try await bed.tally("a", ["notes", "approve", "3", "--as", "between-pulls"])
        }
        let early = try await approving.result(within: 2)
        await fedSecond.finish()
        let secondResult = try #require(try await second.result(within: 60))
        #expect(secondResult.status == 0, "\(secondResult.stderr)")
        let approved = try #require(try await early.asyncOr { try await approving.result(within: 60) })
        try await Self.expectKeptOrRefused(approved, bed, by: "the second pull")
    }

    /// A wrangler that runs the stand-in, except that the verification query's answer is an empty
    /// result (exit 0): a truncated or otherwise incomplete answer.
    static func wranglerAnsweringNothing(_ bed: SyncBed) throws -> String {
        let script = bed.path("wrangler-empty.sh")
        let text = """
            #!/bin/sh
            case " $* " in
              *"SELECT d.note"*) echo '[{"results":[],"success":true,"meta":{}}]' ;;
              *) exec "\(SyncBed.wranglerFolder)/wrangler" "$@" ;;
            esac
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: script))
        try #require(chmod(script, 0o755) == 0)
        return script
    }

    /// The old code took an answer without the decisions' rows as "no trace" and exited 0.
    @Test func aVerificationAnswerLackingTheDecisionsIsNotASuccess() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let wrangler = try SyncQATests.wranglerAnsweringNothing(bed)
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"], env: ["TALLY_WRANGLER": wrangler])
        #expect(pushed.status == 1, "\(pushed.stdout)")
        #expect(pushed.stderr.contains("lacks 1 of the 1 decision(s)"), "\(pushed.stderr)")
        #expect(try await bed.counts("a") == [0, 1, 0, 0])
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
    }

    /// `push --output` naming the local copy itself (directly or through a link): the old code
    /// renamed the SQL text over the database, so the copy and every decision in it were gone.
    @Test func aPushFileNamedLikeTheCopyIsRefusedAndTheCopyKept() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: bed.path("link.sql"), withDestinationPath: bed.path("a"))
        for output in [bed.path("a"), "link.sql"] {
            let pushed = try await bed.tally("a", ["push", "--output", output])
            #expect(pushed.status == 2, "\(pushed.stdout)")
            #expect(pushed.stderr.contains("is an SQLite database"), "\(pushed.stderr)")
            #expect(try await bed.counts("a") == [1, 0, 0, 0])
        }
        // Every command's --output is checked the same way.
        let exported = try await bed.tally("a", ["notes", "export-sql", "--output", "link.sql"])
        #expect(exported.status == 2, "\(exported.stdout)")
        #expect(try await bed.rows("a", "SELECT status FROM suggestions WHERE id = 3") == [["approved"]])
    }

    /// `notes review` while a pull replaces the copy: every later decision of the session would be
    /// written into the replaced file, so each was refused. The old code went on showing the old
    /// file's notes and asking for a decision (and a reason) on each, refusing every one; the
    /// session now stops at the first and says to start it again.
    @Test func aReviewStopsAtTheFirstDecisionAPullMadeImpossible() async throws {
        let bed = try SyncBed()
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) VALUES (7, 's7', 'pets', "
                + "'2026-09-25 01:00:00');")
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        let process = try TallyProcess.start(
            ["notes", "review", "--as", "rev", "--db", bed.path("a")], environment: ["TALLY_TZ": "UTC"],
            withInput: true)
        // A few bytes: far below a pipe's buffer, so these writes never wait.
        try process.input.write(contentsOf: Data("a\n".utf8))
        // Polled with the shell, which has no busy timeout: a read that meets the decision's write lock is a wait.
        _ = await OffPool.until(within: 10, every: .milliseconds(10)) {
            (try? await bed.rows("a", "SELECT status FROM suggestions WHERE id = 3")) == [["approved"]]
        }
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        try process.input.write(contentsOf: Data("a\na\n".utf8))
        try process.input.close()
        let result = await process.finish()
        let (said, shown) = (result.stderr, result.stdout)
        #expect(result.status == 1, "\(shown)")
        #expect(said.components(separatedBy: "while this command had it open").count == 2, "\(said)")
        #expect(said.contains("run `tally notes review` again"), "\(said)")
        // The decision made before the pull was carried by it; the two after it were refused.
        #expect(
            try await bed.rows("a", "SELECT id, status FROM suggestions WHERE id IN (3, 4, 7) ORDER BY id")
                == [["3", "approved"], ["4", "pending"], ["7", "pending"]])
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
    }

    /// A wrangler that exits 0 without writing the export: the old code said "cannot read
    /// <folder>/.tally-pull-<pid>.sql: No such file or directory", a file the user never named.
    @Test func anExportWranglerDidNotWriteIsNamedAsSuch() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let script = bed.path("wrangler-silent.sh")
        try Data("#!/bin/sh\necho 'Logged in as nobody'\nexit 0\n".utf8).write(to: URL(fileURLWithPath: script))
        try #require(chmod(script, 0o755) == 0)
        let pulled = try await bed.tally(
            "a", ["pull", "--wrangler", "prod", "--export", "--yes"], env: ["TALLY_WRANGLER": script])
        #expect(pulled.status == 1)
        #expect(pulled.stderr.contains("succeeded but wrote no export"), "\(pulled.stderr)")
        #expect(!pulled.stderr.contains(".tally-pull-"), "\(pulled.stderr)")
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
    }

    /// Two `push --wrangler` of one copy at once (two terminals): both send the same decisions;
    /// the guards apply them once; both end confirmed, and D1 holds one log entry per decision.
    @Test func twoPushesOfOneCopyAtOnceApplyEachDecisionOnce() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "reject", "4", "--as", "alice", "--reason", "no"]).status == 0)
        let pushes = (0..<2).map { _ in Background { try await bed.tally("a", ["push", "--wrangler", "prod"]) } }
        for push in pushes {
            let result = try #require(try await push.result(within: 120))
            // One sends both; the other either sends them too (changing nothing) or finds nothing new.
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        }
        #expect(try await bed.counts("a") == [0, 0, 2, 0])
        #expect(
            try await bed.rows(
                "d1.sqlite",
                "SELECT suggestion_id, version, action FROM moderation_log WHERE suggestion_id IN (3, 4) ORDER BY 1")
                == [["3", "1", "approve"], ["4", "1", "reject"]])
        try await bed.expectD1Consistent()
    }

    /// D1 took the push, then another process held the copy's write lock past the busy timeout.
    /// The old code said "… is locked by another process …; nothing was changed" although D1 had
    /// just changed.
    @Test func aCopyLockedAfterD1TookThePushIsNotNothingWasChanged() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let marker = bed.path("file-ran.marker")
        let script = bed.path("wrangler-marks.sh")
        let text = """
            #!/bin/sh
            "\(SyncBed.wranglerFolder)/wrangler" "$@" || exit $?
            case " $* " in *"UPDATE suggestions"*) : > "\(marker)"; sleep 1 ;; esac
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: script))
        try #require(chmod(script, 0o755) == 0)
        // Another process of the moderator's: it takes the copy's write lock once D1 ran the file.
        let holder = Handed(try Connection(path: bed.path("a"), mode: .readWrite, busyTimeout: 0))
        // On a thread of its own: the lock must be taken within the second the file's run leaves it.
        let holding = Background { () async throws -> Bool in
            try await OffPool.run {
                var waited = 0
                while !FileManager.default.fileExists(atPath: marker), waited < 6_000 {
                    usleep(10_000)
                    waited += 1
                }
                try holder.value.execute("BEGIN IMMEDIATE")
                usleep(8_000_000)
                try holder.value.execute("ROLLBACK")
                return true
            }
        }
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"], env: ["TALLY_WRANGLER": script])
        #expect(try await holding.result(within: 60) == true)
        #expect(pushed.status == 1)
        #expect(try await bed.rows("d1.sqlite", "SELECT status FROM suggestions WHERE id = 3") == [["approved"]])
        #expect(!pushed.stderr.contains("nothing was changed"), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("D1 took the push, but"), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("`tally pull`"), "\(pushed.stderr)")
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
    }

    /// Whatever the order of a race: an approval of note 3 reported done is in the copy; one not
    /// in it was refused, and said why.
    static func expectKeptOrRefused(
        _ approved: TallyProcess.Result, _ bed: SyncBed, by other: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let status = try await bed.rows("a", "SELECT status FROM suggestions WHERE id = 3")
        if approved.status == 0 {
            #expect(
                status == [["approved"]], "notes approve said approved, and \(other) threw it away",
                sourceLocation: sourceLocation)
        } else {
            // Two refusals are right, and which one comes depends only on how long the other command
            // held the lock: it renamed the file while the decision waited ("was replaced"), or it held
            // the lock past the busy timeout ("stayed locked"; a loaded machine, as in a fresh-clone run).
            let replaced = approved.stderr.contains("was replaced (by `tally pull`, `import --replace`")
            let locked =
                approved.stderr.contains("stayed locked by another process")
                && approved.stderr.contains("nothing was changed")
            #expect(replaced || locked, "\(approved.stderr)", sourceLocation: sourceLocation)
            #expect(status == [["pending"]], sourceLocation: sourceLocation)
        }
    }
}

extension Optional where Wrapped: Sendable {
    /// The value, or else what `other` returns (`??` with an async right side).
    func asyncOr(_ other: () async throws -> Wrapped?) async rethrows -> Wrapped? {
        if let self { return self }
        return try await other()
    }
}
