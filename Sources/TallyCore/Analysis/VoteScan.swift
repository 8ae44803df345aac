import Foundation
import TallySQLite

/// The one pass over `votes` that every vote figure comes from: one report's (one boundary) or
/// every week boundary's of `tally weekly` at once. A report is this pass with one boundary.
///
/// SQLite returns the votes grouped by session straight from the covering index
/// `votes_session_time_option` (migration 0003), so no sort is needed and only one session is
/// held at a time: its votes are buffered until the session ends, because excluding it by rule
/// needs its first vote.
///
/// Boundary k's report counts the votes at or before `through[k]` and votes whose time cannot
/// be read. A vote is counted from the first boundary that reaches it (its *stage*) onwards, so
/// a session's share of a report changes only at the stages of its own votes: most sessions vote
/// in one sitting and change once. When a session ends, its share at each of its stages is
/// measured (`measure`, the one place per-session facts are worked out) and the difference is
/// added to that boundary's counters (`apply`); `reports(asOf:)` sums the differences up. The work
/// is sessions × their stages, not boundaries × votes.
///
/// What does not add up is kept otherwise: first and last votes only move one way as the
/// boundaries advance, so they are minima and maxima per stage; the exclusion ledger's named
/// sessions and over-budget examples are kept per boundary, its cutoff-excluded sessions once per
/// stage (`CutoffLine`); vote-level anomaly examples per stage and merged; quiet gaps come from
/// one set of seconds (`SecondSet.longestGaps`); the fingerprint's votes are hashed as they are
/// read, once, into streams per UTC day (`VoteDayChain`).
struct VoteScan {
    /// The order votes are read in: sessions in byte order of their id (SQLite's BINARY
    /// collation), a session's votes by stored time, option and id. It is the order of the
    /// covering index, so SQLite does not sort; the fingerprint hashes votes in this order.
    static let order = " ORDER BY session_id COLLATE BINARY, created_at, option_id, id"

    static let sql = "SELECT session_id, created_at, option_id, id FROM votes" + order

    /// A vote of the current session.
    struct Buffered {
        var optionID: Int64?
        var optionIndex: Int32
        /// Milliseconds since the epoch; `Int64.min` when the time cannot be read.
        var millis: Int64
        /// The first boundary whose report counts it.
        var stage: Int32
    }

    let parameters: ReportParameters
    let options: OptionTable
    /// The boundaries: report k counts votes at or before `through[k]` (ascending).
    let through: [Int64]
    let optionCount: Int
    let cutoff: Int64?
    /// Votes after it are in the future (only the last boundary's report can count one).
    let asOf: Int64
    /// Named sessions as UTF-8, sorted bytewise and merged against the sorted scan.
    let named: [[UInt8]]
    var namedCursor = 0
    /// Per named session, the first boundary whose report has a vote of it.
    var namedStage: [Int?]

    // The current session.
    var session: [UInt8] = []
    var sessionStorage = StorageClass.text
    var sessionRank = 2
    /// The current session's text holds a NUL (so it is not plain text, like a BLOB id).
    var sessionHoldsNUL = false
    var hasSession = false
    var buffer: [Buffered] = []
    /// Counts sessions: the fingerprint's streams know by it when another session starts.
    var sessionSerial = 0
    /// The session's `S` record (held by `count(_:)` while it counts a batch).
    var sessionRecord = CanonicalBytes()
    var offsets: ZoneOffsetCache

