import TallySQLite
import Testing

@testable import TallyCore

/// Issue 12 items 2 and 12: a decision writes only moderation's own tables, and
/// a promotion never changes the note's text.
@Suite("Moderation write guard: triggers, promoted text, moderator names")
struct ModerationWriteGuardTests {
    /// The fixture with an option and a few votes that a hostile trigger could reach.
    static func withVotes() throws -> ModerationFixture {
        let fixture = try ModerationFixture()
        try fixture.db.execute("INSERT INTO survey_options (id, content, section) VALUES (1, 'a', 'original')")
        for session in ["s1", "s2", "s3"] {
            try fixture.db.execute("INSERT INTO votes (option_id, session_id) VALUES (1, ?)", [.text(session)])
        }
        return fixture
    }

    @Test func aTriggerThatDeletesVotesFailsTheApprovalNamingItAndNothingChanges() throws {
        let fixture = try Self.withVotes()
        try fixture.db.execute("CREATE TRIGGER w AFTER UPDATE ON suggestions BEGIN DELETE FROM votes; END")
        let before = try fixture.snapshot()
        #expect(throws: ModerationError.triggerWrites(trigger: "w", write: "DELETE FROM votes")) {
            try fixture.decide(.approve, 1)
        }
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.db.scalar("SELECT count(*) FROM votes")?.int64 == 3)
        let message = ModerationError.triggerWrites(trigger: "w", write: "DELETE FROM votes").description
        #expect(message.contains("the trigger 'w' would DELETE FROM votes"))
        #expect(message.contains("nothing was changed"))
    }

    @Test func aTriggerThatMovesVotesToAPromotedOptionFailsThePromotion() throws {
        let fixture = try Self.withVotes()
        try fixture.decide(.approve, 1)
        try fixture.db.execute(
            "CREATE TRIGGER move AFTER INSERT ON survey_options BEGIN UPDATE votes SET option_id = NEW.id; END")
        let before = try fixture.snapshot()
        #expect(throws: ModerationError.triggerWrites(trigger: "move", write: "UPDATE votes SET option_id")) {
            try fixture.decide(.promote, 1)
        }
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.db.scalar("SELECT count(*) FROM votes WHERE option_id = 1")?.int64 == 3)
    }

    @Test func aTriggerThatWritesTheLogOrAnotherOptionIsRefusedToo() throws {
        let fixture = try Self.withVotes()
        try fixture.db.execute(
            "CREATE TRIGGER extra AFTER UPDATE ON suggestions BEGIN "
                + "INSERT INTO survey_options (content, section) VALUES ('spam', 'community'); END")
        let before = try fixture.snapshot()
        #expect(throws: ModerationError.triggerWrites(trigger: "extra", write: "INSERT INTO survey_options")) {
            try fixture.decide(.reject, 2)
        }
        #expect(try fixture.snapshot() == before)
    }

    @Test func aBookkeepingTriggerOnTheVotePagesOwnColumnKeepsWorking() throws {
        let fixture = try Self.withVotes()
        try fixture.db.execute("ALTER TABLE suggestions ADD COLUMN updated_at TEXT")
        try fixture.db.execute(
            "CREATE TRIGGER touch AFTER UPDATE OF status ON suggestions BEGIN "
                + "UPDATE suggestions SET updated_at = 'touched' WHERE id = NEW.id; END")
        try fixture.decide(.approve, 1)
        #expect(try fixture.db.scalar("SELECT updated_at FROM suggestions WHERE id = 1") == .text("touched"))
        #expect(try fixture.store.note(1)?.state == .approved)
    }

    @Test func aTriggerThatRewritesTheNotesTextIsRefused() throws {
        let fixture = try Self.withVotes()
        try fixture.db.execute(
            "CREATE TRIGGER rewrite AFTER UPDATE OF status ON suggestions BEGIN "
                + "UPDATE suggestions SET content = 'changed' WHERE id = NEW.id; END")
        let before = try fixture.snapshot()
        #expect(throws: ModerationError.triggerWrites(trigger: "rewrite", write: "UPDATE suggestions SET content")) {
            try fixture.decide(.approve, 1)
        }
        #expect(try fixture.snapshot() == before)
    }

    @Test(arguments: [
        ("CAST(X'610062' AS TEXT)", "holds a NUL character (SQL text would end there)"),
        ("CAST(X'61FF62' AS TEXT)", "holds bytes that are not valid UTF-8"),
        ("X'6162'", "is a blob value, not text"),
    ])
    func promotingANoteWhoseTextIsNotPlainUTF8IsRefusedAndNothingChanges(_ stored: String, _ why: String) throws {
        let fixture = try ModerationFixture()
        try fixture.decide(.approve, 1)
        try fixture.db.execute("UPDATE suggestions SET content = \(stored) WHERE id = 1")
        let before = try fixture.snapshot()
        #expect(throws: ModerationError.unpromotableText(noteID: 1, why: why)) { try fixture.decide(.promote, 1) }
        #expect(try fixture.snapshot() == before)
    }

    @Test func aPromotedOptionHoldsTheNotesExactBytes() throws {
        let text = "爸爸廁所要待多久?\u{202E} 'q' \n tab\t é"
        let fixture = try ModerationFixture(notes: [(text, "s")])
        try fixture.decide(.approve, 1)
        let decision = try fixture.decide(.promote, 1)
        let option = try #require(decision.after.promotedOptionID)
        let same = try fixture.db.scalar(
            "SELECT CAST(o.content AS BLOB) = CAST(s.content AS BLOB) FROM survey_options o, suggestions s "
                + "WHERE o.id = ? AND s.id = 1", [.integer(option)])
        #expect(same == .integer(1))
    }

    @Test(arguments: ["\u{202E}evil", "mod\u{202E}a", "a\u{200B}b", "a\u{2066}b", "x\u{2028}y", "\u{FEFF}bom"])
    func aModeratorNameWithInvisibleFormattingIsRefused(_ name: String) throws {
        let scalar = try #require(name.unicodeScalars.first { Moderator.isHiddenFormatting($0) })
        #expect(throws: Moderator.Problem.formattingCharacter(scalar.value)) { try Moderator(name) }
    }

    @Test func theRefusalNamesTheCharacter() {
        #expect(
            Moderator.Problem.formattingCharacter(0x202E).description
                == "contains the invisible formatting character U+202E "
                + "(bidi controls, zero-width and separator characters are refused)")
        #expect(
            Moderator.Problem.controlCharacter(0x1B).description
                == "contains a control character (U+001B; newline, tab, escape … are refused)")
    }

    @Test func emojiSequencesWithAZeroWidthJoinerAndPlainNamesAreKept() throws {
        #expect(try Moderator("👩‍💻 林 o'brien").name == "👩‍💻 林 o'brien")
    }
}
