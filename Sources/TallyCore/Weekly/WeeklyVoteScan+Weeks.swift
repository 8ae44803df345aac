extension WeeklyVoteScan {
    /// Adds the counters of a scan over the sessions that follow these (the next partition of
    /// session ids, same boundaries). Partitions hold disjoint sets of whole sessions.
    mutating func merge(_ other: WeeklyVoteScan) {
        func add(_ mine: inout [Int], _ theirs: [Int]) {
            for index in mine.indices { mine[index] += theirs[index] }
        }
        add(&optionVotes, other.optionVotes)
        add(&optionVoters, other.optionVoters)
        add(&optionVotesAll, other.optionVotesAll)
        add(&optionVotersAll, other.optionVotersAll)
        add(&sessionsAll, other.sessionsAll)
        add(&votesAll, other.votesAll)
        add(&sessionsCounted, other.sessionsCounted)
        add(&votesCounted, other.votesCounted)
        add(&ledgerTotal, other.ledgerTotal)
        add(&maskCounts, other.maskCounts)
        for (index, stage) in other.namedStage.enumerated() {
            if let stage { namedStage[index] = min(namedStage[index] ?? stage, stage) }
        }
        for k in through.indices {
            days[k].merge(other.days[k]) { .init(votes: $0.votes + $1.votes, voters: $0.voters + $1.voters) }
            usage[k].merge(other.usage[k]) {
                .init(sessions: $0.sessions + $1.sessions, stacking: $0.stacking + $1.stacking)
            }
            anomalyTotals[k].merge(other.anomalyTotals[k], uniquingKeysWith: +)
            firstAll[k] = VoteScan.earliest(firstAll[k], other.firstAll[k])
            lastAll[k] = VoteScan.latest(lastAll[k], other.lastAll[k])
            firstCounted[k] = VoteScan.earliest(firstCounted[k], other.firstCounted[k])
            lastCounted[k] = VoteScan.latest(lastCounted[k], other.lastCounted[k])
            highestVoteID[k] = VoteScan.latest(highestVoteID[k], other.highestVoteID[k])
            for entry in other.ledgers[k].elements { ledgers[k].insert(entry) }
            for line in other.cutoffLines[k].elements { cutoffLines[k].insert(line) }
            for example in other.overBudgetExamples[k].elements { overBudgetExamples[k].insert(example) }
            for (kind, list) in other.voteExamples[k] {
                for example in list.elements { voteExamples[k][kind]!.insert(example) }
            }
            chunks[k].append(other.chunks[k])
        }
        for slot in packedChoiceSets.indices {
            packedChoiceSets[slot].merge(other.packedChoiceSets[slot], uniquingKeysWith: +)
            otherChoiceSets[slot].merge(other.otherChoiceSets[slot], uniquingKeysWith: +)
        }
        seconds.formUnion(other.seconds)
    }

    /// Each boundary's vote figures, as `VoteScan` would count them for a report through that
    /// boundary and as of `asOf[k]` (one millisecond after it): the differences summed up.
    /// Named sessions not in a boundary's data are listed in its ledger with 0 votes. Handed to
    /// `body` one boundary at a time, in order, so only one is held at once.
    mutating func weeks(asOf: [Instant], _ body: (ScannedVotes) throws -> Void) rethrows {
        // A vote's second is at or before `through[k]`'s: boundaries end one millisecond before
        // a whole second (local midnight), so that is exactly "the vote is at or before it".
        let gaps = seconds.longestGaps(
            through.indices.map { (floorDivide(through[$0], 1000), asOf[$0].seconds) })
        seconds = SecondSet()  // a bitmap a busy day (8 MB for two years): freed before the reports are built
        let shown = parameters.excludedSessions.sorted(by: bytesPrecede)
        var running = ScannedVotes(
            optionVotes: Array(repeating: 0, count: optionCount), optionVoters: Array(repeating: 0, count: optionCount),
            optionVotesAll: Array(repeating: 0, count: optionCount),
            optionVotersAll: Array(repeating: 0, count: optionCount), sessionsAll: 0, votesAll: 0,
            sessionsCounted: 0, votesCounted: 0, firstAll: nil, lastAll: nil, firstCounted: nil, lastCounted: nil,
            days: [:], usage: [:], gap: nil, ledger: [], ledgerTotal: 0, anomalyTotals: [:], anomalyExamples: [:],
            choiceSets: [], chunkDigests: [], highestVoteID: nil)
        let epochs = eligibility.epochs
        var masks = Array(repeating: 0, count: maskCounts.isEmpty ? 0 : epochs << optionCount)
        var packed: [[UInt64: Int]] = Array(repeating: [:], count: epochs)
        var other: [[[Int32]: Int]] = Array(repeating: [:], count: epochs)
        var examples = voteExamples.first ?? [:]
        var sortedExamples: [AnomalyKind: [ReportFigures.AnomalyExample]] = [:]
        var cutoff = BoundedList<CutoffLine>(limit: parameters.maxListed) { VoteScan.ledgerOrder($0.line, $1.line) }
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
            running.firstAll = VoteScan.earliest(running.firstAll, firstAll[k])
            running.lastAll = VoteScan.latest(running.lastAll, lastAll[k])
            running.firstCounted = VoteScan.earliest(running.firstCounted, firstCounted[k])
            running.lastCounted = VoteScan.latest(running.lastCounted, lastCounted[k])
            running.highestVoteID = VoteScan.latest(running.highestVoteID, highestVoteID[k])
            running.days.merge(days[k]) { .init(votes: $0.votes + $1.votes, voters: $0.voters + $1.voters) }
            running.days = running.days.filter { $0.value.voters != 0 }
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
            if !masks.isEmpty {
                for mask in masks.indices { masks[mask] += maskCounts[(k * epochs) << optionCount + mask] }
            }
            for epoch in 0..<epochs {
                packed[epoch].merge(packedChoiceSets[k * epochs + epoch], uniquingKeysWith: +)
                other[epoch].merge(otherChoiceSets[k * epochs + epoch], uniquingKeysWith: +)
            }
            running.choiceSets = VoteScan.choiceSets(
                masks: masks, width: optionCount, packed: packed, other: other)
            running.ledgerTotal += ledgerTotal[k]

            var week = running
            var ledger = ledgers[k]
            for line in cutoffLines[k].unordered { cutoff.insert(line) }
            for line in cutoff.unordered { ledger.insert(line.line(at: k)) }
            for (index, name) in shown.enumerated() where namedStage[index].map({ $0 > k }) ?? true {
                week.ledgerTotal += 1
                ledger.insert(.init(session: name, firstVote: nil, votes: 0, beforeCutoff: false, named: true))
            }
            week.ledger = ledger.elements
            week.gap = gaps[k]
            week.chunkDigests = chunks[k].finished()
            chunks[k] = WeekChunks(keepsHead: false)  // this week's digests are the week's now: not held twice
            try body(week)
        }
    }
}
