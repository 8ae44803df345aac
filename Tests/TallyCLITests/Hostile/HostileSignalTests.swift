import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// Hostile class "signals": Ctrl-C (SIGINT) and SIGTERM stop tally while an outside program runs;
/// the program (and anything it started) is stopped and waited for, never orphaned; tally's
/// scratch files are removed on the way out, and by the next run after a SIGKILL. Real processes
/// and real signals throughout.
@Suite("Hostile: always stoppable", .timeLimit(.minutes(20)))
struct HostileSignalTests {
    /// A stand-in wrangler that records its process id (its group's id too), then sleeps in the
    /// foreground of a shell, so the signal must reach a grandchild.
    static func sleepingWrangler(in folder: TemporaryDirectory) throws -> String {
        let path = folder.path("wrangler")
        try "#!/bin/sh\necho $$ > \(folder.path("wrangler.pid"))\nsleep 600\necho never\n"
            .write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    /// Waits (at most 60 s) for the stand-in to write its process id.
    static func wranglerID(in folder: TemporaryDirectory) async throws -> pid_t {
        var pid: pid_t?
        _ = await OffPool.until(within: 60) {
            pid = (try? String(contentsOfFile: folder.path("wrangler.pid"), encoding: .utf8))
                .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return pid != nil
        }
        guard let pid else { throw CancellationError() }
        return pid
    }

    /// True while a process of the group `group` runs (checked for 2 s). Zombies do not count: an
    /// orphan that died is reaped by init, which in a container may never happen.
    static func groupAlive(_ group: pid_t) async -> Bool {
        let ended = await OffPool.until(within: 2, every: .milliseconds(50)) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            let running = names.contains { name in
                guard Int32(name) != nil,
                    let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { return false }
                // After "pid (comm) ": state, ppid, pgrp.
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 2 && fields[2] == "\(group)" && fields[0] != "Z"
            }
            return !running
        }
        return !ended
    }

    /// Sends `signal` to tally (unless `sent`) and waits (at most `seconds`) for it to stop; expects exit 1 and returns
    /// its stderr and the signal's name as messages say it.
    static func interrupt(
        _ process: TallyProcess.Running, with signal: Int32, within seconds: Double, sent: Bool = false
    ) async -> (stderr: String, name: String) {
        if !sent { process.send(signal) }
        #expect(await process.ends(within: seconds), "tally did not stop")
        if process.process.isRunning { process.send(SIGKILL) }
        let result = await process.finish()
        #expect(result.status == 1, "\(result.stderr)")
        return (result.stderr, signal == SIGINT ? "SIGINT" : "SIGTERM")
    }

