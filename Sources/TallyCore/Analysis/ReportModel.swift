/// Everything a report shows, as plain values: numbers, texts, instants and the
/// zone. Renderers turn it into Markdown, CSV or JSON without touching the
/// database and without computing figures of their own; no text is formatted here.
public struct ReportModel: Sendable, Equatable {
    /// The version of the JSON document (and of this model's meaning).
    public static let schemaVersion = "tally.report/1"
    /// Below this many counted voters the report warns that the sample is small.
    public static let smallSampleThreshold = 30
    /// Per-day activity lists every day between the first and last vote (zero days too)
    /// when the span is at most this many days; longer spans list only days with votes.
    public static let maximumFilledDays = 366

    /// How an option stands against its section's leader.
    public enum Standing: String, Sendable, Equatable {
        /// Ranked first (alone or tied).
        case leader
        /// The data cannot tell it apart from the leader: its chance of being behind
        /// (`RankedOption.chanceBehind`) is under `LeadModel.behindThreshold`.
        case notDistinguishable = "not_distinguishable"
        /// Some option truly has more voters, with a chance of `LeadModel.behindThreshold` or more.
        case behind
    }

    /// One option with its rank, share and interval.
    public struct RankedOption: Sendable, Equatable {
        /// The option's id in `survey_options`.
        public let id: Int64
        /// The option's text as stored.
        public let content: String
        /// The option's section.
        public let section: String
        /// When the option was created; nil when its stored time cannot be read.
        public let createdAt: Instant?
        /// Competition rank by voters: ties share a rank and the next rank skips (1, 1, 3).
        public let rank: Int
        /// Distinct counted sessions (voters).
        public let voters: Int
        /// Counted votes.
        public let votes: Int
        /// Voters including excluded sessions.
        public let votersAll: Int
        /// Votes including excluded sessions.
        public let votesAll: Int
        /// Counted sessions that could choose it (`ChoicePattern.couldChoose`: their last counted vote is at or
        /// after its creation), when that is not every counted session: an option created mid-poll; 0 when it was
        /// created after the last counted vote (nobody could yet). nil: every counted session could.
        /// Its share, range, chance and co-votes are taken over these sessions (docs/statistics.md, "Late options").
        public let eligible: Int?
        /// Voters as a share of the counted voters who could choose it; nil when nobody is counted or nobody could choose it.
        public let share: Double?
        /// 95% Wilson interval of the share; nil when nobody is counted or nobody could choose it.
        public let interval: WilsonInterval?
        /// Against the leader, from `chanceBehind`; nil when the section has no votes.
        public internal(set) var standing: Standing?
        /// The chance that it truly has the most voters in its section (`LeadModel`; equally popular
        /// options split it evenly); nil when the section has no votes.
        public internal(set) var chanceOfLeading: Double? = nil
        /// The chance that another option of its section truly has more voters (`LeadModel`): the one
        /// figure behind "behind", "can't tell apart" and "clear lead"; nil for the leaders and when the
        /// section has no votes.
        public internal(set) var chanceBehind: Double? = nil
    }

    /// One section of options, ranked.
    public struct Section: Sendable, Equatable {
        /// `original`, `community`, or another value found in the data.
        public let name: String
        /// False for a section the vote page does not know (also flagged as an anomaly).
        public let isKnown: Bool
        /// In display order: voters, votes (descending), id.
        public let options: [RankedOption]
        /// Options ranked first by counted voters (several when tied); empty when nobody voted here.
        public let leaders: [RankedOption]
        /// Options that would rank first with excluded sessions included; empty when nobody voted here.
        public let leadersAll: [RankedOption]
        /// For each pair of options next to each other in `options`, the chance their order holds;
        /// empty when the section has no votes or the figures have no choice sets.
        public internal(set) var orderChances: [OrderChance] = []
        /// Pairs of options chosen by the same voters, most shared voters first (`Covote.pairs`);
        /// empty when the figures have no choice sets.
        public internal(set) var covotes: [Covote] = []
    }

