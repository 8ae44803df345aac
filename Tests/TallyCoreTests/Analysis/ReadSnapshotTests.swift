import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// Issue 12, item 6: every figure of a report comes from one committed state, while another
/// process commits every 10 ms. The writer (python3's sqlite3, a real process) adds, in each
/// transaction, one option, three votes for it from three new sessions spread over the session
/// ids, and one note. In any committed state the writer's k
/// transactions show as k options, 3k votes and k notes, and each of its options has its three
/// votes; a report that mixes two states breaks one of those, and the test reads each of them
/// from a different statement (options, vote scan, notes queries, fingerprint).
@Suite("One read snapshot per report, under a writing process", .serialized, .timeLimit(.minutes(20)))
struct ReadSnapshotTests {
    /// Base data: five options, 70,000 sessions of three votes (210,000 votes: a scan long enough
    /// for the writer to commit during it).
    static let baseSessions = 70_000

    @Test(
        "rollback journal and WAL",
        .enabled(if: OutsideProgram.mayRun(needing: "python3"), "needs python3 (its sqlite3 module is the writer)"),
        arguments: ["delete", "wal"])
    func everyReportMatchesItsOwnFingerprint(journalMode: String) async throws {
        let database = try SnapshotDatabase(journalMode: journalMode)
        let writer = try SnapshotWriter(path: database.path, folder: database.folder)
        defer { writer.abandon() }
        // Each report starts on a new state: after the writer's next commit.
        let path = database.path
        let reports = try await writer.readAfterEachCommit(4) {
            Observed(
                try Analyzer(parameters: SnapshotDatabase.parameters).figures(from: DatabaseFile.openForReading(path)))
        }
        let seen = try reports.map { try database.checkConsistent($0) }
        await writer.stop()
        try #require(writer.failure == nil, "the writer failed: \(writer.failure ?? "")")
        // The writer really committed between the reports: each report saw more of its rows.
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "writer transactions seen: \(seen)")
        #expect(seen.first ?? 0 > 0)
    }

    @Test(
        "a weekly run reads one state for all its weeks",
        .enabled(if: OutsideProgram.mayRun(needing: "python3"), "needs python3 (its sqlite3 module is the writer)"))
    func aWeeklyRunReadsOneState() async throws {
        let database = try SnapshotDatabase(journalMode: "wal")
        let writer = try SnapshotWriter(path: database.path, folder: database.folder)
        defer { writer.abandon() }
        let path = database.path
        let weeks = try await writer.readAfterEachCommit(1) {
            let calendar = WeekCalendar(launch: CivilDateTime(year: 2026, month: 9, day: 14), zone: .utc)
            return try WeeklyAnalyzer(calendar: calendar, parameters: SnapshotDatabase.parameters)
                .tallies(from: DatabaseFile.openForReading(path), through: .utc("2026-10-05 00:00:00"))
                .map { Observed($0.report) }
        }
        await writer.stop()
        try #require(writer.failure == nil, "the writer failed: \(writer.failure ?? "")")
        // The writer's rows are dated in week 1; weeks 1–3 all count them, and all must count the same.
        let counts = try weeks[0].map { try database.checkConsistent($0) }
        try #require(counts.count == 3)
        #expect(Set(counts).count == 1, "writer transactions seen per week: \(counts)")
    }
}

/// The test's database: migrated schema, base data, a journal mode.
struct SnapshotDatabase {
    let folder: TemporaryDirectory
    let path: String
    /// Rows before the writer starts.
    let baseOptions = 5
    let baseVotes = ReadSnapshotTests.baseSessions * 3
    let baseNotes = 2

    static let parameters = ReportParameters(asOf: .utc("2026-10-05 00:00:00"))

