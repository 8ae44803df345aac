import Foundation
import TallySQLite

/// The one pass over `votes` that every vote figure comes from.
///
/// SQLite returns the votes grouped by session straight from the covering index
/// `votes_session_time_option` (migration 0003), so no sort is needed and only
/// one session is held at a time: its votes are buffered until the session
/// ends, because excluding it by rule needs its first vote. Everything kept
/// across sessions is small: counters per option, per local day and per number
/// of votes used, the seconds with votes (`SecondSet`: a bitmap per busy day, a
/// list for the rest), and bounded lists of examples.
struct VoteScan {
    /// The order votes are read in: sessions in byte order of their id (SQLite's BINARY
    /// collation), a session's votes by stored time, option and id. It is the order of the
    /// covering index, so SQLite does not sort; the fingerprint hashes votes in this order.
    static let order = " ORDER BY session_id COLLATE BINARY, created_at, option_id, id"

    /// The query.
    static let sql = "SELECT session_id, created_at, option_id, id FROM votes" + order

    /// The query for one partition: session ids above `?` (exclusive) and/or up to `?` (inclusive).
    static func sql(lower: Bool, upper: Bool) -> String {
        var conditions: [String] = []
        if lower { conditions.append("session_id > ?") }
        if upper { conditions.append("session_id <= ?") }
        guard !conditions.isEmpty else { return sql }
        return "SELECT session_id, created_at, option_id, id FROM votes WHERE "
            + conditions.joined(separator: " AND ") + order
    }

    struct Buffered {
        var optionID: Int64?
        var optionIndex: Int32
        /// Milliseconds since the epoch; `Int64.min` when the time cannot be read.
        var millis: Int64
    }

    let parameters: ReportParameters
    let options: OptionTable
    private let cutoff: Int64?
    private let through: Int64?
    private let asOf: Int64
    /// Named sessions as UTF-8, sorted bytewise and merged against the sorted scan.
    private let named: [[UInt8]]
    private var namedCursor = 0
    private(set) var namedFound: [Bool]

    // The current session.
    private var session: [UInt8] = []
    private var sessionStorage = StorageClass.text
    private var sessionRank = 2
    /// The current session's text holds a NUL (so it is not plain text, like a BLOB id).
    private var sessionHoldsNUL = false
    private var hasSession = false
    private var buffer = ScratchList<Buffered>()

    // Per option index: counted and all.
    private(set) var optionVotes: [Int]
    private(set) var optionVoters: [Int]
    private(set) var optionVotesAll: [Int]
    private(set) var optionVotersAll: [Int]

    private(set) var sessionsAll = 0
    private(set) var votesAll = 0
    private(set) var sessionsCounted = 0
    private(set) var votesCounted = 0
    private(set) var firstAll: Int64?
    private(set) var lastAll: Int64?
    private(set) var firstCounted: Int64?
    private(set) var lastCounted: Int64?

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

    /// Local day number → counted votes and voters.
    private(set) var days: [Int64: DayCount] = [:]
    /// Votes used → counted sessions and how many of them stacked.
    private(set) var usage: [Int: UsageCount] = [:]
    private(set) var seconds = SecondSet()
    private var offsets: ZoneOffsetCache
    private var times = D1TimeReader()

    private(set) var ledger: BoundedList<ReportFigures.ExcludedSession>
    private(set) var ledgerTotal = 0
    private(set) var anomalyTotals: [AnomalyKind: Int] = [:]
    private(set) var anomalyExamples: [AnomalyKind: BoundedList<ReportFigures.AnomalyExample>] = [:]

    /// The votes' part of the fingerprint, hashed as they are read.
    private(set) var chunks = VoteChunks()
    /// The highest vote id read (within `through`).
    private(set) var highestVoteID: Int64?

    /// Counted sessions per set of chosen option indices: the input of `LeadModel` and `Covote`.
    /// A poll has few options, so there are few distinct sets however many sessions vote. With at most
    /// `maskedOptions` options a set is a bit mask and its count a slot of a flat array: no hashing and
    /// no allocation per session (measured at 1M votes: about 70 instructions a session, against 465
    /// with a dictionary). With more options, sets of up to four indices below 65,535 are packed into
    /// one integer, 16 bits per index + 1, ascending; others are kept as arrays.
    /// Each store is kept per eligibility epoch (`Eligibility`): a mask's slot is `epoch << options | mask`.
    private var maskCounts: [Int]
    static let maskedOptions = 12
    private var packedChoiceSets: [[UInt64: Int]]
    private var otherChoiceSets: [[[Int32]: Int]]
    let eligibility: Eligibility
    private var choiceScratch: [Int32] = []