    static func scratchFiles(_ folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".tally-") }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func pullStopsWranglerAndCleansUp(_ signal: Int32) async throws {
        let folder = try TemporaryDirectory()
        let wrangler = try Self.sleepingWrangler(in: folder)
        let process = try TallyProcess.start(
            ["pull", "--wrangler", "votes", "--db", "votes.sqlite"], in: folder.url.path,
            environment: ["TALLY_WRANGLER": wrangler])
        let child = try await Self.wranglerID(in: folder)
        let (stderr, name) = await Self.interrupt(process, with: signal, within: 20)
        #expect(stderr.contains("Error: interrupted (\(name)) while `wrangler d1 execute votes --remote"), "\(stderr)")
        #expect(!(await Self.groupAlive(child)), "wrangler or its child outlived tally")
        #expect(try Self.scratchFiles(folder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("votes.sqlite")))
    }

    /// A weekly run stages every file under a temporary name before it puts any in place (hundreds at 104
    /// weeks). A signal while they are staged stops it between two files: exit 1, no page written, no
    /// temporary left in the folder (before, the process died there and left them for the next run).
    @Test(arguments: [SIGINT, SIGTERM])
    func weeklyStopsWhileStagingAndLeavesNoFile(_ signal: Int32) async throws {
        let folder = try TemporaryDirectory()
        let generated = try await TallyProcess.run(
            ["generate", "--db", "votes.sqlite", "--votes", "20000", "--days", "730", "--seed", "1"],
            in: folder.url.path)
        #expect(generated.status == 0, "\(generated.stderr)")
        let process = try TallyProcess.start(
            [
                "weekly", "--db", "votes.sqlite", "--tz", "UTC", "--launch", "2026-09-01", "--through",
                "2028-08-29", "--reports", "out", "-q",
            ], in: folder.url.path)
        // The first temporary means staging has begun; every file is flushed, so it takes seconds. Watched
        // and signalled from a thread of its own, so a busy pool cannot let the run finish staging first.
        let out = folder.path("out")
        let staging = await OffPool.run {
            let giveUp = Date().addingTimeInterval(120)
            while process.process.isRunning, Date() < giveUp {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
                if names.contains(where: { $0.contains(".tmp-") }) {
                    process.send(signal)
                    return true
                }
                usleep(1_000)
            }
            return false
        }
        #expect(staging, "no temporary appeared before the run ended")
        let (stderr, name) = await Self.interrupt(process, with: signal, within: 60, sent: staging)
        #expect(stderr.contains("Error: interrupted (\(name)); no page was written"), "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == [], "the folder holds nothing of the run")
    }

    /// A report whose `-o` is a FIFO nobody reads waits for a reader, as `sh`'s `>` would, and Ctrl-C still stops it
    /// there: its files are staged and renamed with the signals held, and the FIFO written once they are let go.
    @Test func aReportWaitingForAFIFOReaderStopsOnCtrlC() async throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("post.md")
        try #require(mkfifo(fifo, 0o644) == 0, "mkfifo: \(String(cString: strerror(errno)))")
        // Started as a shell starts it, SIGINT unblocked (a test runner's thread passes on its blocked signals).
        let unblocked =
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
            + "os.execv(sys.argv[1], sys.argv[1:])"
        let process = try TallyProcess.start(
            [
                "python3", "-c", unblocked, TallyProcess.executable.path, "report", "--demo", "--charts", "ch", "-o",
                fifo,
            ],
            in: folder.url.path, program: URL(fileURLWithPath: "/usr/bin/env"))
        let pid = process.process.processIdentifier
        let waiting = await OffPool.until(within: 60) {
            (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) == "wait_for_partner"
        }
        #expect(waiting, "tally never waited for the FIFO's reader")
        process.send(SIGINT)
        #expect(await process.ends(within: 20), "tally did not stop")
        if process.process.isRunning { process.send(SIGKILL) }
        _ = await process.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["ch", "post.md"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("ch")).sorted() == [
                ".tally-pages.json", "daily.svg", "ranking-original.svg",
            ], "the charts and their record were in place before the FIFO was opened")
    }

    /// Stopped while wrangler sends: wrangler's group is stopped, no file is left, and the decision is
    /// sent with its outcome unknown (the request may have reached D1), never "unpushed"; nothing more
    /// is started after the signal (D1 is read by the next push or pull).
    @Test func pushStopsWranglerCleansUpAndCallsTheOutcomeUnknown() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", "votes.sqlite", "-q"], in: folder.url.path).status == 0)
        let approved = try await TallyProcess.run(
            ["notes", "approve", "3", "--as", "alice", "--db", "votes.sqlite"], in: folder.url.path)
        #expect(approved.status == 0, "\(approved.stderr)")
        let wrangler = try Self.sleepingWrangler(in: folder)
        let process = try TallyProcess.start(
            ["push", "--wrangler", "votes", "--db", "votes.sqlite"], in: folder.url.path,
            environment: ["TALLY_WRANGLER": wrangler])
        let child = try await Self.wranglerID(in: folder)
        #expect(try Self.scratchFiles(folder).isEmpty, "push writes no file: its SQL goes as one argument")
        process.send(SIGTERM)
        #expect(await process.ends(within: 20), "tally did not stop")
        if process.process.isRunning { process.send(SIGKILL) }
        let result = await process.finish()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("interrupted (SIGTERM)"), "\(result.stderr)")
        #expect(result.stderr.contains("outcome unknown (not unpushed)"), "\(result.stderr)")
        #expect(!result.stderr.contains("Read D1 for them"), "nothing is started after the signal")
        #expect(!(await Self.groupAlive(child)), "wrangler or its child outlived tally")
        #expect(try Self.scratchFiles(folder).isEmpty)
        #expect(
            try await SQLiteShell.rows(folder.path("votes.sqlite"), "SELECT state FROM tally_sync_decisions")
                == [["sent"]])
    }

    @Test func aStuckWranglerIsStoppedAtTheTimeLimit() async throws {
        let folder = try TemporaryDirectory()
        let wrangler = try Self.sleepingWrangler(in: folder)
        let result = try await TallyProcess.run(
            ["pull", "--wrangler", "votes", "--db", "votes.sqlite", "--timeout", "1"], in: folder.url.path,
            environment: ["TALLY_WRANGLER": wrangler])
        #expect(result.seconds < 30, "tally ran \(result.seconds) s")
        #expect(result.status == 1)
        #expect(result.stderr.contains("was still running after 1 s, so it was stopped"), "\(result.stderr)")
        #expect(!(await Self.groupAlive(try await Self.wranglerID(in: folder))))
        #expect(try Self.scratchFiles(folder).isEmpty)
    }

    /// A wrangler that ends (killed, or exiting 0) while a process it started holds its output
    /// open: tally stops waiting a moment after it ended, not at --timeout, stops that process,
    /// says so, and uses no part of the answer.
    @Test(arguments: [("kill", "ended (signal 9)"), ("exit", "ended (exit status 0)")])
    func aWranglerWhoseChildHoldsItsOutputDoesNotHoldTally(_ linger: String, _ ended: String) async throws {
        let bed = try SyncBed()
        let process = try TallyProcess.start(
            ["pull", "--wrangler", "votes", "--db", "votes.sqlite", "--timeout", "600"], in: bed.folder.url.path,
            environment: bed.environment(["TALLY_TEST_WRANGLER_LINGER": linger]))
        let stopped = await process.ends(within: 60)
        if !stopped { process.send(SIGKILL) }
        let result = await process.finish()
        let stderr = result.stderr
        #expect(stopped && result.seconds < 30, "tally waited \(result.seconds) s")
        #expect(result.status == 1, "\(stderr)")
        #expect(
            stderr.contains("\(ended) but a process it started kept its output open 2 s later, so tally stopped"),
            "\(stderr)")
        #expect(stderr.contains("nothing was changed locally"))
        let holder = try #require(pid_t(try String(contentsOfFile: bed.d1 + ".linger", encoding: .utf8)))
        #expect(!(await Self.groupAlive(getpgid(holder))), "the process holding the output was stopped")
        #expect(
            getpgid(holder) < 0
                || (try? String(contentsOfFile: "/proc/\(holder)/stat", encoding: .utf8))?
                    .split(separator: ")").last?.split(separator: " ").first == "Z"
        )
        #expect(!FileManager.default.fileExists(atPath: bed.path("votes")), "no copy from a partial answer")
        #expect(try Self.scratchFiles(bed.folder).isEmpty)
    }

    @Test func theNextRunRemovesWhatAKilledRunLeft() async throws {
        let folder = try TemporaryDirectory()
        let ended = try TallyProcess.start(["true"], program: URL(fileURLWithPath: "/usr/bin/env"))
        _ = await ended.finish()
        let dead = ended.id
        let alive = getpid()
        for name in [
            ".tally-pull-\(dead).sql", ".tally-push-\(dead).sql", ".tally-pull-\(alive).sql", ".tally-pull-x.sql",
        ] {
            FileManager.default.createFile(atPath: folder.path(name), contents: Data("-- left\n".utf8))
        }
        let wrangler = folder.path("wrangler")
        try "#!/bin/sh\nexit 1\n".write(toFile: wrangler, atomically: false, encoding: .utf8)
        chmod(wrangler, 0o755)
        #expect(try await TallyProcess.run(["demo", "--db", "votes.sqlite", "-q"], in: folder.url.path).status == 0)
        _ = try await TallyProcess.run(
            ["notes", "approve", "3", "--as", "alice", "--db", "votes.sqlite"], in: folder.url.path)
        for command in ["pull", "push"] {
            let result = try await TallyProcess.run(
                [command, "--wrangler", "votes", "--db", "votes.sqlite"], in: folder.url.path,
                environment: ["TALLY_WRANGLER": wrangler])
            #expect(result.status == 1, "\(result.stderr)")
        }
        #expect(try Self.scratchFiles(folder).sorted() == [".tally-pull-\(alive).sql", ".tally-pull-x.sql"])
    }

    /// A `.votes.sqlite.tmp-PID` a SIGKILLed `generate --replace` left was removed only by the next
    /// build of that very file, and an output's `.r.md.tmp-PID-N` never: the next write there removes
    /// them, and only them (not a look-alike that is not an SQLite file, not a running process's).
    @Test func theNextWriteRemovesTheTemporariesOfAKilledRun() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", "votes.sqlite", "-q"], in: folder.url.path).status == 0)
        let process = try TallyProcess.start(
            ["generate", "--votes", "5000000", "--db", "votes.sqlite", "--replace", "-q"], in: folder.url.path)
        let temporary = ".votes.sqlite.tmp-\(process.id)"
        _ = await OffPool.until(within: 60, every: .milliseconds(2)) {
            !process.process.isRunning || FileManager.default.fileExists(atPath: folder.path(temporary))
        }
        #expect(process.process.isRunning, "generate ended before it was killed; give it more votes")
        process.send(SIGKILL)
        #expect(await process.finish().status == 128 + SIGKILL)
        // What the same run left beside a page it was writing; and a file of the user's named alike.
        let page = ".r.md.tmp-\(process.id)-0"
        try "half a page".write(toFile: folder.path(page), atomically: false, encoding: .utf8)
        let lookalike = ".votes.sqlite.tmp-\(getppid())0"
        try "mine".write(toFile: folder.path(lookalike), atomically: false, encoding: .utf8)
        let running = ".r.md.tmp-\(getpid())-0"
        try "a running run's".write(toFile: folder.path(running), atomically: false, encoding: .utf8)
        let listing = { try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() }
        #expect(try listing().contains(temporary))

        let approved = try await TallyProcess.run(
            ["notes", "approve", "3", "--as", "alice", "--db", "votes.sqlite"], in: folder.url.path)
        #expect(approved.status == 0, "\(approved.stderr)")
        #expect(try listing() == [page, running, lookalike, "votes.sqlite"].sorted())
        let report = try await TallyProcess.run(["report", "--db", "votes.sqlite", "-o", "r.md"], in: folder.url.path)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(try listing() == [running, lookalike, "r.md", "votes.sqlite"].sorted())
    }
}
