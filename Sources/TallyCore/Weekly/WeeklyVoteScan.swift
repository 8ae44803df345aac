import Foundation
import TallySQLite

/// The one pass over `votes` that counts every week of `tally weekly` (issue 14).
///
/// Week boundary k's report counts the votes at or before `through[k]` (a week's end minus one
/// millisecond) and votes whose time cannot be read. A vote is counted from the first boundary
/// that reaches it (its *stage*) onwards, so a session's share of a report changes only at the
/// stages of its own votes: most sessions vote in one sitting and change once. The pass reads
/// the votes as `VoteScan` does (same query, same order, same rules) and, when a session ends,
/// works out its share at each of its stages, adding the difference to the counters of that
/// boundary; `weeks()` sums the differences up. The work is sessions × their stages, not
/// weeks × votes.
///
/// What does not add up is kept otherwise: first and last votes only move one way as the
/// boundaries advance (a session's first readable vote never changes once it is counted, and
/// with it whether the cutoff excludes it), so they are minima and maxima per stage; the
/// exclusion ledger's named sessions and over-budget examples are kept per boundary, its
/// cutoff-excluded sessions once per stage (`CutoffLine`); vote-level anomaly
/// examples per stage and merged; quiet gaps come from one set of seconds
/// (`SecondSet.longestGaps`); the fingerprint's vote chunks per boundary (`WeekChunks`).
struct WeeklyVoteScan {
    /// A vote of the current session.
    struct Buffered {
        var optionID: Int64?
        var optionIndex: Int32
        /// Milliseconds since the epoch; `Int64.min` when the time cannot be read.
        var millis: Int64
        /// The first boundary whose report counts it.
        var stage: Int32
        /// Where its record ends in `records`.
        var recordEnd: Int
    }

    /// A session's share of one report: what `VoteScan.finishSession` counts for it.
    struct Share {
        var votes = 0
        var first = Int64.max
        var last = Int64.min
        var readable: Bool { first != Int64.max }
        var excluded = false
        var beforeCutoff = false
        var named = false
        var overBudget = false
        var stacked = false
        /// Distinct options with their votes (unknown options have a negative index).
        var options: [(id: Int64?, index: Int32, count: Int)] = []
        /// Counted votes per local day (only for a counted session).
        var days: [(day: Int64, votes: Int)] = []
    }

    let parameters: ReportParameters
    let options: OptionTable
    /// The boundaries: report k counts votes at or before `through[k]` (ascending).
    let through: [Int64]
    let optionCount: Int
    private let cutoff: Int64?
    private let named: [[UInt8]]
    private var namedCursor = 0
    /// Per named session, the first boundary whose report has a vote of it.
    var namedStage: [Int?]

    // The current session.
    private var session: [UInt8] = []
    private var sessionStorage = StorageClass.text
    private var sessionRank = 2
    /// The current session's text holds a NUL (so it is not plain text, like a BLOB id).
    private var sessionHoldsNUL = false
    private var hasSession = false
    private var buffer: [Buffered] = []
    /// The session's `S` record, then each buffered vote's `V` record.
    private var records = CanonicalBytes()
    private var sessionRecordEnd = 0
    private var offsets: ZoneOffsetCache

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
    var days: [[Int64: VoteScan.DayCount]]
    var usage: [[Int: VoteScan.UsageCount]]
    var anomalyTotals: [[AnomalyKind: Int]]
    /// Set-wise counters of chosen options (see `VoteScan`): masks for few options, else keys; per
    /// boundary and eligibility epoch (slot `k * epochs + epoch`).
    var maskCounts: [Int]
    let eligibility: Eligibility
    var packedChoiceSets: [[UInt64: Int]]
    var otherChoiceSets: [[[Int32]: Int]]
    // Minima and maxima of what enters at each boundary (they only move one way).
    var firstAll: [Int64?]
    var lastAll: [Int64?]
    var firstCounted: [Int64?]
    var lastCounted: [Int64?]
    var highestVoteID: [Int64?]
    /// Seconds with counted votes, at the last boundary (earlier ones are its prefixes).
    var seconds = SecondSet()

    /// A session excluded by the cutoff, from the stage its first readable vote is counted: its
    /// line never moves in the ledger's order after that (the first vote is fixed), only its
    /// votes grow, so its votes' stages are kept to count them at any boundary.
    struct CutoffLine {
        var line: ReportFigures.ExcludedSession
        var stages: [Int32]

        /// The line at boundary `k`.
        func line(at k: Int) -> ReportFigures.ExcludedSession {
            var line = self.line
            line.votes = stages.reduce(0) { $0 + ($1 <= k ? 1 : 0) }
            return line
        }
    }

