/// How far a pull through D1's query API copied a table: every row with an id up to
/// `throughID` is D1's, as of that pull. The next pull fetches only rows past it, after
/// checking the rows up to it still are D1's (`VoteDigest`).
package struct SyncWatermark: Sendable, Equatable {
    /// The table (`votes`).
    package let table: String
    /// The highest id copied.
    package let throughID: Int64
    /// The rows the copy holds up to it.
    package let rows: Int64

    /// `votes:1000000:999998 …`: the form kept in `tally_sync_origin.watermarks`.
    static func stored(_ marks: [SyncWatermark]) -> String {
        marks.map { "\($0.table):\($0.throughID):\($0.rows)" }.joined(separator: " ")
    }

    /// The watermarks of `stored(_:)`'s text; a part that does not read is left out.
    static func parse(_ text: String) -> [SyncWatermark] {
        text.split(separator: " ").compactMap { part in
            let fields = part.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count == 3, let through = Int64(fields[1]), let rows = Int64(fields[2]) else { return nil }
            return SyncWatermark(table: String(fields[0]), throughID: through, rows: rows)
        }
    }
}
