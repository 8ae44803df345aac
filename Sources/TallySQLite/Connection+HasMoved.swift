import CSQLite

extension Connection {
    /// True when the main database file was renamed over or unlinked since this
    /// connection opened it (`SQLITE_FCNTL_HAS_MOVED`, https://sqlite.org/c3ref/c_fcntl_begin_atomic_write.html).
    ///
    /// A writer that finds this true inside its transaction is about to write into a
    /// file nobody will read again (`tally pull` renamed a new database into place),
    /// so it must stop instead of losing its write.
    package var hasMoved: Bool {
        var moved: Int32 = 0
        let rc = sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
        return rc == SQLITE_OK && moved != 0
    }
}
