import Foundation
import TallySQLite
import Testing

@testable import TallyCore

@Suite("Decision SQL for D1", .timeLimit(.minutes(10)))
struct DecisionSQLTests {
    static let hostile = [
        "it's \"quoted\"", "a\nb", "\r\n", "", "\u{1B}[31mred\u{1B}[0m", "tab\there", "'", "''", "|x|",
        "=HYPERLINK(\"https://example.com\",\"點我\")", "\u{7F}del", "--not a comment", "; DROP TABLE votes; --",
        "爸爸可以不要看手機嗎？", String(repeating: "0123456789", count: 1_000),
    ]

    @Test func literalsQuoteAndSpellOutControlCharacters() async {
        #expect(DecisionSQL.literal("it's") == "'it''s'")
        #expect(DecisionSQL.literal("") == "''")
        #expect(DecisionSQL.literal("a\nb") == "('a'||char(10)||'b')")
        #expect(DecisionSQL.literal("\r\n") == "char(13,10)")
        #expect(DecisionSQL.literal("\u{1B}[0m") == "(char(27)||'[0m')")
        for text in Self.hostile {
            #expect(!DecisionSQL.literal(text).contains("\n"), "statements stay on one line")
        }
    }

    @Test(arguments: DecisionSQLTests.hostile)
    func literalsRoundTripThroughSQLite(_ text: String) async throws {
        let db = try Connection(path: ":memory:", mode: .create)
        #expect(try db.scalar("SELECT " + DecisionSQL.literal(text)) == .text(text))
    }

