import Foundation
import TallySQLite

/// A pass over the votes that can read a range of session ids on its own and be merged with
/// the passes over the ranges after it: the report's `VoteScan` and the weekly `WeeklyVoteScan`.
protocol PartitionedScan: SendableMetatype {
    /// Reads every row of `statement` (prepared from `VoteScan.sql`, with or without a range).
    mutating func run(_ statement: Statement) throws
    /// Adds the figures of the partition that follows this one.
    mutating func merge(_ other: Self)
}

extension VoteScan: PartitionedScan {}
extension WeeklyVoteScan: PartitionedScan {}

extension Analyzer {
    /// Reads every vote once, in parallel partitions of session ids when the snapshot has
    /// readers for them, and merges the partitions in order. Each partition holds whole sessions
    /// (it is a range of session ids), so per-session rules (first vote, stacking) never straddle
    /// two, and ends after a session that ends a fingerprint chunk (`splitKeys`), so each hashes
    /// whole chunks. Every partition reads through its own connection of the snapshot, so all
    /// read one committed state.
    ///
    /// - Parameter make: the empty scan of partition `index` (0 is the first, or the only one).
    static func scanPartitions<Scan: PartitionedScan>(
        _ snapshot: ReadSnapshot, through: Instant?, _ make: @escaping @Sendable (_ index: Int) -> Scan
    ) throws -> Scan {
        let db = snapshot.connection
        let keys = try splitKeys(db, partitions: snapshot.readers.count, through: through)
        guard !keys.isEmpty else {
            var scan = make(0)
            try scan.run(db.prepare(VoteScan.sql))
            return scan
        }
        // Partition i reads session ids in (keys[i-1], keys[i]] on reader i; `splitKeys` gives
        // at most one key fewer than there are readers.
        let ranges: [(lower: String?, upper: String?)] = (0...keys.count).map { index in
            (index == 0 ? nil : keys[index - 1], index == keys.count ? nil : keys[index])
        }
        let readers = snapshot.readers.prefix(ranges.count).map(HandedOver.init)
        let results = PartitionResults<Scan>(count: ranges.count)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            do {
                let range = ranges[index]
                let statement = try readers[index].connection.prepare(
                    VoteScan.sql(lower: range.lower != nil, upper: range.upper != nil))
                try statement.bind([range.lower, range.upper].compactMap { $0.map(SQLValue.text) })
                var scan = make(index)
                try scan.run(statement)
                results.set(index, .success(scan))
            } catch {
                results.set(index, .failure(error))
            }
        }
        // Taken out of `results`, not copied: a copy still held there made every array the merge
        // writes to (the seconds' bitmaps above all) copy itself first, 8 MB at two years of votes.
        var merged = try results.take(0).get()
        for index in 1..<ranges.count {
            merged.merge(try results.take(index).get())
        }
        return merged
    }
}

/// A snapshot's reader handed to the one thread that scans its partition. A `Connection` is not
/// `Sendable`; this is sound because each reader is used by exactly one thread at a time: the
/// caller's thread before and after `concurrentPerform`, one worker during it.
private final class HandedOver: @unchecked Sendable {
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

    /// Partition `index`'s result, which no longer holds it: the caller's copy is the only one,
    /// so writing to it copies nothing.
    func take(_ index: Int) -> Result<Scan, Error> {
        lock.lock()
        defer { lock.unlock() }
        let result = results[index] ?? .failure(CancellationError())
        results[index] = nil
        return result
    }
}
