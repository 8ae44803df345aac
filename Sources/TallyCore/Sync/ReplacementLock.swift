import Foundation
import TallySQLite

/// The write lock of a database about to be replaced whole (`tally import --replace`,
/// `tally demo --replace`), held from the check for unconfirmed decisions until the new
/// file is renamed into place.
///
/// Without it, a moderator could decide in the old file after the check, and the rename
/// would throw that decision away while `notes approve` had said it was done. Holding the
/// lock (as `tally pull` does), a decision made meanwhile waits, then finds the file moved
/// and stops (`ModerationError.databaseReplaced`): refused and said so, never lost.
package final class ReplacementLock {
    /// The old database, inside `BEGIN IMMEDIATE`; nil when there is nothing to hold.
    private var db: Connection?

    /// Decisions the old database holds that D1 has not confirmed (`SyncLedger.outstanding`).
    package let outstanding: Int

    /// Takes the write lock of the regular file at `path` and counts its unconfirmed decisions.
    /// A path that is absent, not a regular file or not a database holds no decisions: nothing is
    /// locked and the replacement proceeds (or refuses) on its own terms.
    ///
    /// - Throws: `SyncError.locked` when another process holds the write lock past the busy timeout.
    package init(_ path: String) throws {
        guard case .regularFile(let file)? = try? FileTarget.resolve(path) else {
            db = nil
            outstanding = 0
            return
        }
        guard FileManager.default.isWritableFile(atPath: file) else {
            // A read-only file cannot be written by a moderator either; it is only counted.
            self.db = nil
            outstanding = (try? DatabaseFile.openForReading(file)).flatMap { try? SyncLedger($0).outstanding() } ?? 0
            return
        }
        let db: Connection
        do {
            // The file a pull renamed into place while this waited, not the one it replaced.
            db = try SyncPull.lockCurrentFile(file)
        } catch let error as SQLiteError where error.isBusy {
            throw SyncError.locked(path)
        } catch {
            // Not a database (or a damaged one): it holds no decisions tally could read.
            self.db = nil
            outstanding = 0
            return
        }
        self.db = db
        outstanding = try SyncLedger(db).outstanding()
    }

    /// Lets the lock go (the old file is renamed over by now, or kept when the replacement failed).
    package func release() {
        if let db, !db.isAutocommit { try? db.execute("ROLLBACK") }
        db = nil
    }

    deinit { release() }
}