    init(journalMode: String) throws {
        let database = try VoteDatabase(
            votes: [], notes: [("n1", "first", "pending", nil), ("n2", "second", "rejected", nil)])
        folder = database.folder
        path = database.path
        let db = try Connection(path: path, mode: .readWrite)
        try db.execute(
            "INSERT INTO votes (option_id, session_id, created_at) "
                + "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
                + "SELECT 1 + i % 5, printf('s%06d', i % ?), '2026-09-15 10:00:00' FROM n",
            [.integer(Int64(baseVotes - 1)), .integer(Int64(ReadSnapshotTests.baseSessions))])
        // Notes dated in week 1, so the weekly reports count them as well.
        try db.execute("UPDATE suggestions SET created_at = '2026-09-15 08:00:00'")
        let mode = try db.scalar("PRAGMA journal_mode = \(journalMode == "wal" ? "WAL" : "DELETE")")?.string
        precondition(mode == journalMode, "journal mode \(mode ?? "nil")")
    }

    /// Checks that a report's figures belong to one committed state and returns how many of the
    /// writer's transactions that state holds.
    func checkConsistent(_ figures: Observed) throws -> Int {
        let fingerprint = try #require(figures.fingerprint)
        let table = Dictionary(uniqueKeysWithValues: fingerprint.tables.map { ($0.name, $0) })
        let votes = try #require(table["votes"])
        let options = try #require(table["survey_options"])
        let notes = try #require(table["suggestions"])
        let context = "one state"

        let k = figures.options.count - baseOptions  // read by the option query
        #expect(figures.votesAll - baseVotes == 3 * k, "vote scan vs options, \(context)")
        #expect(options.rows - baseOptions == k, "fingerprint's options vs options, \(context)")
        #expect(notes.rows - baseNotes == k, "fingerprint's notes vs options, \(context)")
        #expect(options.highestID == Int64(baseOptions + k), "\(context)")
        #expect(votes.highestID == Int64(baseVotes + 3 * k), "\(context)")
        let pending = figures.statuses.first { $0.status == "pending" }?.notes ?? 0
        #expect(pending - 1 == k, "notes query vs options, \(context)")
        // Every vote the scan read has its option in the list, and each writer option has its three votes.
        #expect(!figures.anomalies.contains(.unknownOption), "\(context)")
        let written = figures.options.filter { $0.section == "community" }
        #expect(written.count == k)
        #expect(written.allSatisfy { $0.votesAll == 3 && $0.votersAll == 3 }, "\(context)")
        return k
    }
}

/// What the consistency check reads of a report, from its figures or its model.
struct Observed: Sendable {
    var options: [(section: String, votesAll: Int, votersAll: Int)]
    var votesAll: Int
    var fingerprint: DataFingerprint?
    var statuses: [ReportFigures.StatusCount]
    var anomalies: [AnomalyKind]

    init(_ figures: ReportFigures) {
        options = figures.options.map { ($0.section, $0.votesAll, $0.votersAll) }
        votesAll = figures.totals.votesAll
        fingerprint = figures.fingerprint
        statuses = figures.statuses
        anomalies = figures.anomalies.map(\.kind)
    }

    init(_ model: ReportModel) {
        options = model.sections.flatMap(\.options).map { ($0.section, $0.votesAll, $0.votersAll) }
        votesAll = model.totals.votesAll
        fingerprint = model.fingerprint
        statuses = model.suggestions.statuses
        anomalies = model.anomalies.map(\.kind)
    }
}

/// A python3 process that commits one transaction after another until told to stop, printing
/// its count after each commit. It takes its locks with no busy timeout and retries every 2 ms,
/// keeping the PENDING lock while it waits to commit, as SQLite's own busy handler would.
final class SnapshotWriter {
    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let stopFile: String
    private let progress = WriterProgress()
    private var stopped = false
    /// What the writer printed on stderr, when it exited with a failure.
    private(set) var failure: String?

