import Foundation
import TallySQLite

/// Writes rows read through D1's query API (and the copy's own votes) as a file in
/// `wrangler d1 export`'s format, which the pull then imports like any export: the one
/// import path, with all its checks, builds the new copy.
///
/// The format as `bench/d1_export.py` writes it: `PRAGMA defer_foreign_keys=TRUE;`, each
/// table's `CREATE`, one `INSERT INTO "t" ("c",…) VALUES(…);` per row, then the indexes,
/// triggers and views. Text goes through `DecisionSQL.literal` (control characters as
/// `char(n)`), so every statement stays on one line; every value reads back as the same
/// storage class and bytes (`literal`).
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

    /// A value as SQL: integers as numbers, text quoted, a blob in hex, a real exactly (`real`).
    static func literal(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return real(number)
        case .text(let text): return DecisionSQL.literal(text)
        case .blob(let bytes): return "X'" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }

    /// A real as an expression SQLite evaluates to the very same double. Not its shortest decimal:
    /// SQLite's own text-to-real conversion (3.40) misses by one unit in the last place for about
    /// one value in 10,000 (897.081332046 reads back as 897.0813320459999). So the real is written as
    /// `CAST(m AS REAL)` times or divided by powers of two, with `m` a whole number below 2^53, each
    /// step exact; a whole number below 2^53 stays `m.0`, which SQLite reads exactly.
    static func real(_ number: Double) -> String {
        guard number.isFinite else { return number.isNaN ? "NULL" : (number < 0 ? "-9e999" : "9e999") }
        let limit = 9_007_199_254_740_992.0  // 2^53
        if number.magnitude < limit, number == number.rounded(.towardZero) {
            return number == 0 ? (number.sign == .minus ? "-0.0" : "0.0") : "\(Int64(number)).0"
        }
        var whole = number.magnitude
        var halvings = 0  // doublings to make it whole, undone by dividing
        while whole != whole.rounded(.towardZero) {
            whole *= 2
            halvings += 1
        }
        var doublings = 0
        while whole >= limit {
            whole /= 2
            doublings += 1
        }
        var text = "(CAST(\(number < 0 ? "-" : "")\(Int64(whole)) AS REAL)"
        for (count, operation) in [(halvings, "/"), (doublings, "*")] {
            var left = count
            while left >= 62 {
                text += operation + "4611686018427387904"
                left -= 62
            }
            if left > 0 { text += operation + String(Int64(1) << left) }
        }
        return text + ")"
    }
}