    // Scratch space reused for every session.
    private var distinctOptions = ScratchList<(id: Int64?, index: Int32, count: Int)>()
    private var distinctDays = ScratchList<(day: Int64, votes: Int)>()

    init(parameters: ReportParameters, options: OptionTable) {
        self.parameters = parameters
        self.options = options
        self.cutoff = parameters.excludeBefore?.millis
        self.through = parameters.through?.millis
        self.asOf = parameters.asOf.millis
        self.named = parameters.excludedSessions.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        self.namedFound = Array(repeating: false, count: named.count)
        let count = options.options.count
        optionVotes = Array(repeating: 0, count: count)
        optionVoters = Array(repeating: 0, count: count)
        optionVotesAll = Array(repeating: 0, count: count)
        optionVotersAll = Array(repeating: 0, count: count)
        offsets = ZoneOffsetCache(zone: parameters.zone)
        eligibility = Eligibility(options)
        maskCounts = count <= VoteScan.maskedOptions ? Array(repeating: 0, count: eligibility.epochs << count) : []
        packedChoiceSets = Array(repeating: [:], count: eligibility.epochs)
        otherChoiceSets = Array(repeating: [:], count: eligibility.epochs)
        ledger = BoundedList(limit: parameters.maxListed, by: VoteScan.ledgerOrder)
        for kind in AnomalyKind.allCases {
            anomalyExamples[kind] = BoundedList(limit: parameters.maxExamples, by: VoteScan.exampleOrder)
        }
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

    // MARK: Reading rows

    /// Reads every vote from the statement (prepared from `VoteScan.sql`).
    ///
    /// The hot loop of the report (bench/RESULTS.md): each column is looked up once per row
    /// (`Statement.column(at:)`), D1's time form is parsed without the general grammar, and a
    /// session's id is copied only when the session changes.
    mutating func run(_ statement: Statement) throws {
        while try statement.step() {
            let optionColumn = statement.column(at: 2)
            let optionID: Int64? = optionColumn.isNull ? nil : optionColumn.int64
            // Asked first: reading a BLOB's bytes as text (the fingerprint does) changes SQLite's answer.
            let timeColumn = statement.column(at: 1)
            let timeStorage = timeColumn.storageClass
            let parsed = timeStorage == .text ? timeColumn.withTextBytes { times.parse($0) } : nil
            if let through, let parsed, parsed.instant.millis > through { continue }  // not cast yet "through" then
            // A session is its storage class and its bytes, as SQLite groups it: a BLOB id is
            // another session than the text of the same bytes, and sorts after every text.
            // A NULL id reads as empty text, as the fingerprint defines it (docs/fingerprint.md).
            let sessionColumn = statement.column(at: 0)
            let stored = sessionColumn.storageClass
            let sessionStorage = stored == .null ? StorageClass.text : stored
            let rank = VoteScan.rank(sessionStorage)
            try sessionColumn.withTextBytes { bytes in
                if !hasSession || rank != sessionRank || !VoteScan.equal(bytes, session) {
                    try startSession(bytes, storage: sessionStorage, rank: rank)
                }
            }
            let voteID = statement.column(at: 3).int64
            highestVoteID = max(highestVoteID ?? voteID, voteID)
            chunks.vote(statement, id: voteID, optionID: optionID, parsed: parsed)
            let index = optionID.map { options.index(of: $0) } ?? -1
            let millis = parsed?.instant.millis ?? Int64.min
            buffer.append(Buffered(optionID: optionID, optionIndex: index, millis: millis))
            checkVote(
                statement, voteID: voteID, optionID: optionID, index: index, parsed: parsed, storage: timeStorage,
                plainSession: stored == .text && !sessionHoldsNUL)
        }
        if hasSession { finishSession() }
        chunks.finish()
    }

    /// Ends the current session (after checking the new one sorts after it) and starts the next.
    private mutating func startSession(
        _ bytes: UnsafeBufferPointer<UInt8>, storage sessionStorage: StorageClass, rank: Int
    ) throws {
        if hasSession {
            try VoteScan.checkOrder(
                previous: session, storage: self.sessionStorage, rank: sessionRank, next: bytes, sessionStorage, rank)
            finishSession()
        }
        // Session ids mostly have one length (a UUID's 36 bytes): copied over the last one in place.
        if session.count == bytes.count, let source = bytes.baseAddress {
            session.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: source, count: bytes.count) }
        } else {
            session = Array(bytes)
        }
        self.sessionStorage = sessionStorage
        sessionRank = rank
        sessionHoldsNUL = bytes.contains(0)
        hasSession = true
        chunks.startSession(bytes)
    }

    /// Vote-level anomalies, recorded whether or not the session is later excluded.
    private mutating func checkVote(
        _ statement: Statement, voteID: Int64, optionID: Int64?, index: Int32,
        parsed: (instant: Instant, shape: StoredTimestamp.Shape)?, storage: StorageClass, plainSession: Bool
    ) {
        guard
            !plainSession || index < 0 || parsed == nil || parsed!.shape != .d1 || parsed!.instant.millis > asOf
                || parsed!.instant.millis < options.createdMillis[Int(index)]
        else { return }
        if !plainSession {
            record(.nonTextSessionID, voteID: voteID) {
                .init(table: "votes", rowID: voteID, session: $0, optionID: optionID, at: parsed?.instant)
            }
        }
        if index < 0 {
            record(.unknownOption, voteID: voteID) {
                .init(table: "votes", rowID: voteID, session: $0, optionID: optionID, at: parsed?.instant)
            }
        } else if let parsed, parsed.instant.millis < options.createdMillis[Int(index)] {
            record(.voteBeforeOption, voteID: voteID) {
                .init(table: "votes", rowID: voteID, session: $0, optionID: optionID, at: parsed.instant)
            }
        }
        if let parsed, parsed.instant.millis > asOf {
            record(.futureVote, voteID: voteID) {
                .init(table: "votes", rowID: voteID, session: $0, optionID: optionID, at: parsed.instant)
            }
        }
        guard let parsed else {
            let stored = StoredTimestamp.shown(statement, at: 1, storage: storage)
            record(.unreadableVoteTime, voteID: voteID) {
                .init(table: "votes", rowID: voteID, session: $0, optionID: optionID, text: stored)
            }
            return
        }
        if parsed.shape != .d1 {
            record(.nonD1VoteTime, voteID: voteID) {
                .init(
                    table: "votes", rowID: voteID, session: $0, optionID: optionID, text: statement.text(at: 1),
                    at: parsed.instant)
            }
        }
    }

    /// Counts one anomaly of a vote and keeps it as an example when it is among the first by vote id.
    /// The session id String is made only for kept examples.
    private mutating func record(
        _ kind: AnomalyKind, voteID: Int64, _ make: (String) -> ReportFigures.AnomalyExample
    ) {
        anomalyTotals[kind, default: 0] += 1
        guard anomalyExamples[kind]!.wouldKeep(.init(table: "votes", rowID: voteID)) else { return }
        anomalyExamples[kind]!.insert(make(sessionShown))
    }

    // MARK: One session

    private mutating func finishSession() {
        defer { buffer.removeAll() }
        let count = buffer.count
        guard count > 0 else { return }
        var first = Int64.max
        var last = Int64.min
        for position in buffer.indices where buffer[position].millis != Int64.min {
            first = min(first, buffer[position].millis)
            last = max(last, buffer[position].millis)
        }
        let readable = first != Int64.max
        sessionsAll += 1
        votesAll += count
        if readable {
            firstAll = min(firstAll ?? first, first)
            lastAll = max(lastAll ?? last, last)
        }
        let isNamed = matchNamed()
        let beforeCutoff = cutoff.map { readable && first < $0 } ?? false

        if count > parameters.votesPerSession {
            anomalyTotals[.overBudget, default: 0] += 1
            // Sessions arrive in id order, so once the list is full no later session is kept.
            if anomalyExamples[.overBudget]!.count < anomalyExamples[.overBudget]!.limit {
                anomalyExamples[.overBudget]!.insert(
                    .init(table: "votes", session: sessionShown, count: count))
            }
        }

        collectDistinctOptions()
        var stacked = false
        for position in distinctOptions.indices {
            let entry = distinctOptions[position]
            if entry.count >= 2 { stacked = true }
            guard entry.index >= 0 else { continue }
            optionVotesAll[Int(entry.index)] += entry.count
            optionVotersAll[Int(entry.index)] += 1
        }

        if isNamed || beforeCutoff {
            ledgerTotal += 1
            let entry = ReportFigures.ExcludedSession(
                session: "", firstVote: readable ? Instant(millis: first) : nil, votes: count,
                beforeCutoff: beforeCutoff, named: isNamed)
            // The probe has an empty session id, which sorts first: it may say yes too often, never no.
            if ledger.wouldKeep(entry) {
                var kept = entry
                kept.session = sessionShown
                ledger.insert(kept)
            }
            return
        }

        sessionsCounted += 1
        votesCounted += count
        for position in distinctOptions.indices where distinctOptions[position].index >= 0 {
            let entry = distinctOptions[position]
            optionVotes[Int(entry.index)] += entry.count
            optionVoters[Int(entry.index)] += 1
        }
        countChoiceSet(epoch: eligibility.epoch(last: last))
        modify(&usage[count, default: UsageCount()]) {
            $0.sessions += 1
            if stacked { $0.stacking += 1 }
        }
        guard readable else { return }
        firstCounted = min(firstCounted ?? first, first)
        lastCounted = max(lastCounted ?? last, last)
        // Votes per local day of this session first, then one update per day it voted on.
        distinctDays.removeAll()
        for position in buffer.indices where buffer[position].millis != Int64.min {
            let second = floorDivide(buffer[position].millis, 1000)
            seconds.insert(second)
            let day = offsets.localDay(atSeconds: second)
            var found = false
            for known in distinctDays.indices where distinctDays[known].day == day {
                distinctDays[known].votes += 1
                found = true
                break
            }
            if !found { distinctDays.append((day, 1)) }
        }
        for position in distinctDays.indices {
            let entry = distinctDays[position]
            // One dictionary access per day: the element is changed in place.
            modify(&days[entry.day, default: DayCount()]) {
                $0.votes += entry.votes
                $0.voters += 1
            }
        }
    }

    /// Counts the current session's set of chosen (existing) options.
    private mutating func countChoiceSet(epoch: Int) {
        if !maskCounts.isEmpty {
            var mask = epoch << options.options.count
            for position in distinctOptions.indices where distinctOptions[position].index >= 0 {
                mask |= 1 << Int(distinctOptions[position].index)
            }
            maskCounts[mask] += 1
            return
        }
        choiceScratch.removeAll(keepingCapacity: true)
        for position in distinctOptions.indices where distinctOptions[position].index >= 0 {
            choiceScratch.append(distinctOptions[position].index)
        }
        choiceScratch.sort()
        if choiceScratch.count <= 4, choiceScratch.allSatisfy({ $0 < 65_535 }) {
            var key: UInt64 = 0
            for index in choiceScratch { key = key << 16 | UInt64(index + 1) }
            packedChoiceSets[epoch][key, default: 0] += 1
        } else {
            otherChoiceSets[epoch][choiceScratch, default: 0] += 1
        }
    }

    /// Every counted session's set of chosen option indices (ascending) and its eligibility epoch, with
    /// how many sessions chose it.
    var choiceSets: [(indices: [Int32], epoch: Int, sessions: Int)] {
        VoteScan.choiceSets(
            masks: maskCounts, width: options.options.count, packed: packedChoiceSets, other: otherChoiceSets)
    }

    /// The choice sets from their three stores per epoch (options as bits of a mask whose bits from
    /// `width` on are the epoch, up to four indices packed 16 bits each, any other set as its indices),
    /// leaving out sets counted zero times. The weekly pass keeps its per-week counts in the same stores.
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

    /// Groups the buffered votes by option id (sessions are small; a linear search beats hashing).
    private mutating func collectDistinctOptions() {
        distinctOptions.removeAll()
        if buffer.count > 32 {
            var counts: [Int64?: (index: Int32, count: Int)] = [:]
            for position in buffer.indices {
                let vote = buffer[position]
                counts[vote.optionID, default: (vote.optionIndex, 0)].count += 1
            }
            for (id, value) in counts { distinctOptions.append((id, value.index, value.count)) }
            return
        }
        for position in buffer.indices {
            let vote = buffer[position]
            var found = false
            for known in distinctOptions.indices where distinctOptions[known].id == vote.optionID {
                distinctOptions[known].count += 1
                found = true
                break
            }
            if !found { distinctOptions.append((vote.optionID, vote.optionIndex, 1)) }
        }
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

    /// The current session as reports show it.
    private var sessionShown: String { session.withUnsafeBufferPointer { VoteScan.shown(sessionStorage, $0) } }

    /// True when the current session was named; advances through the sorted names as sessions pass by.
    private mutating func matchNamed() -> Bool {
        // Names are text: a BLOB id is never the session a name means.
        guard sessionStorage == .text else { return false }
        while namedCursor < named.count, named[namedCursor].lexicographicallyPrecedes(session) {
            namedCursor += 1
        }
        guard namedCursor < named.count, named[namedCursor] == session else { return false }
        namedFound[namedCursor] = true
        return true
    }

    /// The longest quiet stretch between counted votes' seconds and `asOf`. It adds `asOf` to
    /// the scan's own set rather than to a copy, which would duplicate every bitmap.
    mutating func longestGap(until asOf: Int64) -> (start: Int64, end: Int64)? {
        seconds.insert(asOf)
        return seconds.longestGap()
    }

    /// Named sessions that were not in the data (within `through`).
    var namedMissing: [String] {
        named.indices.filter { !namedFound[$0] }.map { String(decoding: named[$0], as: UTF8.self) }
    }

    /// Lists a named session that is not in the data in the ledger (0 votes), so a typo is visible.
    mutating func addMissingNamed(_ session: String) {
        ledgerTotal += 1
        ledger.insert(.init(session: session, firstVote: nil, votes: 0, beforeCutoff: false, named: true))
    }

    // MARK: Partitions

    /// Adds the figures of a scan over the sessions that follow these (the next partition of
    /// session ids). Partitions hold disjoint sets of whole sessions, so voters add up like
    /// votes; the fingerprint's chunks are appended in order.
    mutating func merge(_ other: VoteScan) {
        for index in optionVotes.indices {
            optionVotes[index] += other.optionVotes[index]
            optionVoters[index] += other.optionVoters[index]
            optionVotesAll[index] += other.optionVotesAll[index]
            optionVotersAll[index] += other.optionVotersAll[index]
        }
        for index in namedFound.indices where other.namedFound[index] { namedFound[index] = true }
        chunks.append(other.chunks)
        highestVoteID = VoteScan.latest(highestVoteID, other.highestVoteID)
        sessionsAll += other.sessionsAll
        votesAll += other.votesAll
        sessionsCounted += other.sessionsCounted
        votesCounted += other.votesCounted
        firstAll = VoteScan.earliest(firstAll, other.firstAll)
        lastAll = VoteScan.latest(lastAll, other.lastAll)
        firstCounted = VoteScan.earliest(firstCounted, other.firstCounted)
        lastCounted = VoteScan.latest(lastCounted, other.lastCounted)
        for (day, count) in other.days {
            modify(&days[day, default: DayCount()]) {
                $0.votes += count.votes
                $0.voters += count.voters
            }
        }
        for (used, count) in other.usage {
            modify(&usage[used, default: UsageCount()]) {
                $0.sessions += count.sessions
                $0.stacking += count.stacking
            }
        }
        seconds.formUnion(other.seconds)
        for index in maskCounts.indices { maskCounts[index] += other.maskCounts[index] }
        for epoch in packedChoiceSets.indices {
            packedChoiceSets[epoch].merge(other.packedChoiceSets[epoch], uniquingKeysWith: +)
            otherChoiceSets[epoch].merge(other.otherChoiceSets[epoch], uniquingKeysWith: +)
        }
        for entry in other.ledger.elements { ledger.insert(entry) }
        ledgerTotal += other.ledgerTotal
        for (kind, total) in other.anomalyTotals { anomalyTotals[kind, default: 0] += total }
        for (kind, list) in other.anomalyExamples {
            for example in list.elements { anomalyExamples[kind]!.insert(example) }
        }
    }

    /// The smaller of two optional values; nil only when both are (merging partitions and weeks).
    static func earliest(_ a: Int64?, _ b: Int64?) -> Int64? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// The larger of two optional values; nil only when both are.
    static func latest(_ a: Int64?, _ b: Int64?) -> Int64? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
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

    // MARK: Bytes

    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ array: [UInt8]) -> Bool {
        guard bytes.count == array.count else { return false }
        return array.withUnsafeBufferPointer { other in
            bytes.count == 0 || memcmp(bytes.baseAddress!, other.baseAddress!, bytes.count) == 0
        }
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

/// Changes a value in place through one `inout` access (one dictionary lookup for
/// `dictionary[key, default: …]`, however many fields are changed).
@inline(__always)
private func modify<T>(_ value: inout T, _ change: (inout T) -> Void) { change(&value) }