    /// Per stage: the first ledger lines of sessions excluded by the cutoff from that stage on.
    /// A boundary's lines are among the first of its stages' lists, so one insertion per session
    /// serves every week (a list per boundary cost 14% of 104 weeks' time at 1M votes).
    var cutoffLines: [BoundedList<CutoffLine>]
    /// Per boundary: the ledger lines of named sessions (few: the ones given by name).
    var ledgers: [BoundedList<ReportFigures.ExcludedSession>]
    var overBudgetExamples: [BoundedList<ReportFigures.AnomalyExample>]
    /// Per stage: examples of vote-level anomalies of the votes first counted there.
    var voteExamples: [[AnomalyKind: BoundedList<ReportFigures.AnomalyExample>]]
    /// Per boundary: the votes' chunks of the fingerprint.
    var chunks: [WeekChunks]

    // Scratch space reused for every session.
    private var stages: [Int32] = []
    private var share = Share()
    private var previousShare = Share()
    private var selected = CanonicalBytes()
    private var choiceScratch: [Int32] = []

    /// - Parameters:
    ///   - through: the boundaries, ascending (milliseconds).
    ///   - keepsChunkHead: true for a partition after the first (see `WeekChunks`).
    init(parameters: ReportParameters, options: OptionTable, through: [Int64], keepsChunkHead: Bool) {
        self.parameters = parameters
        self.options = options
        self.through = through
        let count = through.count
        let optionCount = options.options.count
        self.optionCount = optionCount
        cutoff = parameters.excludeBefore?.millis
        named = parameters.excludedSessions.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        namedStage = Array(repeating: nil, count: named.count)
        offsets = ZoneOffsetCache(zone: parameters.zone)
        let zeros = Array(repeating: 0, count: count * optionCount)
        (optionVotes, optionVoters, optionVotesAll, optionVotersAll) = (zeros, zeros, zeros, zeros)
        let counters = Array(repeating: 0, count: count)
        (sessionsAll, votesAll, sessionsCounted, votesCounted, ledgerTotal) =
            (counters, counters, counters, counters, counters)
        days = Array(repeating: [:], count: count)
        usage = Array(repeating: [:], count: count)
        anomalyTotals = Array(repeating: [:], count: count)
        eligibility = Eligibility(options)
        let slots = count * eligibility.epochs
        maskCounts =
            optionCount <= VoteScan.maskedOptions ? Array(repeating: 0, count: slots << optionCount) : []
        packedChoiceSets = Array(repeating: [:], count: slots)
        otherChoiceSets = Array(repeating: [:], count: slots)
        let none: [Int64?] = Array(repeating: nil, count: count)
        (firstAll, lastAll, firstCounted, lastCounted, highestVoteID) = (none, none, none, none, none)
        ledgers = Array(
            repeating: BoundedList(limit: parameters.maxListed, by: VoteScan.ledgerOrder), count: count)
        cutoffLines = Array(
            repeating: BoundedList(limit: parameters.maxListed) { VoteScan.ledgerOrder($0.line, $1.line) },
            count: count)
        overBudgetExamples = Array(
            repeating: BoundedList(limit: parameters.maxExamples, by: VoteScan.exampleOrder), count: count)
        var kinds: [AnomalyKind: BoundedList<ReportFigures.AnomalyExample>] = [:]
        for kind in AnomalyKind.allCases {
            kinds[kind] = BoundedList(limit: parameters.maxExamples, by: VoteScan.exampleOrder)
        }
        voteExamples = Array(repeating: kinds, count: count)
        chunks = (0..<count).map { _ in WeekChunks(keepsHead: keepsChunkHead) }
    }

