import CSQLite

extension Connection {
    /// Sets how long this connection waits for another connection's lock before SQLITE_BUSY, in
    /// milliseconds; 0 answers BUSY at once (https://sqlite.org/c3ref/busy_timeout.html).
    ///
    /// A read snapshot over several connections takes their locks with 0: waiting there while
    /// holding another lock is what deadlocks against a writer waiting to commit.
    package func setBusyTimeout(_ milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// The busy timeout every connection gets when it is opened, in milliseconds.
    package static let defaultBusyTimeout: Int32 = 5_000
}
