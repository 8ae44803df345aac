import TallySQLite

/// The check that the votes a copy already holds are still D1's: for each range of
/// `width` ids, the row count and a digest of every column of every row, computed by one
/// SQL text run unchanged on D1 (through the query API) and on the copy. Only integers are
/// summed, so both sides give the very same numbers.
///
/// Each row contributes, per column, its storage class and for an integer the value (mod a
/// prime), for anything else its length and the characters at 14 positions (every digit of
/// `YYYY-MM-DD HH:MM:SS`, and the ends of a session id), weighted by the row's id so that a value moved to another row
/// counts too. A deleted, added or edited vote changes its range's count or digest; an edit
/// that touches only unsampled characters of a long text is not seen (see DECISIONS.md).
package struct VoteDigest: Sendable, Equatable {
    /// One range's figures.
    package struct Range: Sendable, Equatable {
        /// `id / width`.
        package let bucket: Int64
        /// Rows with an id in the range.
        package let rows: Int64
        /// The digest of those rows.
        package let digest: Int64
    }

    /// Ids per range: 65,536 (a million votes make 16 ranges, each read again alone when it differs).
    package static let width: Int64 = 65_536
    /// Ranges per statement: a million ids, well inside D1's 30 s per query.
    package static let rangesPerStatement: Int64 = 16

    /// The columns digested, in the table's order (the copy's; D1's are the same or everything is fetched).
    package let columns: [String]

    /// A digest over these columns of `votes`.
    package init(columns: [String]) { self.columns = columns }

    /// The statement giving one row per non-empty range with ids in `low...high`.
    package func statement(low: Int64, high: Int64) -> String {
        "SELECT id / \(Self.width) AS bucket, count(*) AS n, sum((\(rowDigest)) % 1000000007) AS digest "
            + "FROM votes WHERE id >= \(low) AND id <= \(high) GROUP BY 1 ORDER BY 1"
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

    /// The ranges of a statement's answer (`statement(low:high:)`'s columns).
    package static func ranges(_ rows: [Row]) -> [Int64: Range] {
        var found: [Int64: Range] = [:]
        for row in rows {
            guard let bucket = row["bucket"]?.int64, let count = row["n"]?.int64 else { continue }
            found[bucket] = Range(bucket: bucket, rows: count, digest: row["digest"]?.int64 ?? 0)
        }
        return found
    }

    /// SQLite's `id / width` rounds toward zero; ranges start at multiples of the span.
    private static func floorDiv(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    /// Every digit of `YYYY-MM-DD HH:MM:SS` (1–4, 6–7, 9–10 from the start; 1–2, 4–5, 7–8 from the
    /// end), and the ends of a session id.
    private static let positions = [1, 2, 3, 4, 6, 7, 9, 10, -1, -2, -4, -5, -7, -8]

    private var rowDigest: String {
        "(id % 1009 + 1) * ("
            + columns.enumerated().map { Self.columnDigest($1, weight: $0 + 1) }.joined(separator: " + ")
            + ")"
    }

    /// `substr` and `length` read a text as it is and a real as its text: no CAST per character,
    /// which measured a third of the statement's time at a million votes.
    private static func columnDigest(_ name: String, weight: Int) -> String {
        let column = DumpImporter.quoted(name)
        let sampled = positions.enumerated().map { index, position in
            "coalesce(unicode(substr(\(column), \(position), 1)), 0) * \(index + 3)"
        }.joined(separator: " + ")
        return "\(weight) * (CASE typeof(\(column)) WHEN 'integer' THEN 1 + (\(column) % 1000003) * 8 "
            + "WHEN 'null' THEN 2 ELSE 3 + length(\(column)) * 8 + \(sampled) END)"
    }
}
