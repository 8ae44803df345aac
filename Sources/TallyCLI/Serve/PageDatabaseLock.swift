import Foundation

/// The page's lock on its copy: requests that only read share it, a request that writes holds it alone, and a
/// write waiting for it goes before reads that come after (so a stream of readers cannot keep a decision out).
/// In SQLite's rollback-journal mode readers share the file's lock among themselves, while a reader and a writer
/// make each other sleep in the busy handler: this keeps the page's writers from meeting its readers there.
/// Every wait has a deadline.
final class PageDatabaseLock: @unchecked Sendable {
    private let condition = NSCondition()
    private var readers = 0
    private var writing = false
    private var writersWaiting = 0

    /// Takes the lock, to read (shared) or to write (alone), waiting until `deadline` at most: false when the
    /// deadline passed first.
    func lock(writing write: Bool, before deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if write {
            writersWaiting += 1
            defer {
                writersWaiting -= 1
                // Readers held back for this writer may go on if it gave up.
                condition.broadcast()
            }
            while writing || readers > 0 {
                if !condition.wait(until: deadline), writing || readers > 0 { return false }
            }
            writing = true
        } else {
            while writing || writersWaiting > 0 {
                if !condition.wait(until: deadline), writing || writersWaiting > 0 { return false }
            }
            readers += 1
        }
        return true
    }

    /// Gives back what `lock(writing:before:)` took.
    func unlock(writing write: Bool) {
        condition.lock()
        if write { writing = false } else { readers -= 1 }
        condition.broadcast()
        condition.unlock()
    }
}
