import TallySQLite
import Testing

@testable import TallyCore

/// The weekly tallies on the demo and on the demo with a second week of activity.
@Suite("Weekly tallies")
struct WeeklyAnalyzerTests {
    static let zone = try! Zone(parsing: "Asia/Taipei")
    static let calendar = WeekCalendar(launch: Zone.parseDate("2026-09-19")!, zone: zone)
    static let endOfWeekTwo = Instant.utc("2026-10-02 16:00:00")

    static var analyzer: WeeklyAnalyzer {
        var parameters = ReportParameters.demo()
        parameters.zone = .utc  // replaced by the calendar's zone
        return WeeklyAnalyzer(calendar: calendar, parameters: parameters)
    }

    /// The demo written to a file, with more rows added by `sql`.
    static func database(_ folder: TemporaryDirectory, _ sql: String = "") throws -> Connection {
        let path = folder.path("demo-\(sql.hashValue).sqlite")
        try DatabaseFile.build(at: path) { try Demo.write(into: $0) }
        if !sql.isEmpty { try DatabaseFile.openForWriting(path).executeScript(sql) }
        return try DatabaseFile.openForReading(path)
    }

    @Test func theDemoHasOneBusyWeekAndOneQuietWeek() throws {
        let tallies = try Self.analyzer.tallies(from: Demo.inMemory(), through: Self.endOfWeekTwo)
        #expect(tallies.map(\.week.number) == [1, 2])
        let one = tallies[0]
        #expect(one.report.parameters.zone.identifier == "Asia/Taipei")
        #expect(one.votes == 43 && one.newVoters == 15)
        #expect(one.votesWithExcluded == 55 && one.newSessionsWithExcluded == 19)
        #expect(one.previous.hasNoVotes)
        #expect(one.optionsAdded.map(\.id) == [6, 7])
        #expect(one.days.map(\.votes) == [15, 9, 5, 6, 8, 0, 0])
        #expect(one.decisions.map(\.entry.noteID) == [5, 6, 1, 2, 1, 2], "in the order they were made")
        #expect(one.decisions.map(\.entry.action) == ["reject", "reject", "approve", "approve", "promote", "promote"])
        #expect(one.decisions.first?.noteContent == "test")
        #expect(!one.report.sections.contains { one.hadRanking($0) })
        // The week's report is the report as of the week's end, counting every vote before it.
        var parameters = ReportParameters.demo()
        parameters.asOf = one.week.end
        parameters.through = one.week.lastInstant
        #expect(one.report == (try Analyzer(parameters: parameters).report(from: Demo.inMemory())))

        let two = tallies[1]
        #expect(two.previous == one.report)
        #expect(two.votes == 0 && two.newVoters == 0 && two.decisions.isEmpty && two.optionsAdded.isEmpty)
        #expect(two.days.map(\.votes) == [0, 0, 0, 0, 0, 0, 0])
        let original = try #require(two.report.sections.first { $0.name == "original" })
        #expect(two.hadRanking(original))
        #expect(two.rankMoves(in: original).allSatisfy { $0.placesGained == 0 && $0.votersGained == 0 })
        #expect(two.report.fingerprint == one.report.fingerprint, "nothing happened in week 2")
        #expect(two.report.activity.asOf == two.week.end)
    }

    /// Week 2 of a busier poll: a vote in the last millisecond of week 1 and one at the first of
    /// week 2, five new voters lifting option 3 to the top, a first community vote, a note approved.
    @Test func changesOfASecondWeek() throws {
        let folder = try TemporaryDirectory()
        var sql = """
            INSERT INTO votes (option_id, session_id, created_at) VALUES (4, 'edge-1', '2026-09-25 15:59:59.999');
            INSERT INTO votes (option_id, session_id, created_at) VALUES (4, 'edge-2', '2026-09-25 16:00:00');
            INSERT INTO votes (option_id, session_id, created_at) VALUES (6, 'community-1', '2026-09-30 12:00:00');
            UPDATE suggestions SET status = 'approved', version = 1 WHERE id = 3;
            INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, created_at, version)
              VALUES (3, 'approve', 'pending', 'approved', 'mod-b', '2026-09-29 03:00:00', 1);

            """
        for voter in 1...5 {
            sql +=
                "INSERT INTO votes (option_id, session_id, created_at) VALUES (3, 'new-\(voter)', '2026-09-28 0\(voter):00:00');\n"
        }
        let tallies = try Self.analyzer.tallies(from: Self.database(folder, sql), through: Self.endOfWeekTwo)
        let one = tallies[0]
        let two = tallies[1]
        #expect(one.votes == 44 && one.newVoters == 16, "edge-1 voted in week 1's last millisecond")
        #expect(
            two.votes == 7 && two.newVoters == 7, "edge-2 at week 2's first moment, five new voters, one community vote"
        )
        #expect(two.days.map(\.votes) == [1, 0, 5, 0, 1, 0, 0])

