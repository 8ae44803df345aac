/// Why a dump could not be imported. Whatever the case, nothing was written:
/// the temporary file is removed and the target is untouched.
package enum DumpError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The dump file cannot be opened or read.
    case cannotRead(path: String, reason: String)
    /// The file is not SQL text at all (an SQLite database, a compressed file, UTF-16 text).
    case notSQLText(path: String, found: String, advice: String)
    /// Bytes that are not UTF-8 (or a NUL byte) at a line and byte.
    case encoding(line: Int, column: Int, offset: Int64, detail: String)
    /// One statement is larger than the reader accepts.
    case statementTooLarge(line: Int, limit: Int)
    /// The file ends inside a statement.
    case truncated(line: Int)
    /// The dump opened a transaction that the file never commits.
    case unclosedTransaction(line: Int)
    /// SQLite rejected a statement (syntax, missing table, constraint …).
    case rejected(line: Int, message: String, statement: String)
    /// The statement does something a dump never does; it was not run.
    case refused(line: Int, what: String)
    /// A trigger the dump defines would write while tally applies its migrations.
    case triggerWrites(trigger: String, table: String)
    /// An INSERT of the dump stored no row: a `RAISE(IGNORE)` trigger or an `OR IGNORE` conflict dropped it.
    case rowDropped(line: Int, table: String)
    /// A trigger on a table tally writes ends in `RAISE(IGNORE)`: tally's own write would vanish without an error.
    case triggerIgnores(trigger: String, table: String, event: String, purpose: String)
    /// The file holds no SQL statement.
    case empty(path: String)
    /// The loaded data lacks tables or columns of the vote page's schema.
    case missingContract([String])
    /// The import was stopped (Ctrl-C or a termination signal).
    case interrupted

    package var description: String {
        let nothing = "; nothing was written"
        switch self {
        case .cannotRead(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .notSQLText(let path, let found, let advice):
            return "\(path) is \(found), not an SQL dump; \(advice)"
        case .encoding(let line, let column, let offset, let detail):
            return "line \(line), byte \(column) (file offset \(offset)): \(detail); a dump is UTF-8 text — "
                + "export it again, or convert the file to UTF-8" + nothing
        case .statementTooLarge(let line, let limit):
            return "line \(line): the statement starting here is larger than \(limit / (1 << 20)) MiB; "
                + "D1 keeps rows under 2 MB, so the file is damaged or not an export" + nothing
        case .truncated(let line):
            return "line \(line): the file ends inside the statement that starts here (no closing `;`); "
                + "the dump is incomplete — export it again" + nothing
        case .unclosedTransaction(let line):
            return "the dump opens a transaction at line \(line) but ends before its COMMIT; "
                + "the file is incomplete — dump it again" + nothing
        case .rejected(let line, let message, let statement):
            return "line \(line): SQLite rejected the statement: \(message)\n  statement: \(statement)\n  "
                + "the dump does not load as it is" + nothing
        case .refused(let line, let what):
            return "line \(line): refused \(what). A dump from `wrangler d1 export` or `sqlite3 .dump` only "
                + "creates tables, indexes, triggers and views and inserts rows, so this file is not one "
                + "(or was edited)" + nothing
        case .triggerWrites(let trigger, let table):
            return "refused the trigger \(trigger) that the dump defines: it would write to \(table) when tally "
                + "records its migrations, and a dump's triggers may not write during the import" + nothing
        case .rowDropped(let line, let table):
            return "line \(line): the INSERT into \(table) stored no row — a trigger with RAISE(IGNORE) or an "
                + "INSERT OR IGNORE conflict dropped it without an error; every row of the dump must arrive, so "
                + "remove that trigger (or the duplicate row) from the file and import again" + nothing
        case .triggerIgnores(let trigger, let table, let event, let purpose):
            return "refused the trigger \(trigger) on \(table): it can run RAISE(IGNORE) on \(event), so when tally "
                + "\(purpose) its write would be dropped without an error. Remove the trigger from the export (or "
                + "make it RAISE(ABORT, '…'), which fails loudly) and import again" + nothing
        case .empty(let path):
            return "\(path) holds no SQL statement; give the file written by "
                + "`wrangler d1 export DB --remote --output=FILE`" + nothing
        case .missingContract(let missing):
            let needed = SchemaContract.tables.map { "\($0.name)(\($0.columns.joined(separator: ", ")))" }
            return "the dump does not hold the vote page's schema: " + missing.joined(separator: "; ")
                + ". tally needs " + needed.dropLast().joined(separator: ", ") + " and " + needed.last!
                + "; extra tables and columns are fine" + nothing
        case .interrupted:
            return "interrupted" + nothing
        }
    }
}
