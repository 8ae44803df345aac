import TallyCore
import TallySQLite
import Testing

/// A database locked by another process is a moderation error of its own, not a raw SQLite error
/// that every caller has to recognise.
@Suite("Moderation store: a locked database")
struct ModerationBusyTests {
    @Test func aLockHeldPastTheBusyTimeoutIsADomainErrorAndChangesNothing() throws {
        let fixture = try ModerationFixture()
        let before = try fixture.snapshot()
        let holder = try Connection(path: fixture.path, mode: .readWrite)
        try holder.execute("BEGIN IMMEDIATE")
        // The store's connection waits for its busy timeout (5 s), then gives up.
        #expect(throws: ModerationError.databaseBusy("database is locked")) {
            try fixture.decide(.approve, 1)
        }
        try holder.execute("ROLLBACK")
        #expect(try fixture.snapshot() == before)
        // Once the lock is gone, the same decision goes through.
        #expect(try fixture.decide(.approve, 1).after.state == .approved)
    }

    @Test func theMessageSaysNothingChangedAndWhatToDo() {
        let text = ModerationError.databaseBusy("database is locked").description
        #expect(
            text == "the database stayed locked by another process for longer than the busy timeout; "
                + "nothing was changed; try again (database is locked)")
    }
}
