import CSQLite

/// A statement in a multi-statement script failed.
package struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the script where the failing statement starts.
    package let line: Int
    /// The failing statement's text, trimmed.
    package let statement: String
    /// What SQLite said.
    package let underlying: SQLiteError

    package var description: String {
        "line \(line): \(underlying.message) (in: \(SQLiteError.abbreviate(statement)))"
    }
}

extension Connection {
    /// Runs every statement of a script in order, one prepared statement at a time
    /// (each statement may depend on tables the previous ones created).
    ///
    /// Unlike `sqlite3_exec`, a failure says which statement and line failed.
    /// The caller decides about transactions; this runs the statements as given.
    package func executeScript(_ script: String) throws {
        var utf8 = Array(script.utf8)
        utf8.append(0)
        try utf8.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            var cursor = base
            while cursor.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let rc = sqlite3_prepare_v2(handle, cursor, -1, &statement, &tail)
                let end = tail ?? cursor
                let text = Connection.text(from: cursor, to: end)
                let line = Connection.lineNumber(in: buffer, before: Connection.firstNonBlank(cursor, end) - base)
                guard rc == SQLITE_OK else {
                    throw ScriptError(line: line, statement: text, underlying: lastError(sql: text))
                }
                guard let statement else { break }  // only whitespace or comments remain
                let prepared = Statement(handle: statement, connection: self, sql: text)
                do {
                    while try prepared.step() {}
                } catch let error as SQLiteError {
                    throw ScriptError(line: line, statement: text, underlying: error)
                }
                cursor = end
            }
        }
    }

    /// Splits a script into its statements without running them, using SQLite's
    /// own tokenizer (`sqlite3_complete`) to find where each one ends.
    package static func statements(in script: String) -> [(line: Int, text: String)] {
        var result: [(Int, String)] = []
        var current = ""
        var startLine = 1
        var line = 1
        for rawLine in script.split(separator: "\n", omittingEmptySubsequences: false) {
            if current.allSatisfy({ $0.isWhitespace }) {
                startLine = line
                current = ""
            }
            current += rawLine + "\n"
            line += 1
            if sqlite3_complete(current) != 0 {
                let trimmed = current.trimmingWhitespace()
                if !trimmed.isEmpty { result.append((startLine, trimmed)) }
                current = ""
            }
        }
        let rest = current.trimmingWhitespace()
        if !rest.isEmpty, !onlyComments(rest) { result.append((startLine, rest)) }
        return result
    }

    static func onlyComments(_ text: String) -> Bool {
        text.withCString { onlyComments($0) }
    }

    static func text(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeRawBufferPointer(start: start, count: end - start)
        return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    }

    /// The statement's first character after white space and `--` comment lines (a migration's
    /// header comment is not where its first statement is).
    static func firstNonBlank(_ start: UnsafePointer<CChar>, _ end: UnsafePointer<CChar>) -> UnsafePointer<CChar> {
        var p = start
        while p < end {
            if p.pointee == 0x20 || p.pointee == 0x0A || p.pointee == 0x0D || p.pointee == 0x09 {
                p += 1
            } else if p.pointee == 0x2D, p + 1 < end, (p + 1).pointee == 0x2D {
                while p < end, p.pointee != 0x0A { p += 1 }
            } else {
                break
            }
        }
        return p
    }

    static func lineNumber(in buffer: UnsafeBufferPointer<UInt8>, before offset: Int) -> Int {
        var line = 1
        for index in 0..<min(offset, buffer.count) where buffer[index] == 0x0A { line += 1 }
        return line
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
