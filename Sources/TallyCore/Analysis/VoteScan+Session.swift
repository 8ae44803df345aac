extension VoteScan {
    /// A session's share of one report: everything the report counts for it. Per-session facts
    /// are worked out here once (`measure`) and counted per boundary (`apply`).
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

    /// Counts the buffered session at each of its stages.
    mutating func finishSession() {
        defer { buffer.popAll() }
        guard let firstStage = buffer.first?.stage else { return }
        // The shares are worked on outside `self` (their storage kept for the next session): a share
        // read from `self` by a mutating method is copied, retaining its arrays, every session.
        var current = Share()
        swap(&current, &share)
        defer { swap(&current, &share) }
        // Most sessions are counted from one stage, and every session of a report (one boundary) is.
        if VoteScan.allAt(firstStage, buffer) {
            measure(upTo: firstStage, named: matchNamed(stage: Int(firstStage)), into: &current)
            apply(current, sign: 1, at: Int(firstStage))
            listed(current, from: Int(firstStage), to: through.count, newlyExcluded: true)
        } else {
            finishStages(&current)
        }
        // Counted once readable, always counted: the last share's seconds are all of them.
        if !current.excluded && current.readable {
            for vote in buffer where vote.millis != Int64.min { seconds.insert(floorDivide(vote.millis, 1000)) }
        }
    }

    /// True when every buffered vote is first counted at `stage`.
    private static func allAt(_ stage: Int32, _ buffer: [Buffered]) -> Bool {
        for vote in buffer where vote.stage != stage { return false }
        return true
    }

    /// Counts a session whose votes enter at several stages: at each, its share replaces the one before.
    private mutating func finishStages(_ current: inout Share) {
        stages.removeAll(keepingCapacity: true)
        for vote in buffer where !stages.contains(vote.stage) { stages.append(vote.stage) }
        stages.sort()
        let isNamed = matchNamed(stage: Int(stages[0]))
        var previous = Share()
        swap(&previous, &previousShare)
        defer { swap(&previous, &previousShare) }
        for (position, stage) in stages.enumerated() {
            let k = Int(stage)
            let next = position + 1 < stages.count ? Int(stages[position + 1]) : through.count
            swap(&current, &previous)
            measure(upTo: stage, named: isNamed, into: &current)
            if position > 0 { apply(previous, sign: -1, at: k) }
            apply(current, sign: 1, at: k)
            listed(current, from: k, to: next, newlyExcluded: position == 0 || !previous.excluded)
        }
    }

    /// The session's share of the report at a boundary whose votes have stages up to `stage`.
    private mutating func measure(upTo stage: Int32, named: Bool, into share: inout Share) {
        share.votes = 0
        share.first = Int64.max
        share.last = Int64.min
        share.options.popAll()
        share.days.popAll()
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
        if share.votes < VoteScan.usageSlots {
            modify(&usageSmall[k * VoteScan.usageSlots + share.votes]) {
                $0.sessions += sign
                if share.stacked { $0.stacking += sign }
            }
        } else {
            modify(&usage[k][share.votes, default: UsageCount()]) {
                $0.sessions += sign
                if share.stacked { $0.stacking += sign }
            }
        }
        for entry in share.days {
            let slot = k * VoteScan.recentDays + Int(truncatingIfNeeded: entry.day) & (VoteScan.recentDays - 1)
            if recentDays[slot].day != entry.day {
                flushRecentDay(slot, at: k)
                recentDays[slot].day = entry.day
            }
            modify(&recentDays[slot].count) {
                $0.votes += sign * entry.votes
                $0.voters += sign
            }
        }
        if sign > 0 && share.readable {
            firstCounted[k] = min(firstCounted[k] ?? share.first, share.first)
            lastCounted[k] = max(lastCounted[k] ?? share.last, share.last)
        }
    }

    /// Adds a recent day's counts to boundary `k`'s days and empties its slot.
    mutating func flushRecentDay(_ slot: Int, at k: Int) {
        let recent = recentDays[slot]
        guard recent.day != Int64.min else { return }
        modify(&days[k][recent.day, default: DayCount()]) {
            $0.votes += recent.count.votes
            $0.voters += recent.count.voters
        }
        recentDays[slot] = (Int64.min, DayCount())
    }

    /// Counts (or takes back) the share's set of chosen (existing) options at boundary `k`, in the store of
    /// the options it could choose (its epoch, from its last readable vote).
    private mutating func countChoiceSet(_ share: Share, sign: Int, at k: Int) {
        let store = k * eligibility.epochs + eligibility.epoch(last: share.last)
        if !maskCounts.isEmpty {
            var mask = 0
            for entry in share.options where entry.index >= 0 { mask |= 1 << Int(entry.index) }
            maskCounts[store << optionCount + mask] += sign
            return
        }
        choiceScratch.removeAll(keepingCapacity: true)
        for entry in share.options where entry.index >= 0 { choiceScratch.append(entry.index) }
        choiceScratch.sort()
        if choiceScratch.count <= 4, choiceScratch.allSatisfy({ $0 < 65_535 }) {
            var key: UInt64 = 0
            for index in choiceScratch { key = key << 16 | UInt64(index + 1) }
            packedChoiceSets[store][key, default: 0] += sign
        } else {
            otherChoiceSets[store][choiceScratch, default: 0] += sign
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
            // Most sessions are rejected here, by their first vote alone (no probe built).
            guard newlyExcluded, share.first <= cutoffBound[k] else { return }
            let probe = CutoffLine(
                line: .init(
                    session: "", firstVote: Instant(millis: share.first), votes: share.votes, beforeCutoff: true,
                    named: false), stages: [])
            // The probe has an empty session id, which sorts first: it may say yes too often, never no.
            guard cutoffLines[k].wouldKeep(probe) else { return }
            var line = probe
            line.line.session = sessionShown
            line.stages = buffer.map(\.stage)
            cutoffLines[k].insert(line)
            cutoffBound[k] = cutoffLines[k].largest?.line.firstVote?.millis ?? .max
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
}

extension Array {
    /// Empties a short array, keeping its storage: `removeAll(keepingCapacity: true)` calls a generic
    /// `replaceSubrange` (about 60 instructions), three times a session; a session has a few votes.
    @inline(__always)
    fileprivate mutating func popAll() { while !isEmpty { removeLast() } }
}

/// Changes a value in place through one `inout` access (one dictionary lookup for
/// `dictionary[key, default: …]`, however many fields are changed).
@inline(__always)
private func modify<T>(_ value: inout T, _ change: (inout T) -> Void) { change(&value) }
