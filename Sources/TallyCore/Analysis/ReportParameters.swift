/// Everything a report depends on besides the data: the same database and the
/// same parameters always give the same report, byte for byte.
package struct ReportParameters: Sendable, Equatable {
    /// The reader's zone: times given without an offset are read in it, and every time shown is in it.
    package var zone: Zone
    /// Sessions whose first vote is strictly before this instant are excluded whole (test sessions).
    package var excludeBefore: Instant?
    /// Sessions excluded by name, in the order given, without repeats.
    package var excludedSessions: [String]
    /// The time the report is as of: days since the last vote and quiet gaps end here.
    /// Never the wall clock inside the analysis, so a rerun gives the same figures.
    package var asOf: Instant
    /// Only votes at or before this instant count (the tally as it stood then); nil for all votes.
    /// Votes whose time cannot be read are kept, since they cannot be placed.
    package var through: Instant?
    /// A session's vote budget; sessions with more votes are flagged (and still counted).
    package var votesPerSession: Int
    /// At most this many sessions are listed in the exclusion ledger (totals are always complete).
    package var maxListed: Int
    /// At most this many examples are kept per kind of anomaly (counts are always complete).
    package var maxExamples: Int

    /// What a vote dated after `asOf` does to the report (`.refused` unless set).
    package var futureVotes: FutureVotes = .refused

    /// Who the report is written for: readers unless set. Only moderators see voters' identifiers.
    package var audience: Audience = .readers

    /// The vote budget of the vote page: three votes per session.
    package static let defaultVotesPerSession = 3
    /// Enough to paste; a ledger of thousands of sessions is a sign of a wrong cutoff.
    package static let defaultMaxListed = 1000
    /// Enough to find the rows; the counts say how many there are.
    package static let defaultMaxExamples = 20

    /// Parameters for a report; repeated session names are kept once, in the order given.
    package init(
        zone: Zone = .utc, excludeBefore: Instant? = nil, excludedSessions: [String] = [], asOf: Instant,
        through: Instant? = nil, votesPerSession: Int = ReportParameters.defaultVotesPerSession,
        maxListed: Int = ReportParameters.defaultMaxListed, maxExamples: Int = ReportParameters.defaultMaxExamples
    ) {
        self.zone = zone
        self.excludeBefore = excludeBefore
        var seen: Set<String> = []
        self.excludedSessions = excludedSessions.filter { seen.insert($0).inserted }
        self.asOf = asOf
        self.through = through
        self.votesPerSession = votesPerSession
        self.maxListed = maxListed
        self.maxExamples = maxExamples
    }

    /// The author's settings for the published week-one figures (see `Demo.Settings`).
    package static func demo() -> ReportParameters {
        let zone = Demo.Settings.zoneValue()
        let cutoff = Demo.Settings.cutoffInstant()
        let asOf = Demo.Settings.asOfInstant()
        return ReportParameters(
            zone: zone, excludeBefore: cutoff, asOf: asOf, votesPerSession: Demo.Settings.votesPerSession)
    }
}

/// What a vote dated after the as-of time does to a report.
package enum FutureVotes: Sendable, Equatable {
    /// The report is refused (`AnalysisError.asOfBefore…`): an as-of time someone gave before the
    /// last vote asks for an earlier tally, which `through` gives; counting later votes would not.
    case refused
    /// Such votes are counted and flagged (`AnomalyKind.futureVote`), like any odd row, and
    /// "since the last vote" is not given. For an as-of time that is the clock's now: a vote
    /// after now is a wrong clock or a wrong stored time, and the report must still render.
    case flagged
}

extension ReportParameters {
    /// The values for the `params` blocks of `queries/`, so the portable SQL computes
    /// the same figures as the analysis.
    ///
    /// D1 has no time zone database, so the zone is written out as its list of UTC offsets
    /// (`zone_offsets`, see `Zone.offsetList`) from 1800 to two years after `asOf`, and the
    /// SQL maps each vote through it: local days agree with the analysis in every zone.
    package var queryValues: [String: QueryValue] {
        [
            "exclude_before": excludeBefore.map { .text(ReportParameters.queryTime($0, zone: zone)) } ?? .null,
            "exclude_sessions": .jsonArray(excludedSessions),
            "through": through.map { .text(ReportParameters.queryTime($0, zone: zone)) } ?? .null,
            "zone_offsets": .text(zone.offsetListJSON(through: asOf)),
            "as_of": .text(ReportParameters.queryTime(asOf, zone: zone)),
            "votes_per_session": .integer(Int64(votesPerSession)),
            "max_listed": .integer(Int64(maxListed)),
            "max_examples": .integer(Int64(maxExamples)),
        ]
    }

    /// An instant as SQLite reads it: local ISO 8601 with offset when whole seconds
    /// (what a person would write), else UTC with milliseconds so nothing is lost.
    static func queryTime(_ instant: Instant, zone: Zone) -> String {
        let fraction = instant.millis - instant.seconds * 1000
        // SQLite reads offsets of whole minutes only (`+05:53:28` is not a time to it).
        guard fraction != 0 || zone.offset(at: instant) % 60 != 0 else { return zone.iso8601(instant) }
        let civil = CivilDateTime(utcSeconds: instant.seconds)
        return "\(civil.dateText)T\(pad(civil.hour, 2)):\(pad(civil.minute, 2)):\(pad(civil.second, 2))."
            + "\(pad(Int(fraction), 3))Z"
    }
}

/// Who a report is written for. A session id is often the cookie that casts the votes, and a
/// moderator's name is staff information: both belong in the moderators' view, never in what is
/// published, so every output is public unless a moderator asks for the internal one.
package enum Audience: String, Sendable, Equatable {
    /// The published page: counts and descriptions, no session ids, no moderator names.
    case readers
    /// The moderators' page (`--internal`): session ids and moderator names listed, and said so at the top.
    case moderators

    /// True when session ids and moderator names may be shown.
    package var showsIdentifiers: Bool { self == .moderators }
}