    @Test func literalsRoundTripThroughTheSQLiteShell() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("shell.sqlite")
        // hex() shows the exact bytes; the "x" keeps an empty text from being an empty row.
        let input = Self.hostile.map { "SELECT 'x' || hex(\(DecisionSQL.literal($0)));" }.joined(separator: "\n")
        let rows = try await SQLiteShell.rows(path, input)
        let expected = Self.hostile.map { "x" + $0.utf8.map { String(format: "%02X", $0) }.joined() }
        #expect(rows.map { $0.first ?? "" } == expected, "the shell reads every literal back byte for byte")
    }

    /// A database with a history before the copy is taken, then decisions that only the original gets.
    static func scenario() throws -> (fixture: ModerationFixture, copy: String, midpoint: Instant) {
        let notes: [(String, String?)] = [
            ("first", "s-1"), ("second | with pipe", "s-1"), ("\u{1B}[2Jclear screen", "s-2"),
            ("multi\nline\r\nnote", nil), (String(repeating: "長", count: 10_000), "s-3"), ("=1+1", "s-3"),
        ]
        let fixture = try ModerationFixture(notes: notes)
        try fixture.decide(.approve, 1, by: "mod-a")
        try fixture.decide(.reject, 6, by: "mod-a", reason: "formula")
        let copy = fixture.folder.path("before.sqlite")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: copy)
        let midpoint = fixture.clock.adding(seconds: 1)
        try fixture.decide(.promote, 1, by: "mod-b")
        try fixture.decide(.reject, 2, by: "o'brien", reason: "it's a dup;\nsee #1 \u{1B}[1m")
        try fixture.decide(.approve, 3, by: "林")
        try fixture.decide(.promote, 3, by: "林")
        try fixture.decide(.reject, 4, by: "mod-b", reason: "unclear")
        try fixture.decide(.reopen, 4, by: "mod-c", reason: "asked again")
        try fixture.decide(.approve, 4, by: "mod-c")
        try fixture.decide(.approve, 5, by: "mod-b")
        try fixture.decide(.promote, 5, by: "mod-b")
        try fixture.decide(.reopen, 6, by: "mod-c", reason: "'=1+1' is fine")
        return (fixture, copy, midpoint)
    }

    static func tables(_ path: String) throws -> [String: [Row]] {
        let db = try Connection(path: path, mode: .readOnly)
        var result: [String: [Row]] = [:]
        for table in ["suggestions", "survey_options", "moderation_log"] {
            result[table] = try db.query("SELECT * FROM \(table) ORDER BY rowid")
        }
        return result
    }

    /// Applies a script with the real sqlite3 shell, foreign keys on as D1 has them;
    /// returns how many rows it changed.
    static func apply(_ script: String, to path: String) async throws -> Int {
        let output = try await SQLiteShell.run(
            path, input: "PRAGMA foreign_keys = ON;\n" + script + "\nSELECT total_changes();\n", arguments: ["-bail"])
        return try #require(Int(output.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test func replayOnACopyGivesTheSameRowsAndASecondReplayChangesNothing() async throws {
        let (fixture, copy, _) = try Self.scenario()
        let script = try fixture.store.decisionScript()
        #expect(script.decisions == 12)
        let original = try Self.tables(fixture.path)
        #expect(try Self.tables(copy) != original)

        let changed = try await Self.apply(script.text, to: copy)
        #expect(changed > 0)
        let replayed = try Self.tables(copy)
        for table in ["suggestions", "survey_options", "moderation_log"] {
            #expect(replayed[table] == original[table], "\(table) differs after replay")
        }

        #expect(try await Self.apply(script.text, to: copy) == 0, "a second replay changes no row")
        #expect(try Self.tables(copy) == original)
        // Also on the original itself, which has every decision already.
        #expect(try await Self.apply(script.text, to: fixture.path) == 0)
    }

    @Test func replaySinceAMomentAppliesOnlyLaterDecisions() async throws {
        let (fixture, copy, midpoint) = try Self.scenario()
        let script = try fixture.store.decisionScript(since: midpoint)
        #expect(script.decisions == 10)
        #expect(
            script.text.contains("-- 10 decision(s) from moderation_log, recorded at or after 2026-09-21 14:13:23 UTC.")
        )
        _ = try await Self.apply(script.text, to: copy)
        #expect(try Self.tables(copy) == (try Self.tables(fixture.path)))
    }

    @Test func decisionsMadeDifferentlyOnTheTargetAreLeftAlone() async throws {
        let (fixture, copy, _) = try Self.scenario()
        // Meanwhile on D1: someone approved note 2 and took option id 1 for a new option.
        let target = try Connection(path: copy, mode: .readWrite)
        try target.execute("INSERT INTO survey_options (id, content, section) VALUES (1, 'added on D1', 'original')")
        let targetStore = try ModerationStore(target)
        _ = try targetStore.decide(
            DecisionRequest(
                noteID: 2, action: .approve, moderator: try Moderator("dora"), actedOnVersion: 0,
                time: Instant(seconds: 1_790_000_100)))
        let before = try Self.tables(copy)

        _ = try await Self.apply(try fixture.store.decisionScript().text, to: copy)
        let after = try Self.tables(copy)
        // The promotion takes an option id of the target's own, never D1's option #1.
        let note1 = try #require(try targetStore.note(1))
        #expect(note1.state == .promoted)
        let option = try #require(note1.promotedOptionID)
        #expect(option != 1)
        #expect(try target.scalar("SELECT content FROM survey_options WHERE id = ?", [.integer(option)]) == "first")
        #expect(try target.scalar("SELECT content FROM survey_options WHERE id = 1") == "added on D1")
        let note2 = try #require(try targetStore.note(2))
        #expect(note2.reviewedBy == "dora", "the rejection of note 2 does not overwrite dora's approval")
        #expect(note2.state == .approved)
        #expect(try targetStore.history(of: 2).map(\.moderator) == ["dora"])
        #expect(try targetStore.history(of: 1).map(\.action) == ["approve", "promote"])
        #expect(try targetStore.history(of: 1).last?.optionID == option)
        // Notes 3–6 had no competing decision and are replayed (note 3's option numbered by the target).
        for id: Int64 in 3...6 {
            let replayed = try #require(try targetStore.note(id))
            let original = try #require(try fixture.store.note(id))
            #expect(replayed.version == original.version && replayed.state == original.state)
            #expect(replayed.reviewedBy == original.reviewedBy && replayed.reviewedAt == original.reviewedAt)
            #expect((replayed.promotedOptionID == nil) == (original.promotedOptionID == nil))
        }
        #expect(after["suggestions"] != before["suggestions"])
    }

    @Test func theScriptPassesTheD1Lint() async throws {
        let (fixture, _, _) = try Self.scenario()
        let script = try fixture.store.decisionScript()
        let problems = try MigrationLint.problems(
            in: Migration.all + [Migration(name: "9999_decisions.sql", sql: script.text)])
        #expect(problems.isEmpty, "\(problems)")
        // The same check does catch what D1 rejects.
        let spoiled = try MigrationLint.problems(
            in: Migration.all + [Migration(name: "9999_decisions.sql", sql: "BEGIN TRANSACTION;\n" + script.text)])
        #expect(spoiled.map(\.message).contains("transaction control (BEGIN) is rejected by D1"))
    }

    @Test func oneStatementPerLineEachUnderD1sLimit() async throws {
        let (fixture, _, _) = try Self.scenario()
        let script = try fixture.store.decisionScript()
        let lines = script.text.split(separator: "\n").filter { !$0.hasPrefix("--") && !$0.isEmpty }
        #expect(lines.count == script.statements)
        #expect(Connection.statements(in: script.text).count == script.statements)
        #expect(script.statements == 2 * 12 + 3, "an update and a log entry per decision, an option per promotion")
        for line in lines {
            #expect(line.hasSuffix(";"))
            #expect(line.utf8.count <= DecisionSQL.maximumStatementBytes)
        }
        for forbidden in ["BEGIN", "COMMIT", "SAVEPOINT", "PRAGMA", "ATTACH"] {
            #expect(!lines.contains { $0.uppercased().hasPrefix(forbidden) })
        }
        #expect(script.text.contains("WHERE id = 2 AND status = 'pending' AND version = 0"))
    }

    @Test func anEmptyLogGivesAFileThatDoesNothing() async throws {
        let fixture = try ModerationFixture()
        let script = try fixture.store.decisionScript()
        #expect(script.decisions == 0)
        #expect(script.statements == 0)
        #expect(script.text.contains("-- Nothing to apply."))
        #expect(try await Self.apply(script.text, to: fixture.path) == 0)
    }

    static func entry(
        _ action: String, _ from: String, _ to: String, reason: String? = nil, version: Int64 = 1,
        option: Int64? = nil
    ) -> ModerationLogEntry {
        ModerationLogEntry(
            id: 9, noteID: 4, action: action, from: from, to: to, moderator: "m", reason: reason,
            createdAt: "2026-09-24 01:00:00", version: version, optionID: option)
    }

    /// A guard for a note read as `content` (the key stands for any note; these tests do not run the SQL).
    static func guarding(_ content: String = "x") -> DecisionSQL.Guard {
        let seen = SeenNote(key: "text:78|null:|text:00", content: content)
        // Short columns only: the check needs no database (nothing is digested).
        let check = SeenNote.Check(expected: seen.key, long: [false, false, false], digestKey: DigestKey(seed: 1))
        return DecisionSQL.Guard(seen: seen, previous: nil, check: check)
    }

    @Test func entriesThatCannotBeReplayedAreRefusedByName() async throws {
        func refusal(_ entry: ModerationLogEntry, option: DecisionSQL.OptionRow? = nil) throws -> DecisionSQLError {
            try #require(throws: DecisionSQLError.self) {
                _ = try DecisionSQL.script(
                    entries: [entry], options: option.map { [entry.optionID ?? 0: $0] } ?? [:],
                    guards: [9: Self.guarding()])
            }
        }
        #expect(
            try refusal(Self.entry("delete", "pending", "gone"))
                == .cannotExport(entry: 9, note: 4, why: "its action 'delete' is not one tally knows"))
        #expect(
            try refusal(Self.entry("approve", "rejected", "approved"))
                == .cannotExport(
                    entry: 9, note: 4, why: "approve from 'rejected' to 'approved' is not a transition tally knows"))
        #expect(
            try refusal(Self.entry("promote", "approved", "promoted", option: 12))
                == .cannotExport(entry: 9, note: 4, why: "its option #12 is no longer in survey_options"))
        #expect(
            try refusal(Self.entry("reject", "pending", "rejected", reason: "a\u{0}b"))
                == .cannotExport(
                    entry: 9, note: 4, why: "its reason contains a NUL character, which SQL text cannot carry"))
        #expect(
            try refusal(Self.entry("approve", "pending", "approved", version: 0))
                == .cannotExport(entry: 9, note: 4, why: "its version 0 is below 1"))
        // A reason longer than tally accepts, written into the log by another tool.
        let huge = try refusal(
            Self.entry("reject", "pending", "rejected", reason: String(repeating: "r", count: 100_000)))
        guard case .statementTooLarge(9, 4, let bytes) = huge else {
            Issue.record("expected statementTooLarge, got \(huge)")
            return
        }
        #expect(bytes > 100_000 && bytes < 100_500)
        #expect(huge.description.contains("D1 accepts at most 100000; apply that decision on D1 by hand"))
        let message = DecisionSQLError.cannotExport(entry: 9, note: 4, why: "x").description
        #expect(
            message
                == "cannot export moderation_log entry 9 (note 4): x; export the decisions after it with --since, or correct the entry"
        )
    }

    @Test func versionsOutOfOrderAreRefused() async throws {
        let later = Self.entry("approve", "pending", "approved", version: 2)
        let earlier = Self.entry("reopen", "approved", "pending", reason: "r", version: 1)
        #expect(throws: DecisionSQLError.self) {
            _ = try DecisionSQL.script(entries: [later, earlier], options: [:], guards: [9: Self.guarding()])
        }
    }

    @Test func anOptionThatDiffersFromItsNoteIsWrittenOutAndGuardedByItsText() async throws {
        let entry = Self.entry("promote", "approved", "promoted", version: 2, option: 8)
        let option = DecisionSQL.OptionRow(
            content: "edited 'text'", section: "community", createdAt: "2026-09-24 02:00:00")
        let statements = try DecisionSQL.statements(for: entry, option: option, guard: Self.guarding("original text"))
        #expect(statements.count == 3)
        #expect(statements[0].contains("SELECT 'edited ''text''', 'community', '2026-09-24 02:00:00'"))
        #expect(statements[1].contains("o.content = 'edited ''text'''"))
        let copied = try DecisionSQL.statements(for: entry, option: option, guard: Self.guarding("edited 'text'"))
        #expect(copied[0].contains("SELECT s.content,"))
        #expect(!copied.joined().contains("edited"), "the note's text is copied, not repeated")
    }

    @Test func anUnreadableLogTimeIsRefusedOnlyWithSince() async throws {
        let fixture = try ModerationFixture()
        try fixture.db.execute(
            """
            INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, created_at, version)
            VALUES (1, 'approve', 'pending', 'approved', 'm', 'last tuesday', 1)
            """)
        #expect(
            throws: DecisionSQLError.unreadableTime(entry: 1, note: 1, stored: "last tuesday")
        ) { try fixture.store.decisionScript(since: Instant(seconds: 0)) }
        #expect(try fixture.store.decisionScript().decisions == 1)
    }
}