        let original = try #require(two.report.sections.first { $0.name == "original" })
        let moves = Dictionary(uniqueKeysWithValues: two.rankMoves(in: original).map { ($0.option.id, $0) })
        #expect(moves[3]?.option.rank == 1 && moves[3]?.previousRank == 3 && moves[3]?.placesGained == 2)
        #expect(moves[3]?.votersGained == 5)
        #expect(moves[1]?.placesGained == -1 && moves[2]?.placesGained == -1)
        #expect(moves[4]?.votersGained == 1)
        let community = try #require(two.report.sections.first { $0.name == "community" })
        #expect(!two.hadRanking(community), "nobody had voted for a community option before week 2")

        // The note approved in week 2 is pending at the end of week 1, approved at the end of week 2.
        #expect(two.decisions.map(\.entry.noteID) == [3])
        #expect(one.report.suggestions.statuses.first { $0.status == "pending" }?.notes == 2)
        #expect(two.report.suggestions.statuses.first { $0.status == "pending" }?.notes == 1)
        #expect(two.report.suggestions.approvedCount == 3)
    }

    /// What happens after a week's end never changes that week.
    @Test func laterDataLeavesEarlierWeeksAlone() throws {
        let folder = try TemporaryDirectory()
        let before = try Self.analyzer.tallies(from: Self.database(folder), through: Self.endOfWeekTwo)
        let later = """
            INSERT INTO survey_options (id, content, section, created_at) VALUES (8, 'new option', 'community', '2026-10-05 00:00:00');
            INSERT INTO votes (option_id, session_id, created_at) VALUES (8, 'late', '2026-10-06 00:00:00');
            UPDATE suggestions SET status = 'rejected', version = 1 WHERE id = 4;
            INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, reason, created_at, version)
              VALUES (4, 'reject', 'pending', 'rejected', 'mod-b', 'duplicate', '2026-10-04 00:00:00', 1);
            """
        let db = try Self.database(folder, later)
        let after = try Self.analyzer.tallies(from: db, through: Self.endOfWeekTwo)
        #expect(after == before)
        let three = try Self.analyzer.tallies(from: db, through: .utc("2026-10-09 16:00:00"))
        #expect(three.count == 3)
        #expect(Array(three.prefix(2)) == before)
        #expect(three[2].votes == 1 && three[2].optionsAdded.map(\.id) == [8] && three[2].decisions.count == 1)
    }

    @Test func noFinishedWeekMeansNoTallies() throws {
        #expect(try Self.analyzer.tallies(from: Demo.inMemory(), through: .utc("2026-09-25 15:59:59")).isEmpty)
    }

    /// A vote page's own export, never migrated: no moderation log, so no decisions, and the
    /// notes keep their stored status.
    @Test func aDatabaseWithoutTheLogHasNoDecisions() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("export.sqlite")
        _ = try DatabaseFile.build(at: path) { db in
            try db.executeScript(
                """
                CREATE TABLE survey_options (id INTEGER PRIMARY KEY, content TEXT, section TEXT, created_at TEXT);
                CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER, session_id TEXT, created_at TEXT);
                CREATE TABLE suggestions (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT, status TEXT,
                  created_at TEXT, promoted_option_id INTEGER);
                INSERT INTO survey_options VALUES (1, 'one', 'original', '2026-09-18 00:00:00');
                INSERT INTO votes VALUES (1, 1, 's1', '2026-09-20 00:00:00');
                INSERT INTO suggestions VALUES (1, 's1', 'a note', 'approved', '2026-09-20 00:00:00', NULL);
                """)
        }
        let tallies = try Self.analyzer.tallies(from: DatabaseFile.openForReading(path), through: Self.endOfWeekTwo)
        #expect(tallies.count == 2)
        #expect(tallies[0].votes == 1 && tallies.allSatisfy { $0.decisions.isEmpty })
        #expect(tallies[0].report.suggestions.approvedCount == 1)
    }
}
