/// What one reading of the votes counted for one report: the vote figures before the options,
/// notes and log are read. `VoteScan` makes one per boundary from a single pass (one for a report,
/// one per week for the weekly pages); each feeds `Analyzer.figures(from:table:votes:…)`.
struct ScannedVotes {
    /// Per option index (of `OptionTable`): counted votes and voters, then all (excluded sessions too).
    var optionVotes: [Int]
    var optionVoters: [Int]
    var optionVotesAll: [Int]
    var optionVotersAll: [Int]

    var sessionsAll: Int
    var votesAll: Int
    var sessionsCounted: Int
    var votesCounted: Int
    /// Milliseconds since the epoch of the first and last readable vote, all and counted.
    var firstAll: Int64?
    var lastAll: Int64?
    var firstCounted: Int64?
    var lastCounted: Int64?

    /// Local day number → counted votes and voters (days without counted voters absent).
    var days: [Int64: VoteScan.DayCount]
    /// Votes used → counted sessions and how many of them stacked (counts without sessions absent).
    var usage: [Int: VoteScan.UsageCount]
    /// The longest quiet stretch (seconds) between counted votes and the as-of time.
    var gap: (start: Int64, end: Int64)?

    /// The exclusion ledger's listed sessions (in the ledger's order) and how many there are.
    var ledger: [ReportFigures.ExcludedSession]
    var ledgerTotal: Int
    /// Vote-level anomalies: counts and kept examples (in the examples' order).
    var anomalyTotals: [AnomalyKind: Int]
    var anomalyExamples: [AnomalyKind: [ReportFigures.AnomalyExample]]
    /// Counted sessions per set of chosen option indices (ascending), without empty counts.
    var choiceSets: [(indices: [Int32], epoch: Int, sessions: Int)]
    /// The scan's: which options a set's epoch could choose.
    let eligibility: Eligibility

    /// The votes' digest for the fingerprint (`VoteDayChain`).
    var votesDigest: [UInt8]
    /// The highest vote id read.
    var highestVoteID: Int64?
}
