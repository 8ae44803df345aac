import Foundation
import TallySQLite

/// Writes rows read through D1's query API (and the copy's own votes) as a file in
/// `wrangler d1 export`'s format, which the pull then imports like any export: the one
/// import path, with all its checks, builds the new copy.
///
/// The format as `bench/d1_export.py` writes it: `PRAGMA defer_foreign_keys=TRUE;`, each
/// table's `CREATE`, one `INSERT INTO "t" ("c",…) VALUES(…);` per row, then the indexes,
/// triggers and views. Text goes through `DecisionSQL.literal` (control characters as
/// `char(n)`), so every statement stays on one line.
final class ExportWriter {
    private let handle: FileHandle
    private let path: String
    private var buffer: [UInt8] = []

    /// Creates (or truncates) the file at `path`.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw DumpError.cannotRead(
                path: path, reason: "cannot create the file for D1's rows (\(String(cString: strerror(errno))))")
        }
        self.path = path
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        buffer.reserveCapacity(1 << 20)
    }

    /// One statement, `;` and a line break added.
    func statement(_ sql: String) throws {
        buffer.append(contentsOf: sql.utf8)
        buffer.append(contentsOf: ";\n".utf8)
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// One row of `table` as an INSERT.
    func insert(into table: String, _ row: Row) throws {
        let columns = row.columns.map(DumpImporter.quoted).joined(separator: ",")
        let values = row.values.map(Self.literal).joined(separator: ",")
        try statement("INSERT INTO \(DumpImporter.quoted(table)) (\(columns)) VALUES(\(values))")
    }

    /// Writes what is buffered and closes the file (synced: the import reads it next).
    func finish() throws {
        try flush()
        try handle.synchronize()
        try handle.close()
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw DumpError.cannotRead(path: path, reason: "cannot write D1's rows: \(error.localizedDescription)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// A value as SQL: integers and reals as numbers (a real keeps its decimal point), text quoted.
    static func literal(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number):
            guard number.isFinite else { return number.isNaN ? "NULL" : (number < 0 ? "-9e999" : "9e999") }
            let text = "\(number)"
            return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0"
        case .text(let text): return DecisionSQL.literal(text)
        case .blob(let bytes): return "X'" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }
}
