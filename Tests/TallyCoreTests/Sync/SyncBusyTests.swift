import Foundation
import TallyCore
import TallySQLite
import Testing

/// A database locked by another process is `SyncError.locked` from every sync write of the
/// library, never a raw SQLite busy error that each caller would have to recognise (as
/// `ModerationStore` answers `ModerationError.databaseBusy`). Each call runs on a connection
/// without a busy timeout, so it meets the lock at once.
@Suite("Sync: a locked database", .timeLimit(.minutes(10)))
struct SyncBusyTests {
    /// A migrated database with one decision in the ledger, and a second connection holding its write lock.
    struct Locked {
        let fixture: ModerationFixture
        let db: Connection
        let holder: Connection

        init() throws {
            fixture = try ModerationFixture()
            try fixture.decide(.approve, 1)
            db = try Connection(path: fixture.path, mode: .readWrite, busyTimeout: 0)
            holder = try Connection(path: fixture.path, mode: .readWrite)
            try holder.execute("BEGIN IMMEDIATE")
        }

        func release() throws { try holder.execute("ROLLBACK") }
    }

    @Test func markingPushedIsLockedNotBusy() async throws {
        let locked = try Locked()
        let ledger = SyncLedger(locked.db)
        let seqs = try ledger.decisions().map(\.seq)
        try #require(!seqs.isEmpty)
        #expect(throws: SyncError.locked(locked.fixture.path)) {
            try ledger.markPushed(seqs, target: "votes-db", at: Instant(seconds: 1_790_000_100))
        }
        try locked.release()
        #expect(try ledger.markPushed(seqs, target: "votes-db", at: Instant(seconds: 1_790_000_100)) > 0)
    }

    @Test func droppingConflictsIsLockedNotBusy() async throws {
        let locked = try Locked()
        #expect(throws: SyncError.locked(locked.fixture.path)) {
            try SyncLedger(locked.db).dropConflicts(
                of: 1, by: Withdrawer(name: nil, mayActOnOthers: true, at: "2026-09-24 02:00:00"))
        }
        try locked.release()
        #expect(
            try SyncLedger(locked.db).dropConflicts(
                of: 1, by: Withdrawer(name: nil, mayActOnOthers: true, at: "2026-09-24 02:00:00")) == .nothing)
    }

    @Test func creatingTheLedgerIsLockedNotBusy() async throws {
        let locked = try Locked()
        #expect(throws: SyncError.locked(locked.fixture.path)) {
            // Even when the ledger exists, checking for it takes the write lock (BEGIN IMMEDIATE) first.
            try SyncLedger(locked.db).createIfMissing()
        }
        try locked.release()
        try SyncLedger(locked.db).createIfMissing()
        #expect(try SyncLedger(locked.db).exists())
    }

    @Test func applyingD1sAnswersIsLockedNotBusy() async throws {
        let locked = try Locked()
        let decisions = try SyncLedger(locked.db).decisions()
        let answers = decisions.map {
            SyncPush.Answer(note: $0.noteID, version: $0.version, applied: true, remote: nil)
        }
        #expect(throws: SyncError.locked(locked.fixture.path)) {
            try SyncPush(locked.db).apply(answers, to: decisions)
        }
        try locked.release()
        #expect(try SyncPush(locked.db).apply(answers, to: decisions).confirmed == decisions.count)
    }

    @Test func aPullIntoALockedDatabaseIsLockedNotBusy() async throws {
        let locked = try Locked()
        let export = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/d1-export-demo.sql").path
        // The pull opens its own connection, which waits for its busy timeout (5 s) before giving up.
        #expect(throws: SyncError.locked(locked.fixture.path)) {
            try SyncPull(importer: DumpImporter()).run(
                exportPath: export, target: locked.fixture.path, source: "test", at: Instant(seconds: 1_790_000_100))
        }
        try locked.release()
    }
}
