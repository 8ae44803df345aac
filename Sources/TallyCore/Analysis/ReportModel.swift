/// Everything a report shows, as plain values: numbers, texts, instants and the
/// zone. Renderers turn it into Markdown, CSV or JSON without touching the
/// database and without computing figures of their own; no text is formatted here.
package struct ReportModel: Sendable, Equatable {
    /// The version of the JSON document (and of this model's meaning).
    package static let schemaVersion = "tally.report/1"
    /// Below this many counted voters the report warns that the sample is small.
    package static let smallSampleThreshold = 30
    /// Per-day activity lists every day between the first and last vote (zero days too)
    /// when the span is at most this many days; longer spans list only days with votes.
    package static let maximumFilledDays = 366

    /// How an option stands against its section's leader.
    package enum Standing: String, Sendable, Equatable {
        /// Ranked first (alone or tied).
        case leader
        /// The data cannot tell it apart from the leader (`LeadModel.standings`).
        case notDistinguishable = "not_distinguishable"
        /// Not behind, but the leader is at least `LeadModel.probablyBehindRatio` times as likely to lead.
        case probablyBehind = "probably_behind"
        /// Behind (`LeadModel.standings`: its chance of leading is small enough, with its rivals counted).
        case behind
    }

    /// One option with its rank, share and interval; its row's figures (`ReportFigures.Option`: id, text,
    /// section, creation time, voters and votes) read through it, so `option.voters` is the row's.
    @dynamicMemberLookup
    package struct RankedOption: Sendable, Equatable {
        /// The option's row as the figures have it.
        package let row: ReportFigures.Option
        /// Competition rank by distinct voters: equal voters share a rank and the next rank skips (1, 1, 3),
        /// whenever the options were added (the mission's rule; an option added later is compared in `sameVoters`).
        package internal(set) var rank: Int
        /// Counted sessions that could choose it (`ChoicePattern.couldChoose`: their last counted vote is at or
        /// after its creation), when that is not every counted session: an option created mid-poll; 0 when it was
        /// created after the last counted vote (nobody could yet). nil: every counted session could.
        /// Its share, range, chance and co-votes are taken over these sessions (docs/statistics.md, "Late options").
        package let eligible: Int?
        /// Voters as a share of the counted voters who could choose it; nil when nobody is counted or nobody could choose it.
        package let share: Double?
        /// 95% Wilson interval of the share; nil when nobody is counted or nobody could choose it.
        package let interval: WilsonInterval?
        /// Against the leader, from the chances of leading (`LeadModel.standings`); nil when the section has no
        /// votes or the option has no chance.
        package internal(set) var standing: Standing?
        /// The chance that it truly has the most voters in its section (`LeadModel`; equally popular
        /// options split it evenly): the one figure the standing and the sentences read; nil when the
        /// section has no votes or nobody could choose it.
        package internal(set) var chanceOfLeading: Double? = nil
        /// For an option added later than its section's first options (fewer counted voters could choose it): its
        /// comparison over the voters who could choose it, against every option they could choose (its chance and
        /// standing are this comparison's). nil for the options open longest and for an option nobody could choose.
        package internal(set) var sameVoters: SameVoters? = nil

        package subscript<Value>(dynamicMember field: KeyPath<ReportFigures.Option, Value>) -> Value {
            row[keyPath: field]
        }
    }

    /// An option added later, compared over the counted voters who could choose it (issue 47.1): every option they
    /// could choose, with its voters among them and its chance of leading in that comparison.
    package struct SameVoters: Sendable, Equatable {
        /// Counted sessions that could choose the option added later: the voters of the comparison.
        package let sessions: Int
        /// Every option those sessions could choose (the late option included), most voters among them first.
        package let options: [Entry]

        /// One option in the comparison.
        package struct Entry: Sendable, Equatable {
            package let id: Int64
            /// Its voters among `sessions`.
            package let voters: Int
            /// Its chance of leading among those voters.
            package let chance: Double
        }
    }

    /// One section of options, ranked.
    package struct Section: Sendable, Equatable {
        /// `original`, `community`, or another value found in the data.
        package let name: String
        /// False for a section the vote page does not know (also flagged as an anomaly).
        package let isKnown: Bool
        /// In rank order (then votes, descending, and id).
        package let options: [RankedOption]
        /// Options ranked first (several when tied); empty when nobody voted here.
        package let leaders: [RankedOption]
        /// Options that would rank first with excluded sessions included; empty when nobody voted here.
        package let leadersAll: [RankedOption]
        /// For each pair of options next to each other in `options`, the chance their order holds;
        /// empty when the section has no votes or the figures have no choice sets.
        package internal(set) var orderChances: [OrderChance] = []
        /// Pairs of options chosen by the same voters, most shared voters first (`Covote.pairs`);
        /// empty when the figures have no choice sets.
        package internal(set) var covotes: [Covote] = []
    }

    /// When the counted votes came.
    package struct Activity: Sendable, Equatable {
        /// The first counted vote.
        package let firstVote: Instant?
        /// The last counted vote.
        package let lastVote: Instant?
        /// The time the report is as of.
        package let asOf: Instant
        /// Milliseconds from the last counted vote to the as-of time.
        package let sinceLastVote: Int64?
        /// Local calendar days from the last vote's date to the as-of date (4 when the last vote
        /// was on the 23rd and the as-of time on the 27th).
        package let quietLocalDays: Int?
        /// The longest stretch without counted votes, to the second.
        package let longestGap: ReportFigures.Gap?
        /// True when that stretch runs up to the as-of time (no vote since).
        package let gapIsOngoing: Bool
        /// Per local day; zero days included when `daysAreContinuous`.
        package let days: [ReportFigures.Day]
        /// True when `days` has every date from the first to the last vote.
        package let daysAreContinuous: Bool
    }

    /// How counted sessions used their votes.
    package struct Concentration: Sendable, Equatable {
        /// One row per number of votes used: 1 up to the budget always, more when sessions went over.
        package let usage: [ReportFigures.Usage]
        /// Counted sessions that put 2 or more votes on one option.
        package let stackingSessions: Int
        /// Counted sessions.
        package let sessions: Int
    }

    /// Approved notes written by one session.
    package struct AuthorGroup: Sendable, Equatable {
        /// The session; nil when the notes have none recorded.
        package let session: String?
        /// The session's approved notes, by id.
        package let notes: [ReportFigures.ApprovedNote]
    }

    /// An approved note that became an option, with that option's figures.
    package struct Promotion: Sendable, Equatable {
        /// The approved note.
        package let note: ReportFigures.ApprovedNote
        /// The option, or nil when `survey_options` has no option with that id (or it was added after `through`).
        package let option: RankedOption?
    }

    /// Sticky notes.
    package struct Suggestions: Sendable, Equatable {
        /// Counts by status (pending, approved, rejected, then others).
        package let statuses: [ReportFigures.StatusCount]
        /// Approved notes grouped by author session, most notes first.
        package let approvedGroups: [AuthorGroup]
        /// Promoted notes and their options' votes.
        package let promotions: [Promotion]
        /// False when the database lacks tally's columns: promotion links and moderation history
        /// are then not available (not: there are none).
        package let moderationRecord: Bool

        /// All notes.
        package var total: Int { statuses.reduce(0) { $0 + $1.notes } }
        /// Approved notes in all.
        package var approvedCount: Int { approvedGroups.reduce(0) { $0 + $1.notes.count } }
    }

    /// The parameters the report was made with.
    package let parameters: ReportParameters
    /// Sessions and votes with and without exclusions.
    package let totals: ReportFigures.Totals
    /// True when fewer than `smallSampleThreshold` voters are counted (and some are).
    package let isSmallSample: Bool
    /// Ranked options per section: `original`, `community`, then others by name.
    package let sections: [Section]
    /// The exclusion ledger; the rules that made it are `parameters.excludeBefore` and `excludedSessions`.
    package let exclusions: ReportFigures.Exclusions
    /// When the counted votes came.
    package let activity: Activity
    /// How counted sessions used their votes.
    package let concentration: Concentration
    /// Sticky notes: statuses, approved notes by author, promotions.
    package let suggestions: Suggestions
    /// Kinds found, in code order, each with its count and first examples.
    package let anomalies: [ReportFigures.Anomaly]
    /// Which data the report was made from (with a hash only when tally read the database);
    /// nil only for figures put together without one.
    package let fingerprint: DataFingerprint?

    /// How the chances of leading were computed; nil when nobody is counted.
    package internal(set) var chanceModel: ChanceModel? = nil

    /// True when the database has no votes at all (within `through`).
    package var hasNoVotes: Bool { totals.votesAll == 0 }
}
