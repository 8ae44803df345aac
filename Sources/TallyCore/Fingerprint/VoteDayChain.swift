/// The votes' part of the fingerprint (`tally.fingerprint/2`, docs/fingerprint.md, "The hash")
/// for every boundary of one vote pass, each vote's bytes hashed once (twice on the day a
/// boundary cuts in two).
///
/// Each counted vote's record goes to the stream of its UTC day, or to the stream of votes whose
/// time cannot be read, in the pass's order, an `S` record first whenever another session
/// starts in that stream. A boundary's votes digest starts from the unreadable stream's digest
/// and chains the digests of its days in order; the day its `through` falls in, when `through`
/// does not end it, is a stream of its own with that day's votes up to `through`. So a boundary
/// extends the chain of the one before, and the digest depends only on the votes counted: a
/// report and the week ending at its `through` give the same.
struct VoteDayChain {
    static let millisPerDay: Int64 = 86_400_000

    /// The boundaries (`VoteScan.through`).
    private let through: [Int64]
    /// Each boundary's UTC day.
    private let boundaryDays: [Int64]
    /// Votes whose time cannot be read (counted at every boundary).
    private var unreadable = Stream()
    /// Every day's stream, at the position `positions` gives for the day.
    private var streams: [Stream] = []
    private var positions: [Int64: Int] = [:]
    /// Per boundary that cuts its day before its end: that day's votes up to `through[k]`.
    private var cutDays: [Stream?]
    /// The day written last and its stream's position (consecutive votes of a session are mostly
    /// on one day), and recent days by their low bits (sessions in id order jump between days): a
    /// day found here needs no hashing (two dictionary lookups a session were ~2.5% of the report).
    private var lastDay = Int64.min
    private var lastPosition = -1
    private var recent = [(day: Int64, position: Int)](repeating: (Int64.min, -1), count: VoteDayChain.recentSlots)
    private static let recentSlots = 64

    /// One stream of records and the session written to it last.
    struct Stream {
        var records = CanonicalRecords()
        var session = -1

        /// Writes a vote (`encode` writes its record), after its session's `S` record when the
        /// session is new to the stream.
        @inline(__always)
        mutating func write(
            session serial: Int, _ sessionRecord: UnsafeBufferPointer<UInt8>, _ encode: (inout CanonicalBytes) -> Void
        ) {
            records.write { bytes in
                if session != serial { bytes.append(sessionRecord) }
                encode(&bytes)
            }
            session = serial
        }
    }

    init(through: [Int64]) {
        self.through = through
        boundaryDays = through.map { floorDivide($0, VoteDayChain.millisPerDay) }
        // A boundary at the last millisecond of a day (a week in UTC), or without end, cuts no day.
        cutDays = through.map { $0 == .max || ($0 + 1) % VoteDayChain.millisPerDay == 0 ? nil : Stream() }
    }

    /// Writes one counted vote (its time in milliseconds, nil when unreadable; its stage: the
    /// first boundary that counts it; `vote` encodes its record) with its session's `S` record.
    @inline(__always)
    mutating func vote(
        millis: Int64?, stage: Int, session serial: Int, _ sessionRecord: UnsafeBufferPointer<UInt8>,
        _ vote: (inout CanonicalBytes) -> Void
    ) {
        guard let millis else { return unreadable.write(session: serial, sessionRecord, vote) }
        let day = floorDivide(millis, VoteDayChain.millisPerDay)
        if day != lastDay {
            lastDay = day
            lastPosition = position(of: day)
        }
        streams[lastPosition].write(session: serial, sessionRecord, vote)
        var k = stage
        while k < through.count, boundaryDays[k] == day {
            cutDays[k]?.write(session: serial, sessionRecord, vote)
            k += 1
        }
    }

    /// The position of a day's stream in `streams`, made when the day is new.
    @inline(__always)
    private mutating func position(of day: Int64) -> Int {
        let slot = Int(truncatingIfNeeded: day) & (VoteDayChain.recentSlots - 1)
        if recent[slot].day == day { return recent[slot].position }
        let position: Int
        if let known = positions[day] {
            position = known
        } else {
            position = streams.count
            streams.append(Stream())
            positions[day] = position
        }
        recent[slot] = (day, position)
        return position
    }

    /// Every boundary's votes digest, in order. Call once.
    func digests() -> [[UInt8]] {
        var chain = unreadable.records.finish()
        let ordered = positions.keys.sorted()
        var next = 0
        var digests: [[UInt8]] = []
        for k in through.indices {
            let day = boundaryDays[k]
            while next < ordered.count, ordered[next] < day {
                chain = VoteDayChain.link(chain, ordered[next], streams[positions[ordered[next]]!].records.finish())
                next += 1
            }
            if let cut = cutDays[k] {
                digests.append(cut.records.isEmpty ? chain : VoteDayChain.link(chain, day, cut.records.finish()))
            } else {
                if next < ordered.count, ordered[next] == day {
                    chain = VoteDayChain.link(chain, day, streams[positions[day]!].records.finish())
                    next += 1
                }
                digests.append(chain)
            }
        }
        return digests
    }

    /// The chain after one more day: SHA-256 of the chain so far, the day's number (days since
    /// 1970-01-01 UTC, as a varint) and the day's digest.
    static func link(_ chain: [UInt8], _ day: Int64, _ digest: [UInt8]) -> [UInt8] {
        var bytes = CanonicalBytes()
        chain.withUnsafeBufferPointer { bytes.append($0) }
        bytes.varint(day)
        digest.withUnsafeBufferPointer { bytes.append($0) }
        return bytes.withBytes { SHA256.hash($0) }
    }
}
