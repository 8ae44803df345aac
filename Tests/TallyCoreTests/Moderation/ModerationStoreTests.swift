import TallySQLite
import Testing

@testable import TallyCore

@Suite("Moderation store: the one write path")
struct ModerationStoreTests {
    /// A path through the state machine that leaves note 1 in a known state with a known history.
    static let paths: [String: [ModerationAction]] = [
        "fresh": [], "approved": [.approve], "rejected": [.reject], "promoted": [.approve, .promote],
        "reopened from approved": [.approve, .reopen], "reopened from rejected": [.reject, .reopen],
    ]

    static let legal: [(path: String, action: ModerationAction, from: NoteState, to: NoteState)] = [
        ("fresh", .approve, .pending, .approved), ("fresh", .reject, .pending, .rejected),
        ("approved", .reopen, .approved, .pending), ("rejected", .reopen, .rejected, .pending),
        ("approved", .promote, .approved, .promoted), ("reopened from approved", .approve, .pending, .approved),
        ("reopened from rejected", .reject, .pending, .rejected),
    ]

    enum Refusal: String, Sendable {
        case illegal, conflict, promotedIsFinal, alreadyPromoted
    }

    static let illegal: [(path: String, action: ModerationAction, refusal: Refusal)] = [
        ("fresh", .promote, .illegal), ("fresh", .reopen, .illegal),
        ("approved", .approve, .conflict), ("approved", .reject, .conflict),
        ("rejected", .approve, .conflict), ("rejected", .reject, .conflict), ("rejected", .promote, .illegal),
        ("promoted", .approve, .illegal), ("promoted", .reject, .illegal), ("promoted", .promote, .alreadyPromoted),
        ("promoted", .reopen, .promotedIsFinal),
        ("reopened from approved", .reopen, .conflict), ("reopened from approved", .promote, .conflict),
        ("reopened from rejected", .reopen, .conflict), ("reopened from rejected", .promote, .illegal),
    ]

    static func prepared(_ path: String) throws -> ModerationFixture {
        let fixture = try ModerationFixture()
        for action in try #require(paths[path]) { try fixture.decide(action, 1, by: "mod-a") }
        return fixture
    }

