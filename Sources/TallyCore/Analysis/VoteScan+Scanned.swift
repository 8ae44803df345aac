extension VoteScan {
    /// The scan's figures as plain values, with the longest gap up to `asOf` (which is why
    /// this is `mutating`: the as-of second joins the scan's own set, see `longestGap`).
    mutating func scanned(asOf: Instant) -> ScannedVotes {
        let gap = firstCounted == nil ? nil : longestGap(until: asOf.seconds)
        return ScannedVotes(
            optionVotes: optionVotes, optionVoters: optionVoters, optionVotesAll: optionVotesAll,
            optionVotersAll: optionVotersAll, sessionsAll: sessionsAll, votesAll: votesAll,
            sessionsCounted: sessionsCounted, votesCounted: votesCounted, firstAll: firstAll, lastAll: lastAll,
            firstCounted: firstCounted, lastCounted: lastCounted, days: days, usage: usage, gap: gap,
            ledger: ledger.elements, ledgerTotal: ledgerTotal, anomalyTotals: anomalyTotals,
            anomalyExamples: anomalyExamples.mapValues(\.elements), choiceSets: choiceSets,
            chunkDigests: chunks.digests, highestVoteID: highestVoteID)
    }
}
