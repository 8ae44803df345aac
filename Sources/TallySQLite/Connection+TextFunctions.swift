import CSQLite

extension Connection {
    /// Registers `unhex(X)`, `unhex(X, Y)` and `unistr(X)` on this connection
    /// when the SQLite library lacks them (it has unhex from 3.41, unistr from
    /// 3.50), so a dump written by a newer `sqlite3` loads with an older library.
    /// A library that has them keeps its own. Returns the names registered.
    ///
    /// They are registered deterministic and innocuous, as SQLite's own are, so
    /// a hardened connection (`trusted_schema` off) may still use them.
    @discardableResult
    package func provideTextFunctions() throws -> [String] {
        var registered: [String] = []
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        if !hasFunction("unhex('')") {
            for arguments: Int32 in [1, 2] {
                try check(
                    sqlite3_create_function_v2(handle, "unhex", arguments, flags, nil, unhexFunction, nil, nil, nil))
            }
            registered.append("unhex")
        }
        if !hasFunction("unistr('')") {
            try check(sqlite3_create_function_v2(handle, "unistr", 1, flags, nil, unistrFunction, nil, nil, nil))
            registered.append("unistr")
        }
        return registered
    }

    /// True when `call` compiles, i.e. the function exists with that many arguments.
    private func hasFunction(_ call: String) -> Bool {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, "SELECT " + call, -1, &statement, nil)
        sqlite3_finalize(statement)
        return rc == SQLITE_OK
    }

    private func check(_ rc: Int32) throws {
        guard rc == SQLITE_OK else { throw lastError(sql: nil) }
    }
}

/// The bytes of a text argument, or nil for SQL NULL (SQLite converts numbers and blobs to text, as its own do).
private func textArgument(_ value: OpaquePointer?) -> [UInt8]? {
    guard sqlite3_value_type(value) != SQLITE_NULL, let text = sqlite3_value_text(value) else { return nil }
    return Array(UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))))
}

private let unhexFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, count, arguments in
    guard let arguments, let text = textArgument(arguments[0]) else { return }
    var ignoring: [UInt8] = []
    if count == 2 {
        guard let pass = textArgument(arguments[1]) else { return }
        ignoring = pass
    }
    guard let bytes = TextFunctions.unhex(text, ignoring: ignoring) else { return }  // NULL
    guard !bytes.isEmpty else { return sqlite3_result_zeroblob(context, 0) }  // an empty blob, not NULL
    bytes.withUnsafeBytes { buffer in
        sqlite3_result_blob64(context, buffer.baseAddress, UInt64(buffer.count), transientDestructor)
    }
}

private let unistrFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, _, arguments in
    guard let arguments, let text = textArgument(arguments[0]) else { return }
    guard let bytes = TextFunctions.unistr(text) else {
        sqlite3_result_error(context, TextFunctions.invalidEscape, -1)
        return
    }
    (bytes + [0]).withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
            sqlite3_result_text64(
                context, chars.baseAddress, UInt64(bytes.count), transientDestructor,
                UInt8(SQLITE_UTF8))
        }
    }
}