    static let script = """
        import os, random, sqlite3, sys, time
        path, stop = sys.argv[1], sys.argv[2]
        db = sqlite3.connect(path, isolation_level=None, timeout=0)
        db.execute("PRAGMA synchronous = OFF")
        rng = random.Random(12)
        def retry(sql, *args):
            while True:
                try:
                    return db.execute(sql, *args)
                except sqlite3.OperationalError as error:
                    if "locked" not in str(error) and "busy" not in str(error):
                        raise
                    time.sleep(0.002)
        k = 0
        while not os.path.exists(stop) and k < 100000:
            k += 1
            retry("BEGIN IMMEDIATE")
            option = db.execute(
                "INSERT INTO survey_options (content, section, created_at) "
                "VALUES (?, 'community', '2026-09-15 09:00:00')", (f"writer {k}",)).lastrowid
            for j in range(3):
                session = f"s{rng.randrange(\(ReadSnapshotTests.baseSessions)):06d}-w{k}-{j}"
                db.execute(
                    "INSERT INTO votes (option_id, session_id, created_at) VALUES (?, ?, '2026-09-15 10:00:00')",
                    (option, session))
            db.execute(
                "INSERT INTO suggestions (session_id, content, status, created_at) "
                "VALUES ('writer', ?, 'pending', '2026-09-15 10:00:00')", (f"note {k}",))
            retry("COMMIT")
            print(k, flush=True)
            time.sleep(0.01)
        """

    init(path: String, folder: TemporaryDirectory) throws {
        stopFile = folder.path("stop-writer")
        let scriptPath = folder.path("writer.py")
        try SnapshotWriter.script.write(toFile: scriptPath, atomically: false, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptPath, path, stopFile]
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read on a thread of its own, so the writer never blocks on a full pipe.
        let handle = output.fileHandleForReading
        let progress = self.progress
        Task {
            await OffPool.run {
                var buffer = Data()
                while case let data = handle.availableData, !data.isEmpty {
                    buffer.append(data)
                    guard let newline = buffer.lastIndex(of: UInt8(ascii: "\n")) else { continue }
                    let lines = String(decoding: buffer[..<newline], as: UTF8.self).split(separator: "\n")
                    if let last = lines.last, let count = Int(last) { progress.set(count) }
                    buffer.removeSubrange(...newline)
                }
                progress.end()
            }
        }
    }

    /// `times` times: waits until the writer commits again, then runs `read`; all on a thread of its own, so
    /// that each read starts at once on a new state. Waited for on the cooperative pool, a commit was seen
    /// seconds late when other tests held the pool, the writer had added thousands of options meanwhile, each
    /// read took longer than the last, and the suite ran past 15 minutes.
    func readAfterEachCommit<T: Sendable>(_ times: Int, _ read: @escaping @Sendable () throws -> T) async throws
        -> [T]
    {
        let progress = self.progress
        do {
            return try await OffPool.run {
                var results: [T] = []
                for _ in 0..<times {
                    let count = progress.commits
                    while progress.commits <= count, !progress.ended { usleep(1_000) }
                    if progress.commits <= count { throw WriterEnded() }
                    results.append(try read())
                }
                return results
            }
        } catch is WriterEnded {
            throw SnapshotWriterExited(stderr: await errorText())
        }
    }

    private struct WriterEnded: Error {}

    /// Transactions committed so far, as last read from the writer.
    var commits: Int { progress.commits }

    private func errorText() async -> String {
        await stop()
        return failure ?? "(exit status \(process.terminationStatus))"
    }

    /// Tells the writer to stop and waits for it to exit (it finishes its transaction first).
    func stop() async {
        guard !stopped else { return }
        abandon()
        await process.ended()
        if process.terminationStatus != 0, failure == nil {
            failure = await errors.fileHandleForReading.remainingText()
        }
    }

    /// Tells the writer to stop, without waiting: for a test that ends early.
    func abandon() {
        stopped = true
        _ = FileManager.default.createFile(atPath: stopFile, contents: nil)
    }
}

/// The writer's last printed count, set by the thread that reads its output.
final class WriterProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var done = false

    var commits: Int { lock.withLock { count } }
    var ended: Bool { lock.withLock { done } }
    func set(_ value: Int) { lock.withLock { count = value } }
    func end() { lock.withLock { done = true } }
}