    @Test(arguments: ModerationStoreTests.legal.indices)
    func legalTransitionWritesTheNoteAndExactlyOneLogEntry(_ index: Int) throws {
        let (path, action, from, to) = Self.legal[index]
        let fixture = try Self.prepared(path)
        let before = try #require(try fixture.store.note(1))
        #expect(before.state == from)
        let logBefore = try fixture.store.log()
        let optionsBefore = try fixture.db.query("SELECT * FROM survey_options")
        let others = try fixture.db.query("SELECT * FROM suggestions WHERE id <> 1")
        let reason = action.requiresReason ? "reason with 'quotes' and\nnewline" : nil

        let decision = try fixture.decide(action, 1, by: "mod-b", reason: reason)

        let time = fixture.clock.d1Text
        let after = try #require(try fixture.store.note(1))
        #expect(decision.before == before)
        #expect(decision.after == after)
        #expect(after.state == to)
        #expect(after.version == before.version + 1)
        #expect(after.reviewedBy == "mod-b")
        #expect(after.reviewedAt == time)
        #expect(after.reviewReason == reason)
        #expect(after.content == before.content)

        let log = try fixture.store.log()
        #expect(log.count == logBefore.count + 1)
        let entry = try #require(log.last)
        #expect(entry == decision.entry)
        #expect(entry.noteID == 1)
        #expect(entry.action == action.rawValue)
        #expect(entry.from == from.rawValue)
        #expect(entry.to == to.rawValue)
        #expect(entry.moderator == "mod-b")
        #expect(entry.reason == reason)
        #expect(entry.createdAt == time)
        #expect(entry.version == after.version)
        #expect(Array(log.dropLast()) == logBefore, "earlier log entries are never changed")
        #expect(try fixture.db.query("SELECT * FROM suggestions WHERE id <> 1") == others)

        let options = try fixture.db.query("SELECT id, content, section, created_at FROM survey_options")
        if action == .promote {
            let option = try #require(options.last)
            #expect(options.count == optionsBefore.count + 1)
            #expect(
                option.values == [.integer(try #require(entry.optionID)), .text("first"), "community", .text(time)])
            #expect(after.promotedOptionID == entry.optionID)
            #expect(after.status == "approved", "a promoted note keeps status 'approved'")
        } else {
            #expect(options.count == optionsBefore.count)
            #expect(entry.optionID == nil)
            #expect(after.promotedOptionID == nil)
        }
    }

    @Test(arguments: ModerationStoreTests.illegal.indices)
    func illegalTransitionIsRefusedAndChangesNothing(_ index: Int) throws {
        let (path, action, refusal) = Self.illegal[index]
        let fixture = try Self.prepared(path)
        let note = try #require(try fixture.store.note(1))
        let last = try fixture.store.history(of: 1).last
        let before = try fixture.snapshot()

        let expected: ModerationError
        switch refusal {
        case .illegal:
            expected = .illegalTransition(action: action, note: note, lastDecision: last)
        case .conflict:
            expected = .conflict(
                ModerationConflict(
                    noteID: 1, action: action, actedOnVersion: note.version, found: note,
                    decisions: [try #require(last)]))
        case .promotedIsFinal:
            expected = .promotedCannotReopen(note: note, promotion: last)
        case .alreadyPromoted:
            expected = .alreadyPromoted(note: note, promotion: last)
        }
        #expect(throws: expected) { try fixture.decide(action, 1, by: "mod-b") }
        #expect(try fixture.snapshot() == before)
        #expect(expected.isConflict == (refusal == .conflict))
    }

    @Test func illegalTransitionSaysTheStateAndWhoPutItThere() throws {
        let fixture = try Self.prepared("rejected")
        let error = try #require(throws: ModerationError.self) { try fixture.decide(.promote, 1, by: "mod-b") }
        let text = error.description
        #expect(text.hasPrefix("cannot promote note 1: it is rejected (rejected by 'mod-a' at 2026-09-21 14:13:21 UTC"))
        #expect(text.contains("only approved notes can be promoted"))
        #expect(text.contains("reopen and approve it first"))

        let fresh = try Self.prepared("fresh")
        let never = try #require(throws: ModerationError.self) { try fresh.decide(.promote, 1, by: "mod-b") }
        #expect(
            never.description
                == "cannot promote note 1: it is pending (no decision recorded yet); only approved notes can be "
                + "promoted; approve it first")
    }

    @Test func aDecisionAlreadyMadeIsAConflictNamingIt() throws {
        let fixture = try Self.prepared("approved")
        let error = try #require(throws: ModerationError.self) { try fixture.decide(.approve, 1, by: "mod-b") }
        #expect(error.isConflict)
        #expect(
            error.description
                == "conflict: note 1 was already approved by 'mod-a' at 2026-09-21 14:13:21 UTC (version 1); "
                + "your approve was not applied")
        let other = try #require(throws: ModerationError.self) {
            try fixture.decide(.reject, 1, by: "mod-b", reason: "no")
        }
        #expect(other.description.contains("was already decided: approved by 'mod-a'"))
        #expect(other.description.contains("reopen it first with `tally notes reopen 1 --reason TEXT`"))
    }

    @Test func staleExpectedVersionIsAConflictNamingTheDecisionsSince() throws {
        let fixture = try ModerationFixture()
        try fixture.decide(.approve, 1, by: "mod-a")
        try fixture.decide(.reopen, 1, by: "mod-c", reason: "second look")
        let before = try fixture.snapshot()
        let history = try fixture.store.history(of: 1)
        let current = try #require(try fixture.store.note(1))
        // mod-b looked at version 0 (pending) and still sees "pending" — but two decisions happened since.
        let request = DecisionRequest(
            noteID: 1, action: .approve, moderator: try Moderator("mod-b"), actedOnVersion: 0, time: fixture.tick())
        let expected = ModerationError.conflict(
            ModerationConflict(noteID: 1, action: .approve, actedOnVersion: 0, found: current, decisions: history))
        #expect(throws: expected) { try fixture.store.decide(request) }
        #expect(try fixture.snapshot() == before)
        #expect(
            expected.description
                == "conflict: note 1 changed since version 0: approved by 'mod-a' at 2026-09-21 14:13:21 UTC "
                + "(version 1); then reopened by 'mod-c' at 2026-09-21 14:13:22 UTC (version 2); it is now pending "
                + "(version 2); your approve was not applied; look again with `tally notes show 1` and decide "
                + "again if still needed")
        // Acting on the current version works.
        let fresh = DecisionRequest(
            noteID: 1, action: .approve, moderator: try Moderator("mod-b"), actedOnVersion: 2, time: fixture.tick())
        #expect(try fixture.store.decide(fresh).after.version == 3)
    }

    @Test func expectedVersionAheadOfTheNoteIsAConflict() throws {
        let fixture = try ModerationFixture()
        let before = try fixture.snapshot()
        let request = DecisionRequest(
            noteID: 2, action: .approve, moderator: try Moderator("mod-b"), actedOnVersion: 7, time: fixture.tick())
        let error = try #require(throws: ModerationError.self) { try fixture.store.decide(request) }
        #expect(error.isConflict)
        #expect(error.description.hasPrefix("conflict: note 2 is at version 0, not at version 7 as expected"))
        #expect(try fixture.snapshot() == before)
    }

    @Test func statusChangedOutsideTallyAtTheSameVersionIsAConflict() throws {
        let fixture = try ModerationFixture()
        // The vote page (or a person in the D1 console) rejects the note without tally.
        try fixture.db.execute("UPDATE suggestions SET status = 'rejected' WHERE id = 3")
        let before = try fixture.snapshot()
        let request = DecisionRequest(
            noteID: 3, action: .approve, moderator: try Moderator("mod-b"), actedOnVersion: 0, actedOnState: .pending,
            time: fixture.tick())
        let error = try #require(throws: ModerationError.self) { try fixture.store.decide(request) }
        #expect(error.isConflict)
        #expect(error.description.contains("changed without a log entry (outside tally)"))
        #expect(try fixture.snapshot() == before)
    }

    /// Another copy's logged decision at the version acted on (brought by a pull) is named, not
    /// called a change "outside tally" (a replayed promotion met another moderator's reject).
    @Test func anotherStateAtTheSameVersionNamesTheDecisionThatMadeIt() throws {
        let fixture = try ModerationFixture()
        try fixture.decide(.reject, 3, by: "bob", reason: "spam")
        let request = DecisionRequest(
            noteID: 3, action: .promote, moderator: try Moderator("alice"), actedOnVersion: 1,
            actedOnState: .approved, time: fixture.tick())
        let error = try #require(throws: ModerationError.self) { try fixture.store.decide(request) }
        #expect(error.isConflict)
        #expect(!error.description.contains("outside tally"), "\(error)")
        #expect(error.description.contains("was already decided: rejected by 'bob'"), "\(error)")
    }

    /// A page form or `--expect` carries the digest of the note shown; another note under the id is refused.
    @Test func aDigestOfAnotherNoteIsRefusedAsNotTheNoteRead() throws {
        let fixture = try ModerationFixture()
        let shown = try #require(try SeenNote.current(3, in: fixture.db))
        try fixture.db.execute("UPDATE suggestions SET content = 'BUY CHEAP PILLS' WHERE id = 3")
        let before = try fixture.snapshot()
        let request = DecisionRequest(
            noteID: 3, action: .approve, moderator: try Moderator("alice"), actedOnVersion: 0,
            actedOnState: .pending, time: fixture.tick(), seenDigest: shown.digest)
        let error = try #require(throws: ModerationError.self) { try fixture.store.decide(request) }
        #expect(error == .noteChanged(noteID: 3, seen: nil, found: "BUY CHEAP PILLS"))
        #expect(error.isConflict)
        #expect(try fixture.snapshot() == before)
        let now = try #require(try SeenNote.current(3, in: fixture.db))
        #expect(now.digest != shown.digest && now.digest.count == SeenNote.digestLength)
        let again = DecisionRequest(
            noteID: 3, action: .approve, moderator: try Moderator("alice"), actedOnVersion: 0,
            actedOnState: .pending, time: fixture.tick(), seenDigest: now.digest)
        #expect(try fixture.store.decide(again).after.state == .approved)
    }

    @Test func promotingTwiceNeverCreatesTwoOptions() throws {
        let fixture = try ModerationFixture()
        try fixture.decide(.approve, 2)
        let first = try fixture.decide(.promote, 2, by: "mod-a")
        let optionID = try #require(first.after.promotedOptionID)
        let before = try fixture.snapshot()
        for name in ["mod-a", "mod-b"] {
            let error = try #require(throws: ModerationError.self) { try fixture.decide(.promote, 2, by: name) }
            #expect(!error.isConflict, "asking for what is already so is not a lost race")
            #expect(
                error.description
                    == "note 2 is already promoted as option #\(optionID) (by 'mod-a' at \(first.entry.time!)); "
                    + "nothing was changed")
        }
        // Also when the caller insists it saw the approved version.
        let stale = DecisionRequest(
            noteID: 2, action: .promote, moderator: try Moderator("mod-b"), actedOnVersion: 1, time: fixture.tick())
        let staleError = try #require(throws: ModerationError.self) { try fixture.store.decide(stale) }
        #expect(!staleError.isConflict, "a promotion that lost the race to a promotion is told the same")
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.db.scalar("SELECT count(*) FROM survey_options WHERE section = 'community'") == 1)
    }

    @Test func reopeningAPromotedNoteNamesTheOption() throws {
        let fixture = try Self.prepared("promoted")
        let error = try #require(throws: ModerationError.self) {
            try fixture.decide(.reopen, 1, by: "mod-b", reason: "changed my mind")
        }
        #expect(!error.isConflict)
        #expect(
            error.description
                == "cannot reopen note 1: it was promoted to option #1 by 'mod-a' at 2026-09-21 14:13:22 UTC; a "
                + "promoted note is final because its option exists and may already have votes; withdraw the "
                + "option on the vote page instead")
    }

    @Test(arguments: [ModerationAction.reject, .reopen])
    func rejectAndReopenRefuseAMissingReason(_ action: ModerationAction) throws {
        let fixture = try Self.prepared(action == .reject ? "fresh" : "rejected")
        let before = try fixture.snapshot()
        let note = try #require(try fixture.store.note(1))
        let request = DecisionRequest(
            noteID: 1, action: action, moderator: try Moderator("mod-b"), reason: nil, actedOnVersion: note.version,
            time: fixture.tick())
        #expect(throws: ModerationError.reasonRequired(action)) { try fixture.store.decide(request) }
        #expect(try fixture.snapshot() == before)
    }

    @Test func missingNoteAndUnknownStatusAreRefused() throws {
        let fixture = try ModerationFixture()
        let request = DecisionRequest(
            noteID: 42, action: .approve, moderator: try Moderator("mod-b"), actedOnVersion: 0, time: fixture.tick())
        #expect(throws: ModerationError.noteNotFound(42)) { try fixture.store.decide(request) }

        try fixture.db.execute("UPDATE suggestions SET status = 'spam' WHERE id = 2")
        let spam = try #require(try fixture.store.note(2))
        let before = try fixture.snapshot()
        let approve = DecisionRequest(
            noteID: 2, action: .approve, moderator: try Moderator("mod-b"), actedOnVersion: 0, time: fixture.tick())
        #expect(throws: ModerationError.unknownStatus(spam)) { try fixture.store.decide(approve) }
        #expect(try fixture.snapshot() == before)
        #expect(ModerationError.unknownStatus(spam).description.hasPrefix("note 2 has status 'spam', which is not"))
    }

    @Test func aFailingLogInsertRollsBackTheWholeDecision() throws {
        let fixture = try ModerationFixture()
        try fixture.decide(.approve, 1)
        // Another tool left an entry at the version the next decision will take.
        try fixture.db.execute(
            """
            INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, created_at, version)
            VALUES (1, 'approve', 'pending', 'approved', 'ghost', '2026-01-01 00:00:00', 2)
            """)
        let before = try fixture.snapshot()
        #expect(throws: SQLiteError.self) { try fixture.decide(.promote, 1) }
        #expect(try fixture.snapshot() == before, "no option, no status change: all or nothing")
        #expect(fixture.db.isAutocommit, "the transaction is closed")
    }

    @Test func theLogStaysAppendOnly() throws {
        let fixture = try ModerationFixture()
        try fixture.decide(.approve, 1)
        #expect(throws: SQLiteError.self) { try fixture.db.execute("UPDATE moderation_log SET moderator = 'x'") }
        #expect(throws: SQLiteError.self) { try fixture.db.execute("DELETE FROM moderation_log") }
        #expect(try fixture.store.log().count == 1)
    }

    @Test func hostileTextIsStoredVerbatimAndPromotedVerbatim() throws {
        let hostile = [
            "\u{1B}[2J\u{1B}[31mred\u{1B}[0m and a bell\u{7}",
            "a | b | c\n| --- |\nline\r\nwith CRLF",
            "=HYPERLINK(\"https://example.com\",\"click\")",
            String(repeating: "長文字0123456789", count: 834).prefix(10_000).description,
            "right-to-left \u{202E}txt.exe and 'quotes' \"double\" \\ backslash",
        ]
        let fixture = try ModerationFixture(notes: hostile.map { ($0, "s-h") })
        for (offset, text) in hostile.enumerated() {
            let id = Int64(offset + 1)
            try fixture.decide(.approve, id)
            let promoted = try fixture.decide(.promote, id)
            let option = try #require(promoted.after.promotedOptionID)
            #expect(
                try fixture.db.scalar("SELECT content FROM survey_options WHERE id = ?", [.integer(option)])
                    == .text(text))
            #expect(try fixture.store.note(id)?.content == text)
        }
        #expect(hostile[3].count == 10_000)
    }

    @Test func aDatabaseWithoutTheModerationSchemaIsRefused() throws {
        let folder = try TemporaryDirectory()
        let db = try Connection(path: folder.path("old.sqlite"), mode: .create)
        try db.executeScript(try #require(Migration.all.first).sql)
        #expect(
            throws: ModerationError.schemaMissing(
                "suggestions.version, suggestions.reviewed_by, suggestions.reviewed_at, suggestions.review_reason, "
                    + "suggestions.promoted_option_id, the moderation_log table")
        ) { try ModerationStore(db) }
    }

    @Test func aPromotionWithAnEditedLabelAndSectionCreatesThatOption() throws {
        let fixture = try ModerationFixture()
        try fixture.decide(.approve, 2)
        let note = try #require(try fixture.store.note(2))
        let request = DecisionRequest(
            noteID: 2, action: .promote, moderator: try Moderator("mod-a"), actedOnVersion: note.version,
            actedOnState: note.state, time: fixture.tick(),
            option: OptionDraft(label: try OptionLabel("  寵物  "), section: .original))
        let decision = try fixture.store.decide(request)
        let optionID = try #require(decision.after.promotedOptionID)
        let row = try #require(
            try fixture.db.query("SELECT content, section FROM survey_options WHERE id = ?", [.integer(optionID)]).first
        )
        #expect(row[0].string == "寵物", "the label, trimmed")
        #expect(row[1].string == "original")
        #expect(try fixture.store.note(2)?.content == note.content, "the note keeps its own words")
    }

    @Test(arguments: ["", "   ", "two\nlines", "rtl\u{202E}txet", String(repeating: "x", count: 201)])
    func anOptionLabelIsOneShortVisibleLine(_ text: String) {
        #expect(throws: Moderator.Problem.self) { try OptionLabel(text) }
    }

    @Test func conflictTimesAreShownInTheZoneGiven() throws {
        let fixture = try Self.prepared("approved")
        let error = try #require(throws: ModerationError.self) { try fixture.decide(.approve, 1, by: "mod-b") }
        let zone = try Zone(parsing: "Asia/Taipei")
        let utc = error.description
        let taipei = error.message(in: zone)
        #expect(utc.contains("UTC"))
        #expect(!taipei.contains("UTC") && taipei.contains("+08:00"), "\(taipei)")
    }
}
