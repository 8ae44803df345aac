import Foundation
import TallyCore
import TallySQLite
import Testing

/// `tally pull --wrangler DB` reads through D1's query API: only what the copy lacks, checking what
/// it holds, D1 serving the vote page throughout. Every case ends with the copy equal to D1's data
/// or the old copy untouched, and says which.
@Suite("Sync with D1: pull through the query API", .serialized, .timeLimit(.minutes(10)))
struct QueryPullTests {
    /// Pages of 50 votes, so that the demo's votes take several requests.
    static let pages = ["TALLY_PULL_PAGE_ROWS": "50"]

    /// A bed whose D1 holds the demo plus `extra` votes (ids 56…).
    static func bed(extra: Int = 200) async throws -> SyncBed {
        let bed = try SyncBed()
        try await addVotes(bed, extra)
        return bed
    }

    static func addVotes(_ bed: SyncBed, _ count: Int) async throws {
        try await SQLiteShell.run(
            bed.d1,
            input:
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                INSERT INTO votes (option_id, session_id, created_at)
                SELECT 1 + (i % 3), 'added-' || (SELECT coalesce(max(id), 0) FROM votes) || '-' || i,
                       '2026-10-0' || (1 + i % 7) || ' 12:00:00' FROM n;
                """)
    }

    static func calls(_ bed: SyncBed) -> [String] {
        ((try? String(contentsOfFile: bed.d1 + ".calls", encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
    }

    /// The copy holds D1's rows, table by table (a copy without local decisions).
    static func expectEqual(_ bed: SyncBed, _ copy: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mine = try NotesDatabase.tables(bed.path(copy))
        let d1 = try NotesDatabase.tables(bed.d1)
        for table in d1.keys.sorted() {
            #expect(mine[table] == d1[table], "\(table) differs", sourceLocation: sourceLocation)
        }
    }

    @Test func theFirstPullCopiesEverythingInPagesAndTheNextFetchesOnlyNewVotes() async throws {
        let bed = try await Self.bed()
        let first = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("(255 votes), 0 votes kept"), "\(first.stdout)")
        #expect(!first.stderr.contains("read D1:"), "no progress line off a terminal")
        try Self.expectEqual(bed, "a")
        try await Self.addVotes(bed, 30)
        let weekly = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages)
        #expect(weekly.status == 0, "\(weekly.stderr)")
        #expect(weekly.stdout.contains("(30 votes), 255 votes kept from the copy"), "\(weekly.stdout)")
        try Self.expectEqual(bed, "a")
        // The same data as a full export gives: the report and the fingerprint agree.
        #expect(try await bed.tally("b", ["pull", "--from", try await bed.export()]).status == 0)
        let a = try await bed.tally("a", ["report", "--format", "json", "--as-of", "2026-10-20 00:00"])
        let b = try await bed.tally("b", ["report", "--format", "json", "--as-of", "2026-10-20 00:00"])
        #expect(a.status == 0 && a.stdout.contains("\"fingerprint\""), "\(a.stderr)")
        #expect(a.stdout == b.stdout)
        // Every call was the query API; D1 was never unavailable.
        #expect(Self.calls(bed).allSatisfy { $0.contains("\"--command\"") && $0.hasSuffix("\"--json\"]") })
        #expect(!FileManager.default.fileExists(atPath: bed.d1 + ".offline"))
        // status records the watermark.
        let origin = try await #require(try bed.status("a")["origin"] as? [String: Any])
        let marks = try #require(origin["watermarks"] as? [[String: Any]])
        #expect(marks.first?["table"] as? String == "votes")
        #expect(marks.first?["through_id"] as? Int == 285)
        #expect(marks.first?["rows"] as? Int == 285)
    }

    @Test func votesArrivingBetweenPagesComeWithTheNextPull() async throws {
        let bed = try await Self.bed()
        let hook = bed.folder.path("more.sql")
        try Data(
            "INSERT INTO votes (option_id, session_id, created_at) VALUES (2, 'late-1', '2026-10-09 10:00:00'), (3, 'late-2', '2026-10-09 10:01:00');\n"
                .utf8
        ).write(to: URL(fileURLWithPath: hook))
        // Calls: schema, sizes, then pages of votes: the hook runs before the second page.
        let pulled = try await bed.tally(
            "a", ["pull", "--wrangler", "prod"],
            env: Self.pages.merging(["TALLY_TEST_D1_HOOK_AT": "4", "TALLY_TEST_D1_HOOK_SQL": hook]) { $1 })
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(try await bed.rows("a", "SELECT count(*), max(id) FROM votes") == [["255", "255"]])
        #expect(try await bed.rows("d1.sqlite", "SELECT count(*) FROM votes") == [["257"]])
        let next = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains("(2 votes)"), "\(next.stdout)")
        try Self.expectEqual(bed, "a")
    }

    @Test func aVoteDeletedAndOneEditedOnD1AreFetchedAgainAndLocalDecisionsKept() async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        try await SQLiteShell.run(
            bed.d1, input: "DELETE FROM votes WHERE id = 5; UPDATE votes SET session_id = 'edited' WHERE id = 17;")
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stderr.contains("1 range(s) of votes the copy held differ from D1's"), "\(pulled.stderr)")
        #expect(pulled.stderr.contains("fetched again"))
        let mine = try NotesDatabase.tables(bed.path("a"))
        let d1 = try NotesDatabase.tables(bed.d1)
        #expect(mine["votes"] == d1["votes"])
        #expect(try await bed.rows("a", "SELECT session_id FROM votes WHERE id = 17") == [["edited"]])
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
    }

    @Test func aD1RestoredToAnOlderStateIsSaidAndCopied() async throws {
        let bed = try await Self.bed()
        let backup = bed.folder.path("backup.sqlite")
        try FileManager.default.copyItem(atPath: bed.d1, toPath: backup)
        try await Self.addVotes(bed, 40)
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages).status == 0)
        try FileManager.default.removeItem(atPath: bed.d1)
        try FileManager.default.copyItem(atPath: backup, toPath: bed.d1)
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stderr.contains("D1's votes end at id 255, the copy's went on to 295"), "\(pulled.stderr)")
        try Self.expectEqual(bed, "a")
    }

    @Test func anotherDatabaseUnderTheSameNameIsFetchedWhole() async throws {
        let bed = try await Self.bed()
        // Two ranges of ids (0–65,535 and 65,536–131,071), so that "none matches" means something.
        try await SQLiteShell.run(bed.d1, input: "UPDATE votes SET id = id + 100000 WHERE id > 200;")
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages).status == 0)
        try await SQLiteShell.run(bed.d1, input: "UPDATE votes SET created_at = datetime(created_at, '+1 second');")
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(
            pulled.stderr.contains("none of the copy's 2 vote range(s) matches D1's: D1 holds another database"),
            "\(pulled.stderr)")
        #expect(pulled.stderr.contains("every vote was fetched again"))
        #expect(pulled.stdout.contains("(255 votes), 0 votes kept"), "\(pulled.stdout)")
        try Self.expectEqual(bed, "a")
    }

    @Test func aPullKilledBetweenPagesLeavesTheOldCopyWhole() async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        try await Self.addVotes(bed, 120)
        let before = try NotesDatabase.bytes(bed.path("a"))
        let killAt = Self.calls(bed).count + 4
        let script = bed.path("wrangler-kills.sh")
        try Data(
            """
            #!/bin/sh
            n=$(wc -l < "$TALLY_TEST_D1.calls")
            if [ "$n" -ge \(killAt - 1) ]; then kill -KILL "$PPID"; sleep 5; fi
            exec '\(SyncBed.wranglerFolder)/wrangler' "$@"

            """.utf8
        ).write(to: URL(fileURLWithPath: script))
        try #require(chmod(script, 0o755) == 0)
        let killed = try await bed.tally(
            "a", ["pull", "--wrangler", "prod"], env: Self.pages.merging(["TALLY_WRANGLER": script]) { $1 })
        #expect(killed.status != 0)
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
        let retry = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages)
        #expect(retry.status == 0, "\(retry.stderr)")
        #expect(try await bed.rows("a", "SELECT count(*) FROM votes") == [["375"]])
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
    }

    @Test func limitsHitStopThePullWithTheOldCopyUntouched() async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"], env: Self.pages).status == 0)
        let before = try NotesDatabase.bytes(bed.path("a"))
        // D1 refuses an answer over its limit: its message, nothing changed.
        try await Self.addVotes(bed, 60)
        let big = try await bed.tally(
            "a", ["pull", "--wrangler", "prod"], env: Self.pages.merging(["TALLY_TEST_D1_RESULT_LIMIT": "3000"]) { $1 })
        #expect(big.status == 1)
        #expect(big.stderr.contains("D1 response too large"), "\(big.stderr)")
        #expect(big.stderr.contains("nothing was changed"))
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
        // The tables fetched whole must fit one request.
        try await SQLiteShell.run(
            bed.d1,
            input:
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100001)
                INSERT INTO suggestions (session_id, content) SELECT 's', 'note ' || i FROM n;
                """)
        let whole = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(whole.status == 1)
        #expect(whole.stderr.contains("hold 100"), "\(whole.stderr)")
        #expect(whole.stderr.contains("--export"))
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
    }