/// The writer process ended before it committed what the test waited for.
struct SnapshotWriterExited: Error, CustomStringConvertible {
    let stderr: String
    var description: String { "the writer exited early: \(stderr)" }
}

@Suite("Read snapshot: locks", .timeLimit(.minutes(20)))
struct ReadSnapshotLockTests {
    @Test func theConnectionLetsGoWhenTheReadEnds() async throws {
        let database = try SnapshotDatabase.small()
        let db = try DatabaseFile.openForReading(database.path)
        let count = try ReadSnapshot.read(db) { snapshot in
            // The connection is in a read transaction; a writer can start but not commit.
            #expect(!snapshot.connection.isAutocommit)
            let writer = try Connection(path: database.path, mode: .readWrite, busyTimeout: 0)
            try writer.execute("BEGIN IMMEDIATE")
            try writer.execute("INSERT INTO votes (option_id, session_id) VALUES (1, 'late')")
            #expect(throws: SQLiteError.self) { try writer.execute("COMMIT") }
            try writer.execute("ROLLBACK")
            return try snapshot.connection.scalar("SELECT count(*) FROM votes")?.int64
        }
        #expect(count == 3)
        #expect(db.isAutocommit)
        // Afterwards nothing of the report holds a lock: a writer without any busy timeout commits.
        let writer = try Connection(path: database.path, mode: .readWrite, busyTimeout: 0)
        try writer.execute("INSERT INTO votes (option_id, session_id) VALUES (1, 'late')")
    }

    @Test func insideTheCallersTransactionEverythingIsReadOnItsConnection() async throws {
        let database = try SnapshotDatabase.small()
        let db = try Connection(path: database.path, mode: .readWrite)
        try db.execute("BEGIN IMMEDIATE")
        try db.execute("INSERT INTO votes (option_id, session_id, created_at) VALUES (1, 'u', '2026-09-15 11:00:00')")
        let figures = try Analyzer(parameters: SnapshotDatabase.parameters).figures(from: db)
        // The caller's own uncommitted vote is counted: other connections could not have seen it.
        #expect(figures.totals.votesAll == 4)
        #expect(!db.isAutocommit)
        try db.execute("ROLLBACK")
    }

    @Test func aLockThatIsNeverReleasedEndsInAClearError() async throws {
        let database = try SnapshotDatabase.small()
        // Opened before the lock is taken: opening reads the schema.
        let db = try Connection(path: database.path, mode: .readOnly, busyTimeout: 0)
        let holder = try Connection(path: database.path, mode: .readWrite)
        try holder.execute("BEGIN EXCLUSIVE")
        #expect {
            try ReadSnapshot.read(db, patience: 0.2) { _ in 0 }
        } throws: { error in
            guard case DatabaseError.keptChanging(database.path, let attempts, 0.2) = error else { return false }
            return attempts > 1
        }
        #expect(db.isAutocommit)
        try holder.execute("ROLLBACK")
        // Once the lock is gone the same read goes through.
        #expect(try ReadSnapshot.read(db, patience: 0.2) { _ in 1 } == 1)
    }

    @Test func theMessageNamesTheFileAndWhatToDo() async {
        #expect(
            DatabaseError.keptChanging("v.sqlite", attempts: 7, seconds: 10).description
                == "v.sqlite kept changing while tally tried to read it as one state (7 attempts in 10 s: another "
                + "program holds a lock or writes without pause); nothing was written; try again, or report on a "
                + "copy (sqlite3 v.sqlite \".backup copy.sqlite\")")
    }
}

extension SnapshotDatabase {
    /// Three votes, rollback journal: for the lock tests.
    static func small() throws -> VoteDatabase {
        try VoteDatabase(votes: [
            (1, "a", "2026-09-15 10:00:00"), (2, "b", "2026-09-15 10:00:00"), (3, "c", "2026-09-15 10:00:00"),
        ])
    }
}
