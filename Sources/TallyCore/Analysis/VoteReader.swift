import Foundation
import TallySQLite

/// The read half of the vote pass, on a thread of its own: it steps `VoteScan.sql`, reads each
/// row's columns and parses its time, and hands batches of rows to the counting (`VoteScan`) on
/// the caller's thread, so SQLite's stepping and tally's counting overlap on two cores.
///
/// The statement is stepped inside the caller's read transaction (`ReadSnapshot`), so the rows are
/// the same snapshot's; the caller's thread does not touch the connection until `rows` has
/// returned, by which time the reading thread has stopped (after the last row, an error, or the
/// counting's own error). A queue of `VoteReader.depth` batches bounds the memory; emptied batches
/// go back to the reader, so their storage is allocated once.
struct VoteReader {
    /// A vote row as read: the columns SQLite gave, in the forms the counting needs. 40 bytes: the
    /// counting reads each row once, on the other core.
    struct Row: Sendable {
        var voteID: Int64
        /// Milliseconds since the epoch of the parsed time; `Int64.min` when it cannot be read.
        var millis: Int64
        var optionID: Int64?
        /// The parsed time's shape; nil when it cannot be read.
        var shape: StoredTimestamp.Shape?
        var timeStorage: StorageClass
        var sessionStorage: StorageClass
        /// The session's storage and bytes are the previous row's (in this batch or the one before).
        var sameSession: Bool
        /// SQLite gave no text pointer for the time (NULL), which the fingerprint hashes as NULL.
        var timeIsNull: Bool
        /// The row's bytes are next in the batch's `bytes`: first the session's (none when
        /// `sameSession`), then the time's text, kept only when it is not in D1's exact form.
        var sessionCount: UInt32
        var timeCount: UInt32

        static let empty = Row(
            voteID: 0, millis: 0, optionID: nil, shape: nil, timeStorage: .null, sessionStorage: .null,
            sameSession: false, timeIsNull: false, sessionCount: 0, timeCount: 0)
    }

    /// Rows and the bytes they are followed by.
    struct Batch: Sendable {
        /// Storage for `batchRows` rows, allocated once; the first `count` are the batch's.
        var rows: [Row] = []
        var count = 0
        var bytes: [UInt8] = []
    }

    static let batchRows = 4096
    static let depth = 4
    /// Whether a second thread reads: not when this process may use one core only (`taskset`, a
    /// container's CPU set), where the hand-over would cost CPU and gain nothing.
    static let onThread = ProcessInfo.processInfo.activeProcessorCount > 1

    /// Reads every row of `statement` and calls `consume` with each batch, in order, on this
    /// thread; the reading runs on a thread of its own when `onThread`. Rows whose time is after
    /// `lastThrough` are in no report and skipped. Rethrows the first error of either side, once
    /// the reading thread has stopped.
    static func rows(
        of statement: Statement, lastThrough: Int64, batchRows: Int = batchRows, onThread: Bool = onThread,
        _ consume: (Batch) throws -> Void
    ) throws {
        var filler = Filler(lastThrough: lastThrough, batchRows: batchRows)
        guard onThread else {
            var (batch, more) = (Batch(), true)
            while more {
                more = try filler.fill(&batch, from: statement)
                if batch.count > 0 { try consume(batch) }
            }
            return
        }
        let queue = BatchQueue()
        let source = StatementBox(statement)
        let reader = Thread { [filler] in queue.finish(VoteReader.read(source, filler, into: queue)) }
        reader.start()
        defer {
            queue.stopAndWait()
            source.statement = nil  // the statement is finalized on this thread, never the reader's
        }
        while let batch = try queue.next() {
            try consume(batch)
            queue.recycle(batch)
        }
    }

    /// Fills batches until the rows end (nil), the counting stops (nil) or SQLite fails (the error).
    private static func read(_ source: StatementBox, _ filler: Filler, into queue: BatchQueue) -> (any Error)? {
        var filler = filler
        do {
            guard let statement = source.statement else { return nil }
            while var batch = queue.empty() {
                let more = try filler.fill(&batch, from: statement)
                if batch.count > 0 { guard queue.put(batch) else { return nil } }
                guard more else { return nil }
            }
            return nil
        } catch {
            return error
        }
    }

    /// What the reading keeps from row to row: the last date parsed and the last session read.
    struct Filler: Sendable {
        let lastThrough: Int64
        let batchRows: Int
        var times = D1TimeReader()
        var session: [UInt8] = []
        var sessionStorage = StorageClass.null
        var hasSession = false

        init(lastThrough: Int64, batchRows: Int) { (self.lastThrough, self.batchRows) = (lastThrough, batchRows) }

