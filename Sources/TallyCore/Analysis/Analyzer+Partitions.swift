import Foundation
import TallySQLite

extension Analyzer {
    /// Below this many votes one pass on one thread is quick enough (a few tenths of a second).
    static let partitionThreshold: Int64 = 200_000

    /// The first and last rowid of `votes`, each found by one seek in the table's b-tree.
    ///
    /// Two subqueries on purpose: SQLite's min/max optimisation applies only to a query with a
    /// single `min()` or `max()`, so `SELECT min(rowid), max(rowid) FROM votes` reads the whole
    /// table. Asked that way twice, on one thread before the parallel scan, it was 35% of the
    /// report's instructions (bench/RESULTS.md). A test checks the plan.
    static let rowIDBoundsSQL = "SELECT (SELECT min(rowid) FROM votes), (SELECT max(rowid) FROM votes)"

    /// `rowIDBoundsSQL`'s answer; nil for an empty table.
    static func rowIDBounds(_ db: Connection) throws -> (low: Int64, high: Int64)? {
        guard let row = try db.query(rowIDBoundsSQL).first, let low = row[0].int64, let high = row[1].int64 else {
            return nil
        }
        return (low, high)
    }

    /// How many partitions of session ids to read in parallel: one per core (at most four) for a
    /// large database file, one for a small or in-memory one.
    func partitionCount(_ db: Connection) throws -> Int {
        if let partitions { return max(1, partitions) }
        guard db.path != ":memory:", !db.path.isEmpty else { return 1 }
        guard let bounds = try Analyzer.rowIDBounds(db), bounds.high - bounds.low >= Analyzer.partitionThreshold
        else { return 1 }
        return min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// Reads every vote once, in parallel partitions of session ids when the snapshot has
    /// readers for them, and merges the partitions' figures (`PartitionedScan`).
    func scanVotes(_ snapshot: ReadSnapshot, _ table: OptionTable) throws -> VoteScan {
        let parameters = self.parameters
        return try Analyzer.scanPartitions(snapshot, through: parameters.through) { _ in
            VoteScan(parameters: parameters, options: table)
        }
    }

    /// Session ids that cut the votes into about equal parts: quantiles of a sample taken at
    /// evenly spaced rowids (each a single index seek), each moved forward to the next session
    /// that ends a fingerprint chunk (`VoteChunks.endsChunk`) and has a vote within `through`,
    /// so a partition ends exactly where a chunk does. A key is the last session of its
    /// partition; both sides of it compare with SQLite's own `<=`, so any such key is a
    /// correct cut, and the sample only balances the work.
    static func splitKeys(_ db: Connection, partitions: Int, through: Instant? = nil) throws -> [String] {
        guard partitions > 1, let bounds = try rowIDBounds(db) else { return [] }
        let (low, high) = bounds
        // 256 samples a partition: with 32 the two partitions of the 1M benchmark read 56% and 44%
        // of the instructions (callgrind), and the report waits for the larger. A sample is one
        // seek in the rowid b-tree (a few microseconds).
        let samples = partitions * 256
        let statement = try db.prepare("SELECT session_id FROM votes WHERE rowid >= ? ORDER BY rowid LIMIT 1")
        var keys: [String] = []
        let (span, count) = (high - low, Int64(samples))
        for step in Int64(0)..<count {
            // (span / count) * step alone is 0 for every step when there are fewer rows than samples;
            // the remainder's share keeps the samples spread over the whole table without overflow.
            try statement.bind([.integer(low + span / count * step + span % count * step / count)])
            // Keys are text: a cut is bound as text, and a BLOB id (sorted after all text) is no cut.
            if try statement.step(), statement.storageClass(at: 0) == .text, let key = statement.text(at: 0) {
                keys.append(key)
            }
        }
        // Every sampled row may hold a BLOB id: then there is no text key to cut at, and one partition reads all.
        guard !keys.isEmpty else { return [] }
        keys.sort(by: bytesPrecede)
        var splits: [String] = []
        for part in 1..<partitions {
            guard let key = try chunkEnd(db, from: keys[part * keys.count / partitions], through: through) else {
                continue
            }
            if splits.last.map({ bytesPrecede($0, key) }) ?? true { splits.append(key) }
        }
        return splits
    }

    /// The first session at or after `start` that ends a fingerprint chunk and has a vote at
    /// or before `through` (a vote whose time cannot be read counts, as in the scan); nil when
    /// none does within a bounded search, and the partition is then not split there.
    static func chunkEnd(_ db: Connection, from start: String, through: Instant?) throws -> String? {
        let statement = try db.prepare(
            "SELECT session_id, created_at FROM votes WHERE session_id >= ?" + VoteScan.order + " LIMIT 200000")
        try statement.bind([.text(start)])
        let limit = through?.millis
        var current: [UInt8]?
        var currentEndsChunk = false
        var currentCounted = false
        while try statement.step() {
            // Past the text ids (BLOB ids sort after them) there is no cut to make.
            guard statement.storageClass(at: 0) == .text else { break }
            let isNew = statement.withTextBytes(at: 0) { bytes in current.map { !VoteScan.equal(bytes, $0) } ?? true }
            if isNew {
                if let current, currentEndsChunk, currentCounted { return String(decoding: current, as: UTF8.self) }
                current = statement.withTextBytes(at: 0) { Array($0) }
                currentEndsChunk = statement.withTextBytes(at: 0) { VoteChunks.endsChunk($0) }
                currentCounted = false
            }
            if !currentCounted {
                let time = StoredTimestamp.read(statement, at: 1)?.instant.millis
                currentCounted = limit == nil || time == nil || time! <= limit!
            }
        }
        guard let current, currentEndsChunk, currentCounted else { return nil }
        return String(decoding: current, as: UTF8.self)
    }
}