    // What changes at each boundary (index k; option counters at k * optionCount + index).
    var optionVotes: [Int]
    var optionVoters: [Int]
    var optionVotesAll: [Int]
    var optionVotersAll: [Int]
    var sessionsAll: [Int]
    var votesAll: [Int]
    var sessionsCounted: [Int]
    var votesCounted: [Int]
    var ledgerTotal: [Int]
    var days: [[Int64: DayCount]]
    /// Per boundary, the counts of recent days not yet added to `days`, at `k * recentDays + day % recentDays`
    /// (a dictionary lookup per counted session and day was about 2% of a report); `reports(asOf:)` adds them.
    var recentDays: [(day: Int64, count: DayCount)]
    static let recentDays = 64
    var usage: [[Int: UsageCount]]
    /// Sessions that used fewer than `usageSlots` votes, at `k * usageSlots + votes`: a flat array, not
    /// a dictionary lookup per counted session. `reports(asOf:)` adds them to `usage`.
    var usageSmall: [UsageCount]
    static let usageSlots = 16
    var anomalyTotals: [[AnomalyKind: Int]]
    /// Counted sessions per set of chosen option indices (the input of `LeadModel` and `Covote`).
    /// A poll has few options, so there are few distinct sets however many sessions vote. With at
    /// most `maskedOptions` options a set is a bit mask and its count a slot of a flat array (at
    /// `k << optionCount + mask`): no hashing and no allocation per session. With more options,
    /// sets of up to four indices below 65,535 are packed into one integer, 16 bits per index + 1,
    /// ascending; others are kept as arrays.
    /// Each store is kept per boundary and eligibility epoch (`Eligibility`: which options the session
    /// could choose): store `k * epochs + epoch`, a mask's slot `(k * epochs + epoch) << optionCount | mask`.
    var maskCounts: [Int]
    static let maskedOptions = 12
    var packedChoiceSets: [[UInt64: Int]]
    var otherChoiceSets: [[[Int32]: Int]]
    /// Which options each session could choose, as an epoch (late options: docs/statistics.md).
    let eligibility: Eligibility
    // Minima and maxima of what enters at each boundary (they only move one way).
    var firstAll: [Int64?]
    var lastAll: [Int64?]
    var firstCounted: [Int64?]
    var lastCounted: [Int64?]
    var highestVoteID: [Int64?]
    /// Seconds with counted votes, at the last boundary (earlier ones are its prefixes).
    var seconds = SecondSet()

    /// Per stage: the first ledger lines of sessions excluded by the cutoff from that stage on.
    /// A boundary's lines are among the first of its stages' lists, so one insertion per session
    /// serves every week (a list per boundary cost 14% of 104 weeks' time at 1M votes).
    var cutoffLines: [BoundedList<CutoffLine>]
    /// Per stage: the latest first vote `cutoffLines` can still take (its largest line's, once full).
    var cutoffBound: [Int64]
    /// Per boundary: the ledger lines of named sessions (few: the ones given by name).
    var ledgers: [BoundedList<ReportFigures.ExcludedSession>]
    var overBudgetExamples: [BoundedList<ReportFigures.AnomalyExample>]
    /// Per stage: examples of vote-level anomalies of the votes first counted there.
    var voteExamples: [[AnomalyKind: BoundedList<ReportFigures.AnomalyExample>]]
    /// The votes' part of every boundary's fingerprint.
    var fingerprint: VoteDayChain

    // Scratch space reused for every session.
    var stages: [Int32] = []
    var share = Share()
    var previousShare = Share()
    var choiceScratch: [Int32] = []

    /// - Parameter through: the boundaries, ascending (milliseconds); `Int64.max` counts every vote.
    init(parameters: ReportParameters, options: OptionTable, through: [Int64]) {
        self.parameters = parameters
        self.options = options
        self.through = through
        let count = through.count
        let optionCount = options.options.count
        self.optionCount = optionCount
        cutoff = parameters.excludeBefore?.millis
        asOf = parameters.asOf.millis
        named = parameters.excludedSessions.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        namedStage = Array(repeating: nil, count: named.count)
        offsets = ZoneOffsetCache(zone: parameters.zone)
        let zeros = Array(repeating: 0, count: count * optionCount)
        (optionVotes, optionVoters, optionVotesAll, optionVotersAll) = (zeros, zeros, zeros, zeros)
        let counters = Array(repeating: 0, count: count)
        (sessionsAll, votesAll, sessionsCounted, votesCounted, ledgerTotal) =
            (counters, counters, counters, counters, counters)
        days = Array(repeating: [:], count: count)
        recentDays = Array(repeating: (Int64.min, DayCount()), count: count * VoteScan.recentDays)
        usage = Array(repeating: [:], count: count)
        usageSmall = Array(repeating: UsageCount(), count: count * VoteScan.usageSlots)
        anomalyTotals = Array(repeating: [:], count: count)
        eligibility = Eligibility(created: options.createdMillis)
        let stores = count * eligibility.epochs
        maskCounts =
            optionCount <= VoteScan.maskedOptions ? Array(repeating: 0, count: stores << optionCount) : []
        packedChoiceSets = Array(repeating: [:], count: stores)
        otherChoiceSets = Array(repeating: [:], count: stores)
        let none: [Int64?] = Array(repeating: nil, count: count)
        (firstAll, lastAll, firstCounted, lastCounted, highestVoteID) = (none, none, none, none, none)
        ledgers = Array(
            repeating: BoundedList(limit: parameters.maxListed, by: VoteScan.ledgerOrder), count: count)
        cutoffLines = Array(
            repeating: BoundedList(limit: parameters.maxListed) { VoteScan.ledgerOrder($0.line, $1.line) },
            count: count)
        cutoffBound = Array(repeating: .max, count: count)
        overBudgetExamples = Array(
            repeating: BoundedList(limit: parameters.maxExamples, by: VoteScan.exampleOrder), count: count)
        var kinds: [AnomalyKind: BoundedList<ReportFigures.AnomalyExample>] = [:]
        for kind in AnomalyKind.allCases {
            kinds[kind] = BoundedList(limit: parameters.maxExamples, by: VoteScan.exampleOrder)
        }
        voteExamples = Array(repeating: kinds, count: count)
        fingerprint = VoteDayChain(through: through)
    }

