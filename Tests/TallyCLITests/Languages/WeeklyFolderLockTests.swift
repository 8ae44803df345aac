import Foundation
import Testing

/// Two `tally weekly` runs into one folder never interleave their pages (#23, item 13): a run
/// takes the folder's lock (`flock` on the folder) and one that finds it held stops at once with a
/// message, writing nothing; the lock goes with the process.
@Suite("tally weekly: one run at a time per reports folder", .serialized, .timeLimit(.minutes(10)))
struct WeeklyFolderLockTests {
    static func weekly(_ db: String, _ folder: TemporaryDirectory) -> [String] {
        [
            "weekly", "--db", db, "--tz", "Asia/Taipei", "--exclude-before", "2026-09-19 02:11", "--launch",
            "2026-09-19", "--through", "2026-10-10", "--reports", folder.path("out"),
        ]
    }

    /// Another process (python's `fcntl.flock`, as any tool would) holds the lock: refused, nothing written;
    /// once it lets go, the same run goes through.
    @Test(.enabled(if: OutsideProgram.mayRun(needing: "python3"), "needs python3"))
    func aHeldLockIsReportedAndNothingIsWritten() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        let holder = try TallyProcess.start(
            [
                "python3", "-c",
                "import fcntl, os, sys, time\nfd = os.open(sys.argv[1], os.O_RDONLY)\nfcntl.flock(fd, fcntl.LOCK_EX)\n"
                    + "print('held', flush=True)\nsys.stdin.read()\n",
                folder.path("out"),
            ], program: URL(fileURLWithPath: "/usr/bin/env"), withInput: true)
        defer { try? holder.input.close() }
        let held = await holder.output.nextLine()
        #expect(held == "held", "the other process holds the lock")
        let refused = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-10-03", "--reports", folder.path("out")])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "Error: another tally is writing into \(folder.path("out")) (it holds the folder's lock); two runs "
                + "into one folder would mix their pages. Wait for it to finish and run again, or give another "
                + "--reports folder\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("out")).isEmpty)
        try holder.input.close()
        _ = await holder.finish()
        let after = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-10-03", "--reports", folder.path("out")])
        #expect(after.status == 0, "\(after.stderr)")
    }

    /// Real processes racing: two runs from different databases into one folder, started together,
    /// several rounds. Whatever the timing, the folder ends up as the last run wrote it, file for file,
    /// never a mix; a run that lost the race says so.
    @Test func racingRunsFromTwoDatabasesNeverMixTheirPages() async throws {
        let folder = try TemporaryDirectory()
        let a = folder.path("a.sqlite")
        let b = folder.path("b.sqlite")
        #expect(try await TallyProcess.run(["demo", "--db", a, "-q"]).status == 0)
        #expect(try await TallyProcess.run(["demo", "--db", b, "-q"]).status == 0)
        _ = try await SQLiteShell.run(
            b, input: "INSERT INTO votes (option_id, session_id, created_at) VALUES (2, 'late', '2026-09-29 03:00:00');"
        )
        // What each database alone writes.
        var alone: [String: [String: Data]] = [:]
        for db in [a, b] {
            let own = try TemporaryDirectory()
            #expect(try await TallyProcess.run(Self.weekly(db, own)).status == 0)
            alone[db] = try WeeklyCommandTests.contents(of: own.path("out"))
        }
        #expect(alone[a] != alone[b])
        for round in 0..<4 {
            let out = try TemporaryDirectory()
            let runs = try [a, b].map { db in try TallyProcess.start(Self.weekly(db, out)) }
            var results: [TallyProcess.Result] = []
            for run in runs { results.append(await run.finish()) }
            let statuses = results.map(\.status)
            #expect(statuses.allSatisfy { $0 == 0 || $0 == 1 }, "round \(round): \(results)")
            for result in results where result.status == 1 {
                #expect(result.stderr.contains("holds the folder's lock"), "round \(round): \(result.stderr)")
            }
            let folderNow = try WeeklyCommandTests.contents(of: out.path("out"))
            // The last run's files are all there as it wrote them; the only others are files the earlier run
            // (finished whole, when both succeeded) wrote and the last one does not write (a week-2 daily chart
            // only b's late vote draws): weekly never deletes. Mixed pages would break the first condition.
            func lastRunWas(_ last: String, after earlier: String) -> Bool {
                guard let own = alone[last], let other = alone[earlier] else { return false }
                return own.allSatisfy { folderNow[$0.key] == $0.value }
                    && folderNow.allSatisfy { own[$0.key] != nil || (statuses == [0, 0] && other[$0.key] == $0.value) }
            }
            func differing(_ db: String) -> [String] {
                folderNow.keys.sorted().filter { folderNow[$0] != alone[db]?[$0] }
            }
            #expect(
                lastRunWas(a, after: b) || lastRunWas(b, after: a),
                "round \(round): the pages are one run's; statuses \(statuses), unlike a: \(differing(a)), unlike b: \(differing(b))"
            )
        }
    }
}
