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
    /// readers for them, and merges the partitions' figures. Each partition holds whole sessions
    /// (it is a range of session ids), so per-session rules (first vote, stacking) never straddle
    /// two, and ends after a session that ends a fingerprint chunk, so each hashes whole chunks.
    /// Every partition reads through its own connection of the snapshot, so all read one state.
    func scanVotes(_ snapshot: ReadSnapshot, _ table: OptionTable) throws -> VoteScan {
        let db = snapshot.connection
        let keys = try Analyzer.splitKeys(db, partitions: snapshot.readers.count, through: parameters.through)
        guard !keys.isEmpty else {
            var scan = VoteScan(parameters: parameters, options: table)
            try scan.run(db.prepare(VoteScan.sql))
            return scan
        }
        // Partition i reads session ids in (keys[i-1], keys[i]] on reader i; `splitKeys` gives
        // at most one key fewer than there are readers.
        let ranges: [(lower: String?, upper: String?)] = (0...keys.count).map { index in
            (index == 0 ? nil : keys[index - 1], index == keys.count ? nil : keys[index])
        }
        let readers = snapshot.readers.prefix(ranges.count).map(HandedOver.init)
        let results = PartitionResults<VoteScan>(count: ranges.count)
        let parameters = self.parameters
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            do {
                let connection = readers[index].connection
                let range = ranges[index]
                let statement = try connection.prepare(
                    VoteScan.sql(lower: range.lower != nil, upper: range.upper != nil))
                try statement.bind([range.lower, range.upper].compactMap { $0.map(SQLValue.text) })
                var scan = VoteScan(parameters: parameters, options: table)
                try scan.run(statement)
                results.set(index, .success(scan))
            } catch {
                results.set(index, .failure(error))
            }
        }
        var merged: VoteScan?
        for result in results.all() {
            let scan = try result.get()
            if merged == nil { merged = scan } else { merged!.merge(scan) }
        }
        return merged!
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

/// A snapshot's reader handed to the one thread that scans its partition. A `Connection` is not
/// `Sendable`; this is sound because each reader is used by exactly one thread at a time: the
/// caller's thread before and after `concurrentPerform`, one worker during it.
final class HandedOver: @unchecked Sendable {
    let connection: Connection
    init(_ connection: Connection) { self.connection = connection }
}

/// The partitions' results, filled from several threads.
final class PartitionResults<Scan>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Scan, Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Scan, Error>) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    func all() -> [Result<Scan, Error>] {
        lock.lock()
        defer { lock.unlock() }
        return results.map { $0 ?? .failure(CancellationError()) }
    }
}
