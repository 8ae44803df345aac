import Foundation
import TallySQLite

extension VoteScan {
    /// Counted votes and voters of one local day.
    struct DayCount {
        var votes = 0
        var voters = 0
    }

    /// Counted sessions that used a number of votes, and how many of them stacked.
    struct UsageCount {
        var sessions = 0
        var stacking = 0
    }

    /// The ledger's order: earliest first vote first, sessions without one last, then by session id bytes
    /// (`ORDER BY first_vote IS NULL, first_vote, session_id`).
    static func ledgerOrder(_ a: ReportFigures.ExcludedSession, _ b: ReportFigures.ExcludedSession) -> Bool {
        switch (a.firstVote, b.firstVote) {
        case (nil, nil): return bytesPrecede(a.session, b.session)
        case (nil, _): return false
        case (_, nil): return true
        case (let x?, let y?): return x != y ? x < y : bytesPrecede(a.session, b.session)
        }
    }

    /// Examples' order: by row id (none first), then session id bytes (`ORDER BY row_id, session_id`).
    static func exampleOrder(_ a: ReportFigures.AnomalyExample, _ b: ReportFigures.AnomalyExample) -> Bool {
        switch (a.rowID, b.rowID) {
        case (nil, nil): return bytesPrecede(a.session ?? "", b.session ?? "")
        case (nil, _): return true
        case (_, nil): return false
        case (let x?, let y?): return x < y
        }
    }

    /// The choice sets from their three stores per epoch (options as bits of a mask whose bits from
    /// `width` on are the epoch, up to four indices packed 16 bits each, any other set as its indices),
    /// leaving out sets counted zero times.
    static func choiceSets(masks: [Int], width: Int, packed: [[UInt64: Int]], other: [[[Int32]: Int]]) -> [(
        indices: [Int32], epoch: Int, sessions: Int
    )] {
        var sets: [(indices: [Int32], epoch: Int, sessions: Int)] = []
        for (epoch, store) in other.enumerated() {
            for (indices, sessions) in store where sessions != 0 { sets.append((indices, epoch, sessions)) }
        }
        for (slot, sessions) in masks.enumerated() where sessions != 0 {
            let mask = slot & ((1 << width) - 1)
            sets.append(((0..<width).filter { mask & (1 << $0) != 0 }.map(Int32.init), slot >> width, sessions))
        }
        for (epoch, store) in packed.enumerated() {
            for (key, sessions) in store where sessions != 0 {
                var indices: [Int32] = []
                var rest = key
                while rest != 0 {
                    indices.insert(Int32(rest & 0xFFFF) - 1, at: 0)
                    rest >>= 16
                }
                sets.append((indices, epoch, sessions))
            }
        }
        return sets
    }

    /// SQLite's order of storage classes: NULL, numbers, text, BLOB.
    static func rank(_ storage: StorageClass) -> Int {
        switch storage {
        case .null: return 0
        case .integer, .real: return 1
        case .text: return 2
        case .blob: return 3
        }
    }

    /// A session id as reports show it (the queries give the same): plain text as it is, anything
    /// else (a BLOB, text holding a NUL, a number) as `typeof:HEX`, never as raw bytes.
    static func shown(_ storage: StorageClass, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if storage == .text, !bytes.contains(0) { return String(decoding: bytes, as: UTF8.self) }
        return StoredTimestamp.shownAsHex(type: storage.rawValue, bytes)
    }

    /// `pick` (`min` or `max`) of two optional values; nil only when both are.
    static func either(_ a: Int64?, _ b: Int64?, _ pick: (Int64, Int64) -> Int64) -> Int64? {
        guard let a, let b else { return a ?? b }
        return pick(a, b)
    }

    /// Throws `AnalysisError.sessionOrder` unless session `next` may follow `previous` in the
    /// scan's order. Numbers sort by value, not by their text; the order of other classes is checked.
    static func checkOrder(
        previous: [UInt8], storage: StorageClass, rank: Int, next: UnsafeBufferPointer<UInt8>,
        _ nextStorage: StorageClass, _ nextRank: Int
    ) throws {
        guard rank < nextRank || (rank == nextRank && (nextRank == 1 || precedes(previous, next))) else {
            throw AnalysisError.sessionOrder(
                "'\(shown(nextStorage, next))' came after '\(previous.withUnsafeBufferPointer { shown(storage, $0) })'")
        }
    }

    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ array: [UInt8]) -> Bool {
        guard bytes.count == array.count else { return false }
        return array.withUnsafeBufferPointer { other in
            bytes.count == 0 || memcmp(bytes.baseAddress!, other.baseAddress!, bytes.count) == 0
        }
    }

    /// Makes `array` a copy of `bytes`, in place when the lengths match (session ids mostly have one
    /// length): `removeAll(keepingCapacity:)` and `append(contentsOf:)` were about 200 instructions a
    /// session, twice (the reader's copy and the counting's).
    @inline(__always)
    static func replace(_ array: inout [UInt8], with bytes: UnsafeBufferPointer<UInt8>) {
        guard array.count == bytes.count else {
            array.removeAll(keepingCapacity: true)
            array.append(contentsOf: bytes)
            return
        }
        guard bytes.count > 0 else { return }
        array.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: bytes.baseAddress!, count: bytes.count) }
    }

    /// Bytewise order (SQLite's BINARY collation): `memcmp` over the common length, then the shorter first.
    @inline(__always)
    static func precedes(_ array: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        array.withUnsafeBufferPointer { other in
            let common = min(other.count, bytes.count)
            let order = common == 0 ? 0 : memcmp(other.baseAddress!, bytes.baseAddress!, common)
            return order != 0 ? order < 0 : other.count < bytes.count
        }
    }
}
