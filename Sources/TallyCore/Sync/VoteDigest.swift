import TallySQLite

/// The check that rows a copy holds are still D1's: per group (a range of `width` vote ids, or a
/// whole answer), the row count and two digests of every column of every row, computed by one SQL
/// text run unchanged on D1 (through the query API) and on the copy. Only integers are summed, so
/// both sides give the very same numbers, each below 2^53 (D1's answer writes JavaScript numbers).
///
/// Each row is read whole: per column its storage class, an integer exactly (its low 31 bits and the
/// rest), and any other value as text (a BLOB as its hex, a REAL by `printf('%!.17g')`), its length
/// and every character up to `positions` (the longest the copy holds; a longer text differs in
/// length). These go into one integer `l` as a weighted sum (weights drawn from the check's
/// `DigestKey`, fresh for every pull, below 2^62 in all), reduced modulo the primes 2^31 − 1 and
/// 2147483629 to `a` and `b`, and the row adds `a³ + b` and `b³ + a` (mod each prime) to its group's
/// two sums. A column too long to read character by character (`maximumPositions` in all) adds its
/// keyed `ColumnDigest` to `a` and `b` instead: a long note never switches the check off.
///
/// The weights are secret until the pull sends its statement, and new for each pull: an edit that
/// keeps `l` (a vote moved to another option, with session ids changed to compensate) needs them,
/// and one made with an earlier pull's weights (which D1's query log may show) is seen by the next.
/// An edit made without them goes unseen only by a chance of about 2^-62; fixed public weights let
/// anyone solve for an unseen edit (issue 45).
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
    /// below D1's 100 KB per statement); past it, the longest columns are read by their digest.
    package static let maximumPositions = 1_500

    /// The columns digested, in the table's order (the copy's; D1's are the same or everything is fetched).
    package let columns: [String]
    /// Per column, the characters of its text form read (the longest the copy holds), or nil for a
    /// column read by its keyed `ColumnDigest`.
    package let positions: [Int?]
    /// The check's key.
    package let key: DigestKey

    /// The digest for the rows of `table` in `db` under `key` (drawn fresh for each pull): every
    /// character of every text they hold, the longest columns by their digest when all would be more
    /// than `maximumPositions`.
    package static func covering(_ table: String, columns: [String], in db: Connection, key: DigestKey) throws
        -> VoteDigest
    {
        let longest = columns.map { "max(length(\(textForm(DumpImporter.quoted($0)))))" }.joined(separator: ", ")
        let row = try db.query("SELECT \(longest) FROM \(DumpImporter.quoted(table))").first
        var positions: [Int?] = columns.indices.map { Int(row?.values[$0].int64 ?? 0) }
        while positions.reduce(0, { $0 + ($1 ?? 0) }) > maximumPositions,
            let widest = positions.indices.max(by: { (positions[$0] ?? -1) < (positions[$1] ?? -1) })
        {
            positions[widest] = nil
        }
        return VoteDigest(columns: columns, positions: positions, key: key)
    }

    /// True when the statement reads every character itself (no column by its digest, whose
    /// recursive query per row would be slow over a million votes).
    package var isComplete: Bool { !positions.contains(nil) }

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
        // The columns read by their digest: each an integer of two lanes (`ColumnDigest.pairSQL`).
        let digested = positions.indices.filter { positions[$0] == nil }
        let pairs = digested.map { ", \(ColumnDigest.pairSQL(of: "s\($0)", key: key)) AS d\($0)" }.joined()
        let laneA = digested.map { " + d\($0) / 2147483648" }.joined()
        let laneB = digested.map { " + d\($0) % 2147483648" }.joined()
        // OFFSET 0 keeps each level a subquery of its own: flattened, `l` would be computed once per use.
        return "SELECT g AS bucket, count(*) AS n, sum((a * a % \(p) * a + b) % \(p)) AS digest, "
            + "sum((b * b % \(q) * b + a) % \(q)) AS \"check\" "
            + "FROM (SELECT g, (l % \(p) + \(p)\(laneA)) % \(p) AS a, (l % \(q) + \(q)\(laneB)) % \(q) AS b "
            + "FROM (SELECT g, \(rowSum) AS l\(pairs) FROM (SELECT \(group) AS g, \(inner) FROM \(from) "
            + "LIMIT -1 OFFSET 0) LIMIT -1 OFFSET 0) LIMIT -1 OFFSET 0) GROUP BY g ORDER BY g"
    }

    /// A value as text: a text as it is, a BLOB as its hex, a REAL with every digit; '' otherwise.
    static func textForm(_ column: String) -> String {
        "CASE typeof(\(column)) WHEN 'text' THEN \(column) WHEN 'blob' THEN hex(\(column)) "
            + "WHEN 'real' THEN printf('%!.17g', \(column)) ELSE '' END"
    }

    /// The row's weighted sum `l`.
    private var rowSum: String {
        var weights = Weights(random: SplitMix64(seed: key.seed))
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
            for position in 0..<(count ?? 0) {
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

    /// The weights: pseudo-random from the key's seed (the same on D1 and here within one check).
    private struct Weights {
        var random: SplitMix64
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
