import Foundation
import TallySQLite
import Testing

@testable import TallyCore

@Suite("Same-author groups", .timeLimit(.minutes(10)))
struct AuthorGroupTests {
    @Test func theDemoFlagsTheSessionWithTwoPromotedNotes() async throws {
        let store = try ModerationStore(Demo.inMemory())
        let groups = try store.authorGroups()
        #expect(groups.map(\.shortSession) == ["1bed57d5", "241200ea", "6bf0d994", "2865f6c9", "96eb9bec"])
        let first = try #require(groups.first)
        #expect(first.session == Demo.sessions["s07"])
        #expect(first.notes.map(\.id) == [1, 2])
        #expect(first.approvedCount == 2)
        #expect(first.isFlagged)
        #expect(
            first.promotedOptions == [
                .init(noteID: 1, optionID: 6, votesByAuthor: 0), .init(noteID: 2, optionID: 7, votesByAuthor: 0),
            ])
        #expect(first.votedForOwnOption == false, "the demo's promoted options had no votes yet")
        #expect(groups.dropFirst().allSatisfy { !$0.isFlagged && $0.votedForOwnOption == nil })
    }

    @Test func aVoteForItsOwnOptionIsSeen() async throws {
        let db = try Demo.inMemory()
        let session = try #require(Demo.sessions["s07"])
        try db.execute(
            "INSERT INTO votes (option_id, session_id) VALUES (7, ?), (7, ?)", [.text(session), .text(session)])
        // Another session's vote for option 6 does not count as the author's.
        try db.execute("INSERT INTO votes (option_id, session_id) VALUES (6, 'someone else')")
        let group = try #require(try ModerationStore(db).authorGroups().first)
        #expect(group.votedForOwnOption == true)
        #expect(group.promotedOptions.map(\.votesByAuthor) == [0, 2])
    }

    @Test func notesWithoutASessionComeLastAndAreNeverFlagged() async throws {
        let fixture = try ModerationFixture(notes: [("a", nil), ("b", "s-1"), ("c", nil), ("d", "s-1")])
        for id: Int64 in 1...4 { try fixture.decide(.approve, id) }
        let groups = try fixture.store.authorGroups()
        #expect(groups.map(\.session) == ["s-1", nil])
        #expect(groups.map { $0.notes.map(\.id) } == [[2, 4], [1, 3]])
        #expect(groups.map(\.isFlagged) == [true, false])
        #expect(groups[1].shortSession == "(none)")
    }

    @Test func theEmbeddedQueryMatchesTheFileRunInTheSQLiteShell() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try DatabaseFile.build(at: path) { db in try Demo.write(into: db) }
        let db = try Connection(path: path, mode: .readWrite)
        let session = try #require(Demo.sessions["s07"])
        try db.execute("INSERT INTO votes (option_id, session_id) VALUES (6, ?)", [.text(session)])
        let file = ToolProcess.repository.appendingPathComponent("queries/notes_own_option_votes.sql")
        let rows = try await SQLiteShell.rows(path, try String(contentsOf: file, encoding: .utf8))
        #expect(rows == [["1", session, "6", "1"], ["2", session, "7", "0"]])
        #expect(try ModerationStore(db).ownOptionVotes() == [1: 1, 2: 0])
    }
}