    /// Issue 45 item 7: past D1's 50 MB maximum result size, the one request for every table but votes
    /// failed with D1's size error on every pull, pointing nowhere. It is measured first and refused naming
    /// `--export`, which then pulls the same data whole.
    @Test func notesPastD1sAnswerLimitAreRefusedBeforeAskingAndNameTheExport() async throws {
        let bed = try await Self.bed(extra: 0)
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        let before = try NotesDatabase.bytes(bed.path("a"))
        // 52 notes of 1,000,000 characters: about 52 MB of note text.
        try await SQLiteShell.run(
            bed.d1,
            input:
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 52)
                INSERT INTO suggestions (session_id, content) SELECT 'big-' || i, hex(randomblob(500000)) FROM n;
                """)
        let refused = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("come to about 52.0 MB in D1's answer"), "\(refused.stderr)")
        #expect(refused.stderr.contains("D1 answers at most 50.0 MB a request"), "\(refused.stderr)")
        #expect(refused.stderr.contains("`tally pull --wrangler DB --export`"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("D1 response too large"), "refused before D1 was asked: \(refused.stderr)")
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
        let exported = try await bed.tally("a", ["pull", "--wrangler", "prod", "--export", "--yes"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(
            try await bed.rows(
                "a", "SELECT count(*), sum(length(content)) FROM suggestions WHERE session_id LIKE 'big-%'")
                == [["52", "52000000"]])
    }

    @Test func exportAsksFirstAndRefusesWithoutYesWhenNotOnATerminal() async throws {
        let bed = try await Self.bed()
        let refused = try await bed.tally("a", ["pull", "--wrangler", "prod", "--export"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("makes D1 unavailable while it runs: the vote page cannot"), "\(refused.stderr)")
        #expect(refused.stderr.contains("without --yes"))
        #expect(Self.calls(bed).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: bed.path("a")))
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod", "--export", "--yes"])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stderr.contains("warning: `wrangler d1 export prod --remote` makes D1 unavailable"))
        // tally asked; wrangler is told so and does not ask again.
        #expect(Self.calls(bed).first?.contains("\"--skip-confirmation\"") == true)
        try Self.expectEqual(bed, "a")
        let usage = try await bed.tally("a", ["pull", "--from", "x.sql", "--export"])
        #expect(usage.status == 2)
    }

    /// wrangler exited 0 with something else than D1's results: what it printed is said, and what to
    /// do; a login problem would make wrangler fail, so the login is not blamed for a shape.
    @Test func aWranglerThatAnswersSomethingElseIsNamed() async throws {
        let bed = try await Self.bed()
        let answers: [(printed: String, seen: String)] = [
            ("Logged in as nobody", "it printed text that is not JSON ("),
            ("", "it printed nothing on standard output"),
            (
                #"{"rows":[]}"#,
                #"its JSON is not D1's list of results (the object has no "results" (its keys: "rows"))"#
            ),
            (
                #"[{"results":[{"a":{"b":1}}],"success":true}]"#,
                "row 1 of a result, column 'a', holds an object, which is not a value SQL stores"
            ),
        ]
        for answer in answers {
            let script = bed.path("wrangler-other.sh")
            let body = "#!/bin/sh\ncat <<'EOF'\n\(answer.printed)\nEOF\n"
            try Data(body.utf8).write(to: URL(fileURLWithPath: script))
            try #require(chmod(script, 0o755) == 0)
            let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: ["TALLY_WRANGLER": script])
            #expect(pulled.status == 1)
            #expect(
                pulled.stderr.contains(
                    "`wrangler d1 execute prod --remote --command … --json` exited 0, but its answer is not D1's "
                        + "results: " + answer.seen), "\(pulled.stderr)")
            #expect(pulled.stderr.contains("Nothing was changed. tally reads what `d1 execute --json` prints"))
            #expect(!pulled.stderr.contains("login"), "\(pulled.stderr)")
            #expect(!FileManager.default.fileExists(atPath: bed.path("a")))
        }
        let script = bed.path("wrangler-other.sh")
        try Data("#!/bin/sh\necho 'Logged in as nobody'\n".utf8).write(to: URL(fileURLWithPath: script))
        let named = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: ["TALLY_WRANGLER": script])
        #expect(named.stderr.contains("it begins 'Logged in as nobody'"), "\(named.stderr)")
        // An answer with another number of results than statements.
        try Data("#!/bin/sh\necho '[]'\n".utf8).write(to: URL(fileURLWithPath: script))
        let counted = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: ["TALLY_WRANGLER": script])
        #expect(counted.status == 1)
        #expect(
            counted.stderr.contains("wrangler's answer to a request of 1 statement(s) holds 0 result(s)"),
            "\(counted.stderr)")
        #expect(counted.stderr.contains("Run the pull again"))
        #expect(!FileManager.default.fileExists(atPath: bed.path("a")))
    }
}