        /// Empties `batch` and fills it with up to `batchRows` rows; false when the rows have ended.
        mutating func fill(_ batch: inout Batch, from statement: Statement) throws -> Bool {
            if batch.rows.count < batchRows { batch.rows = Array(repeating: .empty, count: batchRows) }
            // The rows are written in place (an append per row checked the array's uniqueness and capacity).
            var (rows, bytes) = ([Row](), [UInt8]())
            swap(&rows, &batch.rows)
            swap(&bytes, &batch.bytes)
            defer {
                swap(&rows, &batch.rows)
                swap(&bytes, &batch.bytes)
            }
            bytes.removeAll(keepingCapacity: true)
            let (count, more) = try rows.withUnsafeMutableBufferPointer { rows in
                try fill(rows, &bytes, from: statement)
            }
            batch.count = count
            return more
        }

        /// Fills `rows` from the start: how many, and false when the rows have ended.
        private mutating func fill(
            _ rows: UnsafeMutableBufferPointer<Row>, _ bytes: inout [UInt8], from statement: Statement
        ) throws -> (Int, Bool) {
            var count = 0
            while count < rows.count {
                guard try statement.step() else { return (count, false) }
                let option = statement.read(at: 2, text: false)
                let time = statement.read(at: 1, text: true)
                var parsed: (instant: Instant, shape: StoredTimestamp.Shape)?
                if case .text = time.storageClass { parsed = times.parse(time.text) }
                if let parsed, parsed.instant.millis > lastThrough { continue }  // in no boundary's report
                let session = statement.read(at: 0, text: true)
                var row = Row(
                    voteID: statement.read(at: 3, text: false).int64,
                    millis: parsed?.instant.millis ?? .min,
                    optionID: option.storageClass == .null ? nil : option.int64, shape: parsed?.shape,
                    timeStorage: time.storageClass, sessionStorage: session.storageClass, sameSession: false,
                    timeIsNull: false, sessionCount: 0, timeCount: 0)
                if hasSession, row.sessionStorage == sessionStorage, VoteScan.equal(session.text, self.session) {
                    row.sameSession = true
                } else {
                    bytes.append(contentsOf: session.text)
                    row.sessionCount = UInt32(session.text.count)
                    VoteScan.replace(&self.session, with: session.text)
                    (sessionStorage, hasSession) = (row.sessionStorage, true)
                }
                if parsed?.shape != .d1 {
                    bytes.append(contentsOf: time.text)
                    row.timeCount = UInt32(time.text.count)
                    row.timeIsNull = time.text.baseAddress == nil
                }
                rows[count] = row
                count += 1
            }
            return (count, true)
        }
    }
}

/// Carries the statement to the reading thread. Only one thread uses it at a time: the reader
/// while it runs, then the caller (which waits for the reader to stop before touching it).
private final class StatementBox: @unchecked Sendable {
    var statement: Statement?
    init(_ statement: Statement) { self.statement = statement }
}

/// The bounded hand-over between the reading thread and the counting, under one condition.
private final class BatchQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var full: [VoteReader.Batch] = []
    private var spare: [VoteReader.Batch] = []
    private var made = 0
    private var finished = false
    private var failure: (any Error)?
    private var stopped = false
    private var readerDone = false

    /// The reader's next batch to fill: a spare one, a new one while fewer than `depth + 1` exist,
    /// or nil when the counting has stopped.
    func empty() -> VoteReader.Batch? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped && spare.isEmpty && made > VoteReader.depth { condition.wait() }
        if stopped { return nil }
        if let batch = spare.popLast() { return batch }
        made += 1
        return VoteReader.Batch()
    }

    /// Queues a filled batch; false when the counting has stopped.
    func put(_ batch: VoteReader.Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if stopped { return false }
        full.append(batch)
        condition.broadcast()
        return true
    }

    /// The reader's last word, after which it touches nothing: the end of the rows, or the error that ended them.
    func finish(_ error: (any Error)?) {
        condition.lock()
        (finished, failure, readerDone) = (true, error, true)
        condition.broadcast()
        condition.unlock()
    }

    /// The next filled batch; nil after the last; throws the reader's error after the batches before it.
    func next() throws -> VoteReader.Batch? {
        condition.lock()
        defer { condition.unlock() }
        while full.isEmpty && !finished { condition.wait() }
        if !full.isEmpty { return full.removeFirst() }
        if let failure { throw failure }
        return nil
    }

    func recycle(_ batch: VoteReader.Batch) {
        condition.lock()
        spare.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the reader to stop and waits until it has (it no longer touches the statement).
    func stopAndWait() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while !readerDone { condition.wait() }
        condition.unlock()
    }
}
