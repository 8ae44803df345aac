extension VoteScan {
    /// Each boundary's vote figures, as of `asOf[k]`: the differences summed up. Named sessions
    /// not in a boundary's data are listed in its ledger with 0 votes. Handed to `body` one
    /// boundary at a time, in order, so only one is held at once.
    mutating func reports(asOf: [Instant], _ body: (ScannedVotes) throws -> Void) rethrows {
        let gaps = quietGaps(asOf: asOf)
        let digests = fingerprint.digests()
        seconds = SecondSet()  // a bitmap a busy day (8 MB for two years): freed before the reports are built
        let shown = parameters.excludedSessions.sorted(by: bytesPrecede)
        let zeros = Array(repeating: 0, count: optionCount)
        var running = ScannedVotes(
            optionVotes: zeros, optionVoters: zeros, optionVotesAll: zeros, optionVotersAll: zeros, sessionsAll: 0,
            votesAll: 0, sessionsCounted: 0, votesCounted: 0, firstAll: nil, lastAll: nil, firstCounted: nil,
            lastCounted: nil, days: [:], usage: [:], gap: nil, ledger: [], ledgerTotal: 0, anomalyTotals: [:],
            anomalyExamples: [:], choiceSets: [], eligibility: eligibility, votesDigest: [], highestVoteID: nil)
        let epochs = eligibility.epochs
        var masks = Array(repeating: 0, count: maskCounts.isEmpty ? 0 : epochs << optionCount)
        var packed: [[UInt64: Int]] = Array(repeating: [:], count: epochs)
        var other: [[[Int32]: Int]] = Array(repeating: [:], count: epochs)
        var examples = voteExamples.first ?? [:]
        var sortedExamples: [AnomalyKind: [ReportFigures.AnomalyExample]] = [:]
        // The first lines of the cutoff's sessions so far, in the ledger's order: their order never changes, so each
        // boundary merges them with its few named lines instead of sorting a thousand lines again (4% of 104 weeks).
        var cutoff: [CutoffLine] = []
        var lastLedger: [ReportFigures.ExcludedSession] = []
        for k in through.indices {
            let base = k * optionCount
            for index in 0..<optionCount {
                running.optionVotes[index] += optionVotes[base + index]
                running.optionVoters[index] += optionVoters[base + index]
                running.optionVotesAll[index] += optionVotesAll[base + index]
                running.optionVotersAll[index] += optionVotersAll[base + index]
            }
            running.sessionsAll += sessionsAll[k]
            running.votesAll += votesAll[k]
            running.sessionsCounted += sessionsCounted[k]
            running.votesCounted += votesCounted[k]
            running.firstAll = VoteScan.either(running.firstAll, firstAll[k], min)
            running.lastAll = VoteScan.either(running.lastAll, lastAll[k], max)
            running.firstCounted = VoteScan.either(running.firstCounted, firstCounted[k], min)
            running.lastCounted = VoteScan.either(running.lastCounted, lastCounted[k], max)
            running.highestVoteID = VoteScan.either(running.highestVoteID, highestVoteID[k], max)
            for slot in k * VoteScan.recentDays..<(k + 1) * VoteScan.recentDays { flushRecentDay(slot, at: k) }
            running.days.merge(days[k]) { .init(votes: $0.votes + $1.votes, voters: $0.voters + $1.voters) }
            running.days = running.days.filter { $0.value.voters != 0 }
            for votes in 0..<VoteScan.usageSlots {
                let small = usageSmall[k * VoteScan.usageSlots + votes]
                if small.sessions != 0 || small.stacking != 0 { usage[k][votes] = small }
            }
            running.usage.merge(usage[k]) {
                .init(sessions: $0.sessions + $1.sessions, stacking: $0.stacking + $1.stacking)
            }
            running.usage = running.usage.filter { $0.value.sessions != 0 }
            running.anomalyTotals.merge(anomalyTotals[k], uniquingKeysWith: +)
            // The examples change only at a boundary with new ones: sorted again only then.
            if k == 0 || voteExamples[k].values.contains(where: { $0.count > 0 }) {
                if k > 0 {
                    for (kind, list) in voteExamples[k] {
                        for example in list.unordered { examples[kind]!.insert(example) }
                    }
                }
                sortedExamples = examples.mapValues(\.elements)
            }
            var anomalyExamples = sortedExamples
            anomalyExamples[.overBudget] = overBudgetExamples[k].elements
            running.anomalyExamples = anomalyExamples
            // Boundary k's stores are contiguous: epoch e's mask slots follow epoch e - 1's.
            if !masks.isEmpty {
                let start = (k * epochs) << optionCount
                for slot in masks.indices { masks[slot] += maskCounts[start + slot] }
            }
            for epoch in 0..<epochs {
                packed[epoch].merge(packedChoiceSets[k * epochs + epoch], uniquingKeysWith: +)
                other[epoch].merge(otherChoiceSets[k * epochs + epoch], uniquingKeysWith: +)
            }
            running.choiceSets = VoteScan.choiceSets(
                masks: masks, width: optionCount, packed: packed, other: other)
            running.ledgerTotal += ledgerTotal[k]

            var report = running
            if cutoffLines[k].count > 0 {
                cutoff = VoteScan.merged(cutoff, cutoffLines[k].elements, limit: parameters.maxListed) {
                    VoteScan.ledgerOrder($0.line, $1.line)
                }
            }
            var named = ledgers[k].unordered
            for (index, name) in shown.enumerated() where namedStage[index].map({ $0 > k }) ?? true {
                report.ledgerTotal += 1
                named.append(.init(session: name, firstVote: nil, votes: 0, beforeCutoff: false, named: true))
            }
            let ledger = VoteScan.merged(
                cutoff.map { $0.line(at: k) }, named.sorted(by: VoteScan.ledgerOrder), limit: parameters.maxListed,
                by: VoteScan.ledgerOrder)
            // The same lines as the boundary before (nearly always): that array is kept, so a page of the
            // next week can tell by its identity that the ledger did not change (`WeeklyJSON.LedgerRows`).
            if ledger != lastLedger { lastLedger = ledger }
            report.ledger = lastLedger
            report.gap = running.firstCounted == nil ? nil : gaps[k]
            report.votesDigest = digests[k]
            try body(report)
        }
    }

    /// The first `limit` elements of two sorted lists, in order (`a`'s first where they tie).
    static func merged<Element>(
        _ a: [Element], _ b: [Element], limit: Int, by precedes: (Element, Element) -> Bool
    ) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(min(limit, a.count + b.count))
        var (i, j) = (0, 0)
        while result.count < limit, i < a.count || j < b.count {
            if j == b.count || (i < a.count && !precedes(b[j], a[i])) {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        return result
    }

    /// The longest quiet stretch (seconds) between counted votes and `asOf[k]`, per boundary.
    private mutating func quietGaps(asOf: [Instant]) -> [(start: Int64, end: Int64)?] {
        // One boundary: its as-of time joins the set, wherever it falls among the votes (a report
        // may count votes after its as-of time, which it flags as from the future).
        if through.count == 1, let only = asOf.first {
            seconds.insert(only.seconds)
            return [seconds.longestGap()]
        }
        // Several (the weeks): each is as of one millisecond after its end, so after all its votes;
        // a vote's second is at or before `through[k]`'s exactly when the vote is at or before it.
        return seconds.longestGaps(through.indices.map { (floorDivide(through[$0], 1000), asOf[$0].seconds) })
    }
}
