import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// The data fingerprint: what it counts, that one vote changes it, that rows after
/// `--through` do not, and that the
/// reference implementation in docs/fingerprint.py (Python's own hashlib and
/// sqlite3) computes the same SHA-256 from the file.
@Suite(
    "Data fingerprint",
    .enabled(
        if: OutsideProgram.mayRun(needing: "python3"),
        "needs python3 to run the reference docs/fingerprint.py; required when CI=true"), .timeLimit(.minutes(10)))
struct FingerprintTests {
    static let farFuture = Instant.utc("2100-01-01 00:00:00")

    /// The fingerprint tally computes for a file.
    static func fingerprint(_ path: String, through: Instant? = nil) throws -> DataFingerprint {
        let parameters = ReportParameters(asOf: farFuture, through: through)
        let figures = try Analyzer(parameters: parameters)
            .figures(from: DatabaseFile.openForReading(path))
        return try #require(figures.fingerprint)
    }

    /// What docs/fingerprint.py prints for a file: `name rows highest` lines, `latest …` and `sha256 …`.
    static func reference(_ path: String, through: Instant? = nil) async throws -> [String: String] {
        let script = ToolProcess.repository.appendingPathComponent("docs/fingerprint.py").path
        let output = try await ToolProcess.run(
            "python3", [script, path] + (through.map { [Zone.utc.iso8601($0)] } ?? []))
        var lines: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            lines[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return lines
    }

    /// Tally and the reference agree on the hash and on every count.
    static func expectAgreement(
        _ path: String, through: Instant? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let ours = try fingerprint(path, through: through)
        let theirs = try await reference(path, through: through)
        #expect(ours.source == .database, sourceLocation: sourceLocation)
        #expect(ours.sha256 != nil && theirs["sha256"] == ours.sha256, sourceLocation: sourceLocation)
        for table in ours.tables {
            #expect(
                theirs[table.name] == "\(table.rows) \(table.highestID.map { String($0) } ?? "-")",
                "\(table.name)", sourceLocation: sourceLocation)
        }
    }

    static func demoFile(_ folder: TemporaryDirectory, _ name: String = "demo.sqlite") throws -> String {
        let path = folder.path(name)
        try DatabaseFile.build(at: path) { try Demo.write(into: $0) }
        return path
    }

    @Test func theDemoCountsEveryTable() async throws {
        let folder = try TemporaryDirectory()
        let path = try Self.demoFile(folder)
        let fingerprint = try Self.fingerprint(path)
        #expect(fingerprint.table("votes") == .init(name: "votes", rows: 55, highestID: 55))
        #expect(fingerprint.table("survey_options") == .init(name: "survey_options", rows: 7, highestID: 7))
        #expect(fingerprint.table("suggestions") == .init(name: "suggestions", rows: 6, highestID: 6))
        #expect(fingerprint.table("moderation_log") == .init(name: "moderation_log", rows: 6, highestID: 6))
        #expect(fingerprint.latest == .utc("2026-09-24 02:00:00"))
        let hash = try #require(fingerprint.sha256)
        #expect(hash.count == 64 && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        // The in-memory demo is the same data.
        let memory = try Analyzer(parameters: ReportParameters(asOf: Self.farFuture)).figures(from: Demo.inMemory())
        #expect(memory.fingerprint == fingerprint)
        try await Self.expectAgreement(path)
    }

    /// At an earlier `through` only the rows of that time are read: fewer votes, options and
    /// log entries, and notes with the status they had then.
    @Test(arguments: [
        "2026-09-18 18:10:00", "2026-09-19 00:00:00", "2026-09-24 01:55:10", "2026-09-24 02:00:00",
        "2026-09-25 16:00:00",
    ])
    func throughReadsTheRowsOfThatTime(_ time: String) async throws {
        let folder = try TemporaryDirectory()
        let path = try Self.demoFile(folder)
        let through = Instant.utc(time)
        try await Self.expectAgreement(path, through: through)
        let all = try Self.fingerprint(path)
        let then = try Self.fingerprint(path, through: through)
        if through < .utc("2026-09-24 02:00:00") {
            #expect(then.sha256 != all.sha256)
            #expect(then.latest.map { $0 <= through } == true)
        } else {
            #expect(then == all)
        }
    }

