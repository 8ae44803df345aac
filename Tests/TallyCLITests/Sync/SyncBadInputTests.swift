import Foundation
import TallyCore
import TallySQLite
import Testing

/// Issue 10, "Done when": every bad input is a clear error, a non-zero exit, and nothing changed.
@Suite("Sync with D1: bad input changes nothing", .serialized, .timeLimit(.minutes(10)))
struct SyncBadInputTests {
    /// A copy with one unpushed decision, and its bytes.
    static func copyWithADecision(_ bed: SyncBed) async throws -> Data {
        #expect(try await bed.tally("a", ["pull", "--from", try await bed.export()]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        return try NotesDatabase.bytes(bed.path("a"))
    }

    @Test func anExportThatIsNotOneIsRefused() async throws {
        let bed = try SyncBed()
        let before = try await Self.copyWithADecision(bed)
        try "hello, this is not SQL\n".write(toFile: bed.path("bad.sql"), atomically: false, encoding: .utf8)
        let result = try await bed.tally("a", ["pull", "--from", "bad.sql"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains("line 1"))
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
        let missing = try await bed.tally("a", ["pull", "--from", "nowhere.sql"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nowhere.sql"))
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
    }

    /// A pull through a failing wrangler changes nothing. A push whose wrangler fails may have reached
    /// D1 (wrangler's request can fail after D1 ran it): its decision is recorded as sent, outcome
    /// unknown, never "nothing was changed"; the next push reads D1 first and sends it once.
    @Test func aWranglerThatFailsChangesNothingAndItsMessageReachesTheUser() async throws {
        let bed = try SyncBed()
        let before = try await Self.copyWithADecision(bed)
        let d1Before = try NotesDatabase.bytes(bed.d1)
        let pull = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: ["TALLY_TEST_WRANGLER_FAIL": "1"])
        #expect(pull.status == 1)
        #expect(pull.stderr.contains("A request to the Cloudflare API failed"))
        #expect(pull.stderr.contains("failed with exit status 1"))
        #expect(pull.stderr.contains("nothing was changed locally"))
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
        let push = try await bed.tally("a", ["push", "--wrangler", "prod"], env: ["TALLY_TEST_WRANGLER_FAIL": "1"])
        #expect(push.status == 1)
        #expect(push.stderr.contains("A request to the Cloudflare API failed"))
        #expect(push.stderr.contains("failed with exit status 1"))
        #expect(push.stderr.contains("outcome unknown (not unpushed)"))
        #expect(!push.stderr.contains("nothing was changed"))
        #expect(try NotesDatabase.bytes(bed.d1) == d1Before)
        #expect(try await bed.counts("a") == [0, 0, 0, 0])
        #expect(try await bed.status("a")["sent_unknown"] as? Int == 1)
        let again = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 on D1, 0 conflict(s), 1 not there (sent again now)"))
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
        try await bed.expectD1Consistent()
    }

    /// With --json, wrangler prints its error on stdout (its `notes` hold D1's message). When the
    /// query that checks a push fails after D1 ran the push file, the user sees D1's message and
    /// is told the decisions are pushed, never "nothing was changed"; a pull then confirms them.
    @Test func aCheckThatFailsAfterThePushSaysTheDecisionsArePushed() async throws {
        let bed = try SyncBed()
        _ = try await Self.copyWithADecision(bed)
        let flaky = bed.folder.path("flaky-wrangler")
        let error =
            #"{"error":{"text":"A request to the Cloudflare API (/accounts/0/d1/database/0/query) failed.","#
            + #""notes":[{"text":"D1 DB is overloaded. Too many requests queued. [code: 7500]"}],"kind":"error"}}"#
        try """
        #!/bin/sh
        case "$*" in
          *"SELECT d.note"*) printf '%s\\n' '\(error)'; exit 1 ;;
        esac
        exec '\(SyncBed.wranglerFolder)/wrangler' "$@"

        """.write(toFile: flaky, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: flaky)
        let result = try await bed.tally("a", ["push", "--wrangler", "prod"], env: ["TALLY_WRANGLER": flaky])
        #expect(result.status == 1)
        #expect(result.stdout.contains("Sent 1 decision(s) to prod"), "\(result.stdout)")
        #expect(result.stderr.contains("D1 DB is overloaded"), "\(result.stderr)")
        #expect(result.stderr.contains("D1 took the push"), "\(result.stderr)")
        #expect(result.stderr.contains("the decisions stay pushed"), "\(result.stderr)")
        #expect(!result.stderr.contains("nothing was changed"), "\(result.stderr)")
        #expect(try await bed.counts("a") == [0, 1, 0, 0])
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
        try await bed.expectD1Consistent()
    }

    @Test func aMissingWranglerIsNamedWithTheWayOut() async throws {
        let bed = try SyncBed()
        let before = try await Self.copyWithADecision(bed)
        let result = try await TallyProcess.run(
            ["push", "--wrangler", "prod", "--db", bed.path("a")], in: bed.folder.url.path,
            environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("wrangler was not found on PATH"))
        #expect(result.stderr.contains("TALLY_WRANGLER"))
        let named = try await bed.tally(
            "a", ["pull", "--wrangler", "prod"], env: ["TALLY_WRANGLER": "./no-such-wrangler"])
        #expect(named.status == 1)
        #expect(named.stderr.contains("TALLY_WRANGLER names"))
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
    }

    @Test func tallyWranglerNamesAnotherBinary() async throws {
        let bed = try SyncBed()
        let before = try await Self.copyWithADecision(bed)
        _ = before
        let result = try await TallyProcess.run(
            ["push", "--wrangler", "prod", "--db", bed.path("a")], in: bed.folder.url.path,
            environment: [
                "PATH": "/usr/bin:/bin", "TALLY_TEST_D1": bed.d1,
                "TALLY_WRANGLER": SyncBed.wranglerFolder + "/wrangler",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
    }

    @Test func aPushFileThatCannotBeWrittenLeavesTheDecisionsUnpushed() async throws {
        let bed = try SyncBed()
        let before = try await Self.copyWithADecision(bed)
        try "a file".write(toFile: bed.path("plain.txt"), atomically: false, encoding: .utf8)
        let result = try await bed.tally("a", ["push", "--output", "plain.txt/push.sql"])
        // The output path is checked before any work, as for every --output: a usage error.
        #expect(result.status == 2)
        #expect(result.stderr.contains("plain.txt"))
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
    }

    @Test func aDatabaseLockedByAnotherModeratorIsNamedAndUnchanged() async throws {
        let bed = try SyncBed()
        let before = try await Self.copyWithADecision(bed)
        let export = bed.path("export.sql")
        let holder = try Connection(path: bed.path("a"), mode: .readWrite)
        try holder.execute("BEGIN IMMEDIATE")
        let pulled = try await bed.tally("a", ["pull", "--from", export])
        let pushed = try await bed.tally("a", ["push", "--output", "push.sql"])
        try holder.execute("ROLLBACK")
        #expect(pulled.status == 1)
        #expect(pulled.stderr.contains("is locked by another process"))
        #expect(pushed.status == 1)
        #expect(pushed.stderr.contains("is locked by another process"))
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
    }

    @Test(arguments: [
        (["pull"], "give either --from FILE or --wrangler DB"),
        (["pull", "--from", "x.sql", "--wrangler", "prod"], "give either --from FILE or --wrangler DB"),
        (["push"], "give either --output FILE or --wrangler DB"),
    ])
    func aMissingOrDoubleSourceIsAUsageError(_ arguments: [String], _ message: String) async throws {
        let bed = try SyncBed()
        let result = try await bed.tally("a", arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
        #expect(!FileManager.default.fileExists(atPath: bed.path("a")))
    }
}

/// Issue 10: a pull is atomic — killed at any moment, the copy is the old one, whole.
@Suite("Sync with D1: a killed pull", .timeLimit(.minutes(10)))
struct SyncKilledPullTests {
    @Test func aPullKilledMidwayLeavesTheOldCopyWithItsDecisions() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("out", ["pull", "--from", try await bed.export()]).status == 0)
        #expect(try await bed.tally("out", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let before = try NotesDatabase.bytes(bed.path("out"))
        let imports = ImportCommandTests()
        try imports.writeLargeExport(votes: 300_000, to: bed.path("big.sql"))
        let killed = try await imports.interrupt(["pull", "--from", "big.sql", "--db", "out.sqlite"], in: bed.folder)
        #expect(killed.result.status == 128 + SIGKILL)
        #expect(try NotesDatabase.bytes(bed.path("out")) == before)
        #expect(try await bed.counts("out") == [1, 0, 0, 0])
        // The retry completes and keeps the decision.
        let retry = try await bed.tally("out", ["pull", "--from", "big.sql"])
        #expect(retry.status == 0, "\(retry.stderr)")
        #expect(try await bed.rows("out", "SELECT count(*) FROM votes") == [["300000"]])
        #expect(try await bed.counts("out") == [1, 0, 0, 0])
    }
}

/// Issue 12 item 2 on the sync side: the replay and the ledger writes run under the write guard.
@Suite("Sync with D1: triggers cannot write through a sync", .timeLimit(.minutes(10)))
struct SyncTriggerTests {
    /// The trigger is D1's: the old pull failed whole, advising a local DROP TRIGGER that the next
    /// pull undid, and never listed the trigger. Now the pull lists it, the decision waits as a
    /// conflict naming it and the repair on D1, and nothing the trigger would do is done.
    @Test func aTriggerOnD1ThatWipesVotesIsListedAndItsDecisionWaitsAsAConflict() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        _ = try await SQLiteShell.run(
            bed.d1, input: "CREATE TRIGGER wipe AFTER UPDATE ON suggestions BEGIN DELETE FROM votes; END;\n")
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "votes"])
        #expect(pulled.status == 3)
        #expect(pulled.stderr.contains("warning: the trigger wipe on suggestions also writes to votes"))
        #expect(pulled.stderr.contains("it came with D1's data"), "\(pulled.stderr)")
        #expect(pulled.stdout.contains("D1's trigger 'wipe' would DELETE FROM votes"), "\(pulled.stdout)")
        #expect(pulled.stdout.contains("drop it there"))
        #expect(try await bed.rows("a", "SELECT count(*) FROM votes") == [["55"]])
        #expect(try await bed.counts("a") == [0, 0, 0, 1])
        // The repair on D1, a pull, and the decision made again: settled and pushed.
        await #expect(
            try SyncRoutineTests.wrangler(
                bed, ["d1", "execute", "votes", "--remote", "--command", "DROP TRIGGER wipe"])
                == 0)
        #expect(try await bed.tally("a", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["push", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
        #expect(try await bed.rows("d1.sqlite", "SELECT count(*) FROM votes") == [["55"]])
    }

    @Test func aTriggerOnTheLedgerCannotWriteElsewhereWhenAPushIsMarked() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        _ = try await SQLiteShell.run(
            bed.path("a"),
            input: "CREATE TRIGGER sneak AFTER UPDATE ON tally_sync_decisions BEGIN DELETE FROM votes; END;\n")
        let before = try NotesDatabase.bytes(bed.path("a"))
        let pushed = try await bed.tally("a", ["push", "--output", "push.sql"])
        #expect(pushed.status == 1)
        #expect(pushed.stderr.contains("the trigger 'sneak' would DELETE FROM votes"))
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
    }
}