    /// Sessions and votes with and without exclusions.
    public struct Totals: Sendable, Equatable {
        /// Every session (within `through`).
        public let votersAll: Int
        /// Every vote (within `through`).
        public let votesAll: Int
        /// Distinct counted sessions (voters).
        public let voters: Int
        /// Counted votes.
        public let votes: Int
        /// Sessions excluded (by rule or by name) that are in the data.
        public var votersExcluded: Int { votersAll - voters }
        /// Votes of excluded sessions.
        public var votesExcluded: Int { votesAll - votes }
    }

    /// When the counted votes came.
    public struct Activity: Sendable, Equatable {
        /// The first counted vote.
        public let firstVote: Instant?
        /// The last counted vote.
        public let lastVote: Instant?
        /// The time the report is as of.
        public let asOf: Instant
        /// Milliseconds from the last counted vote to the as-of time.
        public let sinceLastVote: Int64?
        /// Local calendar days from the last vote's date to the as-of date (4 when the last vote
        /// was on the 23rd and the as-of time on the 27th).
        public let quietLocalDays: Int?
        /// The longest stretch without counted votes, to the second.
        public let longestGap: ReportFigures.Gap?
        /// True when that stretch runs up to the as-of time (no vote since).
        public let gapIsOngoing: Bool
        /// Per local day; zero days included when `daysAreContinuous`.
        public let days: [ReportFigures.Day]
        /// True when `days` has every date from the first to the last vote.
        public let daysAreContinuous: Bool
    }

    /// How counted sessions used their votes.
    public struct Concentration: Sendable, Equatable {
        /// One row per number of votes used: 1 up to the budget always, more when sessions went over.
        public let usage: [ReportFigures.Usage]
        /// Counted sessions that put 2 or more votes on one option.
        public let stackingSessions: Int
        /// Counted sessions.
        public let sessions: Int
    }

    /// Approved notes written by one session.
    public struct AuthorGroup: Sendable, Equatable {
        /// The session; nil when the notes have none recorded.
        public let session: String?
        /// The session's approved notes, by id.
        public let notes: [ReportFigures.ApprovedNote]
    }

    /// An approved note that became an option, with that option's figures.
    public struct Promotion: Sendable, Equatable {
        /// The approved note.
        public let note: ReportFigures.ApprovedNote
        /// The option, or nil when `survey_options` has no option with that id (or it was added after `through`).
        public let option: RankedOption?
    }

    /// Sticky notes.
    public struct Suggestions: Sendable, Equatable {
        /// Counts by status (pending, approved, rejected, then others).
        public let statuses: [ReportFigures.StatusCount]
        /// Approved notes grouped by author session, most notes first.
        public let approvedGroups: [AuthorGroup]
        /// Promoted notes and their options' votes.
        public let promotions: [Promotion]
        /// False when the database lacks tally's columns: promotion links and moderation history
        /// are then not available (not: there are none).
        public let moderationRecord: Bool

        /// All notes.
        public var total: Int { statuses.reduce(0) { $0 + $1.notes } }
        /// Approved notes in all.
        public var approvedCount: Int { approvedGroups.reduce(0) { $0 + $1.notes.count } }
    }

    /// The parameters the report was made with.
    public let parameters: ReportParameters
    /// Sessions and votes with and without exclusions.
    public let totals: Totals
    /// True when fewer than `smallSampleThreshold` voters are counted (and some are).
    public let isSmallSample: Bool
    /// Ranked options per section: `original`, `community`, then others by name.
    public let sections: [Section]
    /// The exclusion ledger; the rules that made it are `parameters.excludeBefore` and `excludedSessions`.
    public let exclusions: ReportFigures.Exclusions
    /// When the counted votes came.
    public let activity: Activity
    /// How counted sessions used their votes.
    public let concentration: Concentration
    /// Sticky notes: statuses, approved notes by author, promotions.
    public let suggestions: Suggestions
    /// Kinds found, in code order, each with its count and first examples.
    public let anomalies: [ReportFigures.Anomaly]
    /// Which data the report was made from (with a hash only when tally read the database);
    /// nil only for figures put together without one.
    public let fingerprint: DataFingerprint?

    /// How the chances of leading were computed; nil when nobody is counted.
    public internal(set) var chanceModel: ChanceModel? = nil

    /// True when the database has no votes at all (within `through`).
    public var hasNoVotes: Bool { totals.votesAll == 0 }
}