    /// The first boundary at or after `millis`; `through.count` when it is after the last.
    @inline(__always)
    func stage(of millis: Int64) -> Int {
        var low = 0
        var high = through.count
        while low < high {
            let middle = (low + high) / 2
            if through[middle] >= millis { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: Reading rows

    /// Reads every vote from the statement (prepared from `VoteScan.sql`): SQLite steps it on a
    /// reading thread (`VoteReader`) while this thread counts the rows it has read.
    mutating func run(
        _ statement: Statement, batchRows: Int = VoteReader.batchRows, onThread: Bool = VoteReader.onThread
    ) throws {
        try VoteReader.rows(
            of: statement, lastThrough: through.last ?? Int64.min, batchRows: batchRows, onThread: onThread
        ) { try count($0) }
        if hasSession { finishSession() }
    }

    /// The hot loop of the report (bench/RESULTS.md): a session's id is compared and copied only
    /// when the reader saw it change, and a time's text is at hand only when it is not D1's form.
    private mutating func count(_ batch: VoteReader.Batch) throws {
        // The bytes are reached once a batch: per row, the closure retained and released them (5% of a report).
        // The session's `S` record is held here for the batch: read from `self` while the fingerprint's
        // streams are written, it was copied (a retain and a release) for every vote.
        var record = CanonicalBytes()
        swap(&record, &sessionRecord)
        defer { swap(&record, &sessionRecord) }
        try batch.rows.withUnsafeBufferPointer { rows in
            try batch.bytes.withUnsafeBufferPointer { bytes in
                var next = 0  // where the next row's bytes start
                for row in rows[..<batch.count] {
                    let session = UnsafeBufferPointer(rebasing: bytes[next..<next + Int(row.sessionCount)])
                    next += Int(row.sessionCount)
                    let time =
                        row.timeIsNull
                        ? UnsafeBufferPointer(start: nil, count: 0)
                        : UnsafeBufferPointer(rebasing: bytes[next..<next + Int(row.timeCount)])
                    next += Int(row.timeCount)
                    try count(row, session, time, record: &record)
                }
            }
        }
    }

    @inline(__always)
    private mutating func count(
        _ row: VoteReader.Row, _ sessionBytes: UnsafeBufferPointer<UInt8>, _ time: UnsafeBufferPointer<UInt8>,
        record: inout CanonicalBytes
    ) throws {
        // A session is its storage class and its bytes, as SQLite groups it: a BLOB id is
        // another session than the text of the same bytes, and sorts after every text.
        // A NULL id reads as empty text, as the fingerprint defines it (docs/fingerprint.md).
        let storedRank = VoteScan.rank(row.sessionStorage)
        if !row.sameSession {
            let sessionStorage = storedRank == 0 ? StorageClass.text : row.sessionStorage
            let rank = storedRank == 0 ? 2 : storedRank
            if !hasSession || rank != sessionRank || !VoteScan.equal(sessionBytes, session) {
                try startSession(sessionBytes, storage: sessionStorage, rank: rank, record: &record)
            }
        }
        let parsed = row.shape.map { (instant: Instant(millis: row.millis), shape: $0) }
        let stage = parsed == nil ? 0 : self.stage(of: row.millis)
        highestVoteID[stage] = max(highestVoteID[stage] ?? row.voteID, row.voteID)
        let index = row.optionID.map { options.index(of: $0) } ?? -1
        buffer.append(Buffered(optionID: row.optionID, optionIndex: index, millis: row.millis, stage: Int32(stage)))
        writeRecord(
            voteID: row.voteID, optionID: row.optionID, parsed: parsed, time: time, stage: stage, session: record)
        checkVote(
            voteID: row.voteID, optionID: row.optionID, index: index, parsed: parsed, storage: row.timeStorage,
            time: time, stage: stage, plainSession: storedRank == 2 && !sessionHoldsNUL)
    }

    /// Ends the current session (after checking the new one sorts after it) and starts the next,
    /// writing its `S` record into `record`.
    private mutating func startSession(
        _ bytes: UnsafeBufferPointer<UInt8>, storage sessionStorage: StorageClass, rank: Int,
        record: inout CanonicalBytes
    ) throws {
        if hasSession {
            try VoteScan.checkOrder(
                previous: session, storage: self.sessionStorage, rank: sessionRank, next: bytes, sessionStorage, rank)
            finishSession()
        }
        VoteScan.replace(&session, with: bytes)
        self.sessionStorage = sessionStorage
        sessionRank = rank
        // `memchr`, not `contains(0)`: a byte at a time was about 180 instructions a session.
        sessionHoldsNUL = bytes.count > 0 && memchr(bytes.baseAddress!, 0, bytes.count) != nil
        hasSession = true
        sessionSerial += 1
        record.removeAll()
        record.tag(.session)
        record.textBytes(bytes)
    }

    /// Hashes the vote's `V` record (its id, option id and stored time, the time parsed already and
    /// read again as text only when it is not in D1's exact form) into the fingerprint's streams.
    private mutating func writeRecord(
        voteID: Int64, optionID: Int64?, parsed: (instant: Instant, shape: StoredTimestamp.Shape)?,
        time: UnsafeBufferPointer<UInt8>, stage: Int, session record: CanonicalBytes
    ) {
        let d1Seconds = parsed.flatMap { $0.shape == .d1 ? $0.instant.seconds : nil }
        record.withBytes { session in
            // Encoded straight into each stream it goes to: no copy of the record in between.
            fingerprint.vote(millis: parsed?.instant.millis, stage: stage, session: sessionSerial, session) { bytes in
                if let d1Seconds {
                    bytes.d1Vote(id: voteID, optionID: optionID, seconds: d1Seconds)
                } else {
                    bytes.tag(.vote)
                    bytes.integer(voteID)
                    bytes.integer(optionID)
                    bytes.text(time)
                }
            }
        }
    }

    /// Vote-level anomalies, counted from the vote's stage on whether or not the session is later
    /// excluded. A vote is in the future only after `asOf`, which every boundary but an unbounded
    /// last one (a report without `--through`) is after.
    private mutating func checkVote(
        voteID: Int64, optionID: Int64?, index: Int32, parsed: (instant: Instant, shape: StoredTimestamp.Shape)?,
        storage: StorageClass, time: UnsafeBufferPointer<UInt8>, stage: Int, plainSession: Bool
    ) {
        guard
            !plainSession || index < 0 || parsed == nil || parsed!.shape != .d1 || parsed!.instant.millis > asOf
                || parsed!.instant.millis < options.createdMillis[Int(index)]
        else { return }
        func example(_ kind: AnomalyKind, text: @autoclosure () -> String? = nil) {
            record(kind, voteID: voteID, stage: stage) {
                .init(table: "votes", rowID: voteID, session: $0, optionID: optionID, text: text(), at: parsed?.instant)
            }
        }
        if !plainSession { example(.nonTextSessionID) }
        if index < 0 {
            example(.unknownOption)
        } else if let parsed, parsed.instant.millis < options.createdMillis[Int(index)] {
            example(.voteBeforeOption)
        }
        if let parsed, parsed.instant.millis > asOf { example(.futureVote) }
        guard let parsed else {
            return example(.unreadableVoteTime, text: StoredTimestamp.shown(storage, time))
        }
        if parsed.shape != .d1 { example(.nonD1VoteTime, text: String(decoding: time, as: UTF8.self)) }
    }

    /// Counts one anomaly of a vote at its stage and keeps it as an example when it is among the
    /// first by vote id. The session id String is made only for kept examples.
    private mutating func record(
        _ kind: AnomalyKind, voteID: Int64, stage: Int, _ make: (String) -> ReportFigures.AnomalyExample
    ) {
        anomalyTotals[stage][kind, default: 0] += 1
        guard voteExamples[stage][kind]!.wouldKeep(.init(table: "votes", rowID: voteID)) else { return }
        voteExamples[stage][kind]!.insert(make(sessionShown))
    }

    /// The current session as reports show it.
    var sessionShown: String { session.withUnsafeBufferPointer { VoteScan.shown(sessionStorage, $0) } }

    /// True when the current session was named; records the first boundary that has it.
    mutating func matchNamed(stage: Int) -> Bool {
        // Names are text: a BLOB id is never the session a name means.
        guard sessionStorage == .text else { return false }
        while namedCursor < named.count, named[namedCursor].lexicographicallyPrecedes(session) {
            namedCursor += 1
        }
        guard namedCursor < named.count, named[namedCursor] == session else { return false }
        namedStage[namedCursor] = min(namedStage[namedCursor] ?? stage, stage)
        return true
    }
}
