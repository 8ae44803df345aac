import TallySQLite

/// The check that rows a copy holds are still D1's: per group (a range of `width` vote ids, or a
/// whole answer), the row count and two digests of every column of every row, computed by one SQL
/// text run unchanged on D1 (through the query API) and on the copy. Only integers are summed, so
/// both sides give the very same numbers, each below 2^53 (D1's answer writes JavaScript numbers).
///
/// Each row is read whole: per column its storage class, an integer exactly (its low 31 bits and the
/// rest), and any other value as text (a BLOB as its hex, a REAL by `printf('%!.17g')`), its length
/// and every character up to `positions` (the longest the copy holds; a longer text differs in
/// length). These go into one integer `l` as a weighted sum (fixed pseudo-random weights, below
/// 2^62 in all), reduced modulo the primes 2^31 − 1 and 2147483629 to `a` and `b`, and the row adds
/// `a³ + b` and `b³ + a` (mod each prime) to its group's two sums. A row's figures are a nonlinear
/// function of all its values and its id, so no edit of one or two rows cancels another (a swap of
/// two votes' options, an option moved while the time shifts: the old weighted sum's weights
/// repeated every 1,009 ids, and such edits went unseen); it goes unseen only by a chance of about
/// 2^-62.
package struct VoteDigest: Sendable, Equatable {
    /// One group's figures.
    package struct Range: Sendable, Equatable {
        /// `id / width` (0 for a whole answer).
        package let bucket: Int64
        /// Rows in the group.
        package let rows: Int64
        /// The sums of the rows' figures, one per prime.
        package let digest: Int64
        package let check: Int64
    }

    /// Ids per range: 65,536 (a million votes make 16 ranges, each read again alone when it differs).
    package static let width: Int64 = 65_536
    /// Ranges per statement: 262,144 ids, about 4 s of SQLite's time for the digest at the usual
    /// vote columns, well inside D1's 30 s per query.
    package static let rangesPerStatement: Int64 = 4
    /// The most characters a statement reads per row, all columns together (its text stays far
    /// below D1's 100 KB per statement); past it, every vote is fetched again.
    package static let maximumPositions = 1_500

    /// The columns digested, in the table's order (the copy's; D1's are the same or everything is fetched).
    package let columns: [String]
    /// Per column, the characters of its text form read (the longest the copy holds).
    package let positions: [Int]

    /// The digest for the rows of `table` in `db`: every character of every text they hold.
    package static func covering(_ table: String, columns: [String], in db: Connection) throws -> VoteDigest {
        let longest = columns.map { "max(length(\(textForm(DumpImporter.quoted($0)))))" }.joined(separator: ", ")
        let row = try db.query("SELECT \(longest) FROM \(DumpImporter.quoted(table))").first
        return VoteDigest(
            columns: columns, positions: columns.indices.map { Int(row?.values[$0].int64 ?? 0) })
    }

    /// True when the statement can read every character the positions ask for.
    package var isComplete: Bool { positions.reduce(0, +) <= Self.maximumPositions }

    /// The statement giving one row per non-empty range with ids in `low...high`.
    package func statement(low: Int64, high: Int64) -> String {
        statement(group: "id / \(Self.width)", from: "votes WHERE id >= \(low) AND id <= \(high)")
    }

    /// The statement giving one row (bucket 0) for the rows `from` gives (`"votes WHERE …"`, or a
    /// parenthesized SELECT); none when it gives no rows.
    package func statement(over from: String) -> String { statement(group: "0", from: from) }

    private func statement(group: String, from: String) -> String {
        let (p, q) = (Self.primeA, Self.primeB)
        let inner = columns.enumerated().map { index, name in
            let column = DumpImporter.quoted(name)
            return "\(column) AS v\(index), \(Self.textForm(column)) AS s\(index)"
        }.joined(separator: ", ")
        // OFFSET 0 keeps each level a subquery of its own: flattened, `l` would be computed once per use.
        return "SELECT g AS bucket, count(*) AS n, sum((a * a % \(p) * a + b) % \(p)) AS digest, "
            + "sum((b * b % \(q) * b + a) % \(q)) AS \"check\" "
            + "FROM (SELECT g, (l % \(p) + \(p)) % \(p) AS a, (l % \(q) + \(q)) % \(q) AS b "
            + "FROM (SELECT g, \(rowSum) AS l FROM (SELECT \(group) AS g, \(inner) FROM \(from) "
            + "LIMIT -1 OFFSET 0) LIMIT -1 OFFSET 0) LIMIT -1 OFFSET 0) GROUP BY g ORDER BY g"
    }

    /// A value as text: a text as it is, a BLOB as its hex, a REAL with every digit; '' otherwise.
    static func textForm(_ column: String) -> String {
        "CASE typeof(\(column)) WHEN 'text' THEN \(column) WHEN 'blob' THEN hex(\(column)) "
            + "WHEN 'real' THEN printf('%!.17g', \(column)) ELSE '' END"
    }

    /// The row's weighted sum `l`.
    private var rowSum: String {
        var weights = Weights()
        var terms: [String] = []
        for (index, count) in positions.enumerated() {
            let (v, s) = ("v\(index)", "s\(index)")
            terms.append(
                "(CASE typeof(\(v)) WHEN 'null' THEN 1 WHEN 'integer' THEN 2 WHEN 'real' THEN 3 WHEN 'text' THEN 4 "
                    + "ELSE 5 END) * \(weights.next(bits: 22))")
            terms.append(
                "(CASE typeof(\(v)) WHEN 'integer' THEN \(v) & 2147483647 ELSE 0 END) * \(weights.next(bits: 22))")
            terms.append("(CASE typeof(\(v)) WHEN 'integer' THEN \(v) >> 31 ELSE 0 END) * \(weights.next(bits: 22))")
            terms.append("length(\(s)) * \(weights.next(bits: 22))")
            for position in 0..<count {
                terms.append("coalesce(unicode(substr(\(s), \(position + 1), 1)), 0) * \(weights.next(bits: 30))")
            }
        }
        return "(" + Self.balanced(terms) + ")"
    }

    /// `terms` joined by `+` as a balanced tree (a chain of 1,000 is deeper than SQLite allows).
    private static func balanced(_ terms: [String]) -> String {
        guard terms.count > 64 else { return terms.joined(separator: " + ") }
        return stride(from: 0, to: terms.count, by: 64).map {
            "(" + balanced(Array(terms[$0..<min($0 + 64, terms.count)])) + ")"
        }.joined(separator: " + ")
    }

    static let primeA: Int64 = 2_147_483_647
    static let primeB: Int64 = 2_147_483_629

    /// Fixed pseudo-random weights (SplitMix64 from a fixed seed): the same on every run and machine.
    private struct Weights {
        var random = SplitMix64(seed: 0x7461_6C6C_7944_3125)
        mutating func next(bits: Int) -> Int64 { Int64(random.next() >> UInt64(64 - bits)) | 1 }
    }

    /// The id ranges `[low, high]` (one per statement) covering `low...high`.
    package static func statementRanges(low: Int64, high: Int64) -> [ClosedRange<Int64>] {
        guard low <= high else { return [] }
        let span = width * rangesPerStatement
        var ranges: [ClosedRange<Int64>] = []
        var start = low
        while start <= high {
            let bucketStart = floorDiv(start, span) * span
            let end = min(high, bucketStart + span - 1)
            ranges.append(start...end)
            if end == Int64.max { break }
            start = end + 1
        }
        return ranges
    }

    /// The ids of one bucket.
    package static func ids(ofBucket bucket: Int64) -> ClosedRange<Int64> {
        (bucket * width)...(bucket * width + width - 1)
    }

    /// The groups of a statement's answer.
    package static func ranges(_ rows: [Row]) -> [Int64: Range] {
        var found: [Int64: Range] = [:]
        for row in rows {
            guard let bucket = row["bucket"]?.int64, let count = row["n"]?.int64 else { continue }
            found[bucket] = Range(
                bucket: bucket, rows: count, digest: row["digest"]?.int64 ?? 0, check: row["check"]?.int64 ?? 0)
        }
        return found
    }

    /// SQLite's `id / width` rounds toward zero; ranges start at multiples of the span.
    private static func floorDiv(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