    /// Every one of these changes one row; each gives a different hash, and tally and the
    /// reference agree on each.
    @Test func oneChangedRowChangesTheHash() async throws {
        let folder = try TemporaryDirectory()
        let original = try Self.fingerprint(Self.demoFile(folder))
        let changes = [
            "UPDATE votes SET option_id = 2 WHERE id = 20",
            "UPDATE votes SET created_at = '2026-09-19 04:21:33' WHERE id = 20",
            "UPDATE votes SET created_at = '2026-09-19T04:21:32.000Z' WHERE id = 20",  // same instant, other text
            "UPDATE votes SET session_id = 'x' || session_id WHERE id = 20",
            "UPDATE votes SET id = 100 WHERE id = 54",
            "DELETE FROM votes WHERE id = 31",
            "INSERT INTO votes (option_id, session_id, created_at) VALUES (6, 'new', '2026-09-25 01:00:00')",
            "UPDATE survey_options SET content = content || ' ' WHERE id = 3",
            "UPDATE suggestions SET content = 'another note' WHERE id = 3",
        ]
        var seen: Set<String> = [try #require(original.sha256)]
        for (index, change) in changes.enumerated() {
            let path = try Self.demoFile(folder, "changed-\(index).sqlite")
            try DatabaseFile.openForWriting(path).execute(change)
            let changed = try Self.fingerprint(path)
            #expect(seen.insert(try #require(changed.sha256)).inserted, "\(change) must give a hash of its own")
            try await Self.expectAgreement(path)
        }
        // And the same data in another file gives the same hash.
        #expect(try Self.fingerprint(Self.demoFile(folder, "again.sqlite")) == original)
    }

    /// What happens after `through` (a vote, an option, a decision) leaves that time's
    /// fingerprint alone: last week's report stays byte for byte the same.
    @Test func laterRowsDoNotChangeAnEarlierFingerprint() async throws {
        let folder = try TemporaryDirectory()
        let path = try Self.demoFile(folder)
        let through = Instant.utc("2026-09-25 16:00:00")
        let before = try Self.fingerprint(path, through: through)
        let everything = try Self.fingerprint(path)
        try DatabaseFile.openForWriting(path).executeScript(
            """
            INSERT INTO survey_options (id, content, section, created_at) VALUES (8, 'later', 'community', '2026-09-26 01:00:00');
            INSERT INTO votes (option_id, session_id, created_at) VALUES (8, 'late-voter', '2026-09-27 01:00:00');
            UPDATE suggestions SET status = 'approved', version = 1, reviewed_by = 'mod', reviewed_at = '2026-09-26 02:00:00' WHERE id = 3;
            INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, created_at, version)
              VALUES (3, 'approve', 'pending', 'approved', 'mod', '2026-09-26 02:00:00', 1);
            """)
        #expect(try Self.fingerprint(path, through: through) == before)
        let after = try Self.fingerprint(path)
        #expect(after.sha256 != everything.sha256)
        #expect(after.table("votes")?.rows == 56)
        #expect(after.table("moderation_log")?.rows == 7)
        try await Self.expectAgreement(path, through: through)
        try await Self.expectAgreement(path)
    }

    /// Many sessions over several days, some voting on two, with or without `through` (which
    /// cuts a day in two): the reference agrees.
    @Test func manySessionsAndDaysAgreeWithTheReference() async throws {
        var random = SeededRandom(seed: 42)
        var votes: [(Int64, String, String)] = []
        for session in 0..<8000 {
            let id = String(format: "%08x-%04x", UInt32.random(in: 0...UInt32.max, using: &random), session)
            for vote in 0..<Int.random(in: 1...3, using: &random) {
                let second = 1_789_700_000 + session * 37 + vote * 11 * (session % 5 == 0 ? 10_000 : 1)
                let text = CivilDateTime(utcSeconds: Int64(second)).text(withSeconds: true)
                // Some stored as JavaScript's ISO text, one option that does not exist.
                let stored = session % 97 == 0 ? text.replacingOccurrences(of: " ", with: "T") + ".250Z" : text
                votes.append((session % 211 == 0 ? 999 : Int64(1 + (session + vote) % 5), id, stored))
            }
        }
        let db = try VoteDatabase(votes: votes)
        for cut in [nil, Instant(seconds: 1_789_700_000 + 5000 * 37), .utc("2026-09-19 23:59:59.999")] {
            try await Self.expectAgreement(db.path, through: cut)
        }
    }

    /// The hostile weekly databases (votes at a week's last millisecond, odd times, BLOB and NULL
    /// session ids, sessions voting in several weeks; New York weeks, which end mid-way through a
    /// UTC day): every week's fingerprint, from one pass over all the weeks, is the reference's at
    /// that week's end, and each week's hash differs from the one before when its votes do.
    @Test(arguments: 0..<4 as Range<UInt64>)
    func hostileWeeksAgreeWithTheReference(seed: UInt64) async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("hostile.sqlite")
        var random = SplitMix64(seed: seed)
        _ = try HostileWeeks.database(at: path, &random)
        let calendar = WeekCalendar(launch: Zone.parseDate("2026-09-28")!, zone: try Zone(parsing: "America/New_York"))
        let tallies = try WeeklyAnalyzer(calendar: calendar, parameters: ReportParameters(asOf: Self.farFuture))
            .tallies(from: DatabaseFile.openForReading(path), through: .utc("2026-12-08 05:00:00"))
        try #require(tallies.count == 10)
        for tally in tallies {
            let through = try #require(tally.report.parameters.through)
            let ours = try #require(tally.report.fingerprint)
            #expect(
                try await Self.reference(path, through: through)["sha256"] == ours.sha256, "week \(tally.week.number)")
            if tally.report.fingerprint?.table("votes") != tally.previous.fingerprint?.table("votes") {
                #expect(ours.sha256 != tally.previous.fingerprint?.sha256, "week \(tally.week.number)")
            }
        }
    }

    /// Odd values are encoded exactly (NULLs, empty text, integers stored as text, reals,
    /// line breaks, times that are not D1's form), and a vote page export without
    /// `moderation_log` reads as one with an empty log, leaving the file untouched.
    @Test func oddValuesAndAMissingLog() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("odd.sqlite")
        _ = try DatabaseFile.build(at: path) { db in
            try db.executeScript(
                """
                CREATE TABLE survey_options (id INTEGER PRIMARY KEY, content TEXT, section TEXT, created_at TEXT);
                CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id, session_id, created_at);
                CREATE TABLE suggestions (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT, status TEXT,
                  created_at TEXT, promoted_option_id INTEGER);
                INSERT INTO survey_options VALUES (1, 'a|b' || char(10) || 'c', 'original', '2026-09-18 10:00:00');
                INSERT INTO survey_options VALUES (2, '', 'original', NULL);
                INSERT INTO survey_options VALUES (3, '選項', 'elsewhere', '2026-09-18T10:00:00+08:00');
                INSERT INTO votes VALUES (1, 1, NULL, '2026-09-19 00:00:00');
                INSERT INTO votes VALUES (2, '2', '', '2026-09-19 00:00:01');
                INSERT INTO votes VALUES (3, 2.5, 'a', NULL);
                INSERT INTO votes VALUES (4, NULL, 'a', 'yesterday');
                INSERT INTO votes VALUES (5, 3, 'b', 1789776000);
                INSERT INTO votes VALUES (6, 1, 'b', '2026-02-30 00:00:00');
                INSERT INTO suggestions VALUES (1, NULL, 'note' || char(13), 'pending', '2026-09-20 00:00:00', NULL);
                INSERT INTO suggestions VALUES (2, 's', 'x', 'odd', NULL, 3);
                """)
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let fingerprint = try Self.fingerprint(path)
        #expect(fingerprint.table("votes")?.rows == 6)
        #expect(fingerprint.table("moderation_log") == .init(name: "moderation_log", rows: 0, highestID: nil))
        try await Self.expectAgreement(path)
        try await Self.expectAgreement(path, through: .utc("2026-09-19 00:00:00"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "the file is only read")
    }
}
