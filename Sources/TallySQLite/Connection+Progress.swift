import CSQLite

extension Connection {
    /// Installs (or with nil, removes) a callback SQLite calls every `instructions`
    /// virtual-machine steps while a statement runs
    /// (https://sqlite.org/c3ref/progress_handler.html).
    ///
    /// Return `true` to stop the running statement: it then fails with
    /// `SQLITE_INTERRUPT`. This is how a long statement (building an index over
    /// millions of rows) is stopped cleanly, on the connection's own thread,
    /// when the user presses Ctrl-C.
    package func setProgressHandler(every instructions: Int32 = 10_000, _ shouldStop: (() -> Bool)?) {
        guard let shouldStop else {
            sqlite3_progress_handler(handle, 0, nil, nil)
            progressBox = nil
            return
        }
        let box = CallbackBox(shouldStop)
        progressBox = box
        sqlite3_progress_handler(
            handle, max(1, instructions),
            { context in
                guard let context else { return 0 }
                return Unmanaged<CallbackBox<() -> Bool>>.fromOpaque(context).takeUnretainedValue().call() ? 1 : 0
            }, Unmanaged.passUnretained(box).toOpaque())
    }
}