    /// The first boundary at or after `millis`; `through.count` when it is after the last.
    @inline(__always)
    private func stage(of millis: Int64) -> Int {
        var low = 0
        var high = through.count
        while low < high {
            let middle = (low + high) / 2
            if through[middle] >= millis { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: Reading rows

    /// Reads every vote from the statement (prepared from `VoteScan.sql`), column by column in
    /// `VoteScan.run`'s order (SQLite converts a column's value when it is read as another type).
    mutating func run(_ statement: Statement) throws {
        let lastThrough = through.last ?? Int64.min
        while try statement.step() {
            let optionID: Int64? = statement.isNull(at: 2) ? nil : statement.int64(at: 2)
            let timeStorage = statement.storageClass(at: 1)
            let parsed = StoredTimestamp.read(statement, at: 1, storage: timeStorage)
            if let parsed, parsed.instant.millis > lastThrough { continue }  // in no week's report
            let stored = statement.storageClass(at: 0)
            let sessionStorage = stored == .null ? StorageClass.text : stored
            let rank = VoteScan.rank(sessionStorage)
            try statement.withTextBytes(at: 0) { bytes in
                if !hasSession || rank != sessionRank || !VoteScan.equal(bytes, session) {
                    if hasSession {
                        try VoteScan.checkOrder(
                            previous: session, storage: self.sessionStorage, rank: sessionRank, next: bytes,
                            sessionStorage, rank)
                        finishSession()
                    }
                    session.removeAll(keepingCapacity: true)
                    session.append(contentsOf: bytes)
                    self.sessionStorage = sessionStorage
                    sessionRank = rank
                    sessionHoldsNUL = bytes.contains(0)
                    hasSession = true
                    records.removeAll()
                    records.tag(.session)
                    records.textBytes(bytes)
                    sessionRecordEnd = records.count
                }
            }
            let voteID = statement.int64(at: 3)
            let stage = parsed.map { self.stage(of: $0.instant.millis) } ?? 0
            highestVoteID[stage] = max(highestVoteID[stage] ?? voteID, voteID)
            records.tag(.vote)
            records.integer(voteID)
            records.integer(optionID)
            if let parsed, parsed.shape == .d1 {
                records.d1Time(seconds: parsed.instant.seconds)
            } else {
                records.text(statement, 1)
            }
            let index = optionID.map { options.index(of: $0) } ?? -1
            buffer.append(
                Buffered(
                    optionID: optionID, optionIndex: index, millis: parsed?.instant.millis ?? Int64.min,
                    stage: Int32(stage), recordEnd: records.count))
            checkVote(
                statement, voteID: voteID, optionID: optionID, index: index, parsed: parsed, storage: timeStorage,
                stage: stage, plainSession: stored == .text && !sessionHoldsNUL)
        }
        if hasSession { finishSession() }
    }

    /// Vote-level anomalies (`VoteScan.checkVote`), counted from the vote's stage on. A vote is
    /// never in the future of a report that counts it (as of one millisecond after `through`).
    private mutating func checkVote(
        _ statement: Statement, voteID: Int64, optionID: Int64?, index: Int32,
        parsed: (instant: Instant, shape: StoredTimestamp.Shape)?, storage: StorageClass, stage: Int,
        plainSession: Bool
    ) {
        guard
            !plainSession || index < 0 || parsed == nil || parsed!.shape != .d1
                || parsed!.instant.millis < options.createdMillis[Int(index)]
        else { return }
        if !plainSession {
            record(.nonTextSessionID, voteID: voteID, stage: stage) {
                .init(table: "votes", rowID: voteID, session: $0, optionID: optionID, at: parsed?.instant)
            }
        }
        if index < 0 {
            record(.unknownOption, voteID: voteID, stage: stage) {
                .init(table: "votes", rowID: voteID, session: $0, optionID: optionID, at: parsed?.instant)
            }
        } else if let parsed, parsed.instant.millis < options.createdMillis[Int(index)] {
            record(.voteBeforeOption, voteID: voteID, stage: stage) {
                .init(table: "votes", rowID: voteID, session: $0, optionID: optionID, at: parsed.instant)
            }
        }
        guard let parsed else {
            let stored = StoredTimestamp.shown(statement, at: 1, storage: storage)
            record(.unreadableVoteTime, voteID: voteID, stage: stage) {
                .init(table: "votes", rowID: voteID, session: $0, optionID: optionID, text: stored)
            }
            return
        }
        if parsed.shape != .d1 {
            record(.nonD1VoteTime, voteID: voteID, stage: stage) {
                .init(
                    table: "votes", rowID: voteID, session: $0, optionID: optionID, text: statement.text(at: 1),
                    at: parsed.instant)
            }
        }
    }

    private mutating func record(
        _ kind: AnomalyKind, voteID: Int64, stage: Int, _ make: (String) -> ReportFigures.AnomalyExample
    ) {
        anomalyTotals[stage][kind, default: 0] += 1
        guard voteExamples[stage][kind]!.wouldKeep(.init(table: "votes", rowID: voteID)) else { return }
        voteExamples[stage][kind]!.insert(make(sessionShown))
    }

    /// The current session as reports show it.
    private var sessionShown: String { session.withUnsafeBufferPointer { VoteScan.shown(sessionStorage, $0) } }

    /// True when the current session was named; records the first boundary that has it.
    private mutating func matchNamed(stage: Int) -> Bool {
        guard sessionStorage == .text else { return false }
        while namedCursor < named.count, named[namedCursor].lexicographicallyPrecedes(session) {
            namedCursor += 1
        }
        guard namedCursor < named.count, named[namedCursor] == session else { return false }
        namedStage[namedCursor] = min(namedStage[namedCursor] ?? stage, stage)
        return true
    }

    // MARK: One session

    private mutating func finishSession() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard !buffer.isEmpty else { return }
        stages.removeAll(keepingCapacity: true)
        for vote in buffer where !stages.contains(vote.stage) { stages.append(vote.stage) }
        stages.sort()
        let isNamed = matchNamed(stage: Int(stages[0]))
        let endsChunk = session.withUnsafeBufferPointer { VoteChunks.endsChunk($0) }
        for (position, stage) in stages.enumerated() {
            let k = Int(stage)
            let next = position + 1 < stages.count ? Int(stages[position + 1]) : through.count
            swap(&share, &previousShare)
            var current = Share()
            swap(&current, &share)  // measured outside `self`, keeping its storage
            measure(upTo: stage, named: isNamed, into: &current)
            swap(&current, &share)
            if position > 0 { apply(previousShare, sign: -1, at: k) }
            apply(share, sign: 1, at: k)
            listed(share, from: k, to: next, newlyExcluded: position == 0 || !previousShare.excluded)
            writeChunks(upTo: stage, from: k, to: next, endsChunk: endsChunk)
        }
        // Counted once readable, always counted: the last share's seconds are all of them.
        if !share.excluded && share.readable {
            for vote in buffer where vote.millis != Int64.min { seconds.insert(floorDivide(vote.millis, 1000)) }
        }
    }

    /// The session's share of the report at a boundary whose votes have stages up to `stage`.
    private mutating func measure(upTo stage: Int32, named: Bool, into share: inout Share) {
        share.votes = 0
        share.first = Int64.max
        share.last = Int64.min
        share.options.removeAll(keepingCapacity: true)
        share.days.removeAll(keepingCapacity: true)
        share.stacked = false
        for vote in buffer where vote.stage <= stage {
            share.votes += 1
            if vote.millis != Int64.min {
                share.first = min(share.first, vote.millis)
                share.last = max(share.last, vote.millis)
            }
            if let position = share.options.firstIndex(where: { $0.id == vote.optionID }) {
                share.options[position].count += 1
                share.stacked = true
            } else {
                share.options.append((vote.optionID, vote.optionIndex, 1))
            }
        }
        share.beforeCutoff = cutoff.map { share.readable && share.first < $0 } ?? false
        share.named = named
        share.excluded = named || share.beforeCutoff
        share.overBudget = share.votes > parameters.votesPerSession
        guard !share.excluded else { return }
        for vote in buffer where vote.stage <= stage && vote.millis != Int64.min {
            let day = offsets.localDay(atSeconds: floorDivide(vote.millis, 1000))
            if let position = share.days.firstIndex(where: { $0.day == day }) {
                share.days[position].votes += 1
            } else {
                share.days.append((day, 1))
            }
        }
    }

    /// Adds (`sign` 1) or takes back (-1) a share at boundary `k`. Minima and maxima are only
    /// added: a share taken back is replaced by a later one of the same session at the same
    /// boundary whose first vote is the same and whose last vote is later.
    private mutating func apply(_ share: Share, sign: Int, at k: Int) {
        sessionsAll[k] += sign
        votesAll[k] += sign * share.votes
        let base = k * optionCount
        for entry in share.options where entry.index >= 0 {
            optionVotesAll[base + Int(entry.index)] += sign * entry.count
            optionVotersAll[base + Int(entry.index)] += sign
        }
        if share.overBudget { anomalyTotals[k][.overBudget, default: 0] += sign }
        if sign > 0 && share.readable {
            firstAll[k] = min(firstAll[k] ?? share.first, share.first)
            lastAll[k] = max(lastAll[k] ?? share.last, share.last)
        }
        if share.excluded {
            ledgerTotal[k] += sign
            return
        }
        sessionsCounted[k] += sign
        votesCounted[k] += sign * share.votes
        for entry in share.options where entry.index >= 0 {
            optionVotes[base + Int(entry.index)] += sign * entry.count
            optionVoters[base + Int(entry.index)] += sign
        }
        countChoiceSet(share, sign: sign, at: k)
        usage[k][share.votes, default: VoteScan.UsageCount()].sessions += sign
        if share.stacked { usage[k][share.votes, default: VoteScan.UsageCount()].stacking += sign }
        for entry in share.days {
            days[k][entry.day, default: VoteScan.DayCount()].votes += sign * entry.votes
            days[k][entry.day, default: VoteScan.DayCount()].voters += sign
        }
        if sign > 0 && share.readable {
            firstCounted[k] = min(firstCounted[k] ?? share.first, share.first)
            lastCounted[k] = max(lastCounted[k] ?? share.last, share.last)
        }
    }

    /// `VoteScan.countChoiceSet` with a sign, at boundary `k`.
    private mutating func countChoiceSet(_ share: Share, sign: Int, at k: Int) {
        let epoch = eligibility.epoch(last: share.last)
        if !maskCounts.isEmpty {
            var mask = epoch << optionCount
            for entry in share.options where entry.index >= 0 { mask |= 1 << Int(entry.index) }
            maskCounts[(k * eligibility.epochs) << optionCount + mask] += sign
            return
        }
        choiceScratch.removeAll(keepingCapacity: true)
        for entry in share.options where entry.index >= 0 { choiceScratch.append(entry.index) }
        choiceScratch.sort()
        if choiceScratch.count <= 4, choiceScratch.allSatisfy({ $0 < 65_535 }) {
            var key: UInt64 = 0
            for index in choiceScratch { key = key << 16 | UInt64(index + 1) }
            packedChoiceSets[k * eligibility.epochs + epoch][key, default: 0] += sign
        } else {
            otherChoiceSets[k * eligibility.epochs + epoch][choiceScratch, default: 0] += sign
        }
    }

    /// The ledger line and over-budget example of a share, in the lists of boundaries `k..<next`.
    /// - Parameter newlyExcluded: the session was counted at its previous stage (or has none).
    private mutating func listed(_ share: Share, from k: Int, to next: Int, newlyExcluded: Bool) {
        if share.overBudget {
            for boundary in k..<next
            where overBudgetExamples[boundary].elements.count < overBudgetExamples[boundary].limit {
                // Sessions arrive in id order: a full list keeps no later session.
                overBudgetExamples[boundary].insert(.init(table: "votes", session: sessionShown, count: share.votes))
            }
        }
        guard share.excluded else { return }
        if !share.named {
            // Excluded by the cutoff: from now on for good, and with the same first vote.
            guard newlyExcluded else { return }
            let probe = CutoffLine(
                line: .init(
                    session: "", firstVote: Instant(millis: share.first), votes: share.votes, beforeCutoff: true,
                    named: false), stages: [])
            guard cutoffLines[k].wouldKeep(probe) else { return }
            var line = probe
            line.line.session = sessionShown
            line.stages = buffer.map(\.stage)
            cutoffLines[k].insert(line)
            return
        }
        let probe = ReportFigures.ExcludedSession(
            session: "", firstVote: share.readable ? Instant(millis: share.first) : nil, votes: share.votes,
            beforeCutoff: share.beforeCutoff, named: share.named)
        var entry: ReportFigures.ExcludedSession?
        for boundary in k..<next where ledgers[boundary].wouldKeep(probe) {
            if entry == nil {
                entry = probe
                entry!.session = sessionShown
            }
            ledgers[boundary].insert(entry!)
        }
    }

    /// Writes the session's records counted at boundaries `k..<next` into their chunks.
    private mutating func writeChunks(upTo stage: Int32, from k: Int, to next: Int, endsChunk: Bool) {
        // Usually the votes counted so far are the first ones read: their records are a prefix.
        var prefix = 0
        while prefix < buffer.count, buffer[prefix].stage <= stage { prefix += 1 }
        if !buffer[prefix...].contains(where: { $0.stage <= stage }) {
            let end = prefix == 0 ? sessionRecordEnd : buffer[prefix - 1].recordEnd
            records.bytes.withUnsafeBufferPointer { all in
                let slice = UnsafeBufferPointer(rebasing: all[0..<end])
                for boundary in k..<next { chunks[boundary].session(slice, endsChunk: endsChunk) }
            }
            return
        }
        selected.removeAll()
        records.bytes.withUnsafeBufferPointer { all in
            selected.append(UnsafeBufferPointer(rebasing: all[0..<sessionRecordEnd]))
            var start = sessionRecordEnd
            for vote in buffer {
                if vote.stage <= stage { selected.append(UnsafeBufferPointer(rebasing: all[start..<vote.recordEnd])) }
                start = vote.recordEnd
            }
        }
        selected.bytes.withUnsafeBufferPointer { slice in
            for boundary in k..<next { chunks[boundary].session(slice, endsChunk: endsChunk) }
        }
    }
}
