import TallyCore

/// Every word a Markdown report shows, in one language. Sentences are functions
/// of already formatted pieces (numbers, escaped user text, times), so each
/// language orders them its own way. Counts are "sessions" in table columns and
/// "voters" in prose: a cleared cookie is a new session, and the tables say what
/// the data holds.
public struct ReportLabels: Sendable {
    /// Units of a duration.
    public struct Units: Sendable {
        /// `3 days`.
        public let days: @Sendable (Int) -> String
        /// `12 hours`.
        public let hours: @Sendable (Int) -> String
        /// `55 minutes`.
        public let minutes: @Sendable (Int) -> String
        /// `9 seconds`.
        public let seconds: @Sendable (Int) -> String
    }

    /// The document's title.
    public let title: String
    /// Counted voters and votes, then (when something is excluded) what was left out as test data.
    public let headline: @Sendable (_ voters: Int, _ votes: Int, _ allVoters: Int?, _ allVotes: Int?) -> String
    /// The headline when the database has no votes.
    public let noVotes: String
    /// The as-of line: the time and the zone times are shown in.
    public let asOf: @Sendable (_ time: String, _ zone: String) -> String
    /// The warning under 30 counted voters, one sentence after the headline: a direction, not a conclusion.
    public let smallSample: @Sendable (_ voters: Int) -> String
    /// What the 95% ranges mean, when the sample is not small.
    public let intervals: String

    /// The heading of a known section's ranking.
    public let sectionHeading: @Sendable (_ section: String) -> String
    /// The heading of a section the vote page does not know (escaped name).
    public let unknownSectionHeading: @Sendable (_ section: String) -> String
    /// Who is first (quoted names) and with how many voters; a tie when several.
    public let leaders: @Sendable (_ names: [String], _ voters: Int) -> String
    /// The top is the same when excluded sessions are counted.
    public let sameLeadersWithExcluded: String
    /// Who would be first when excluded sessions are counted.
    public let otherLeadersWithExcluded: @Sendable (_ names: [String], _ voters: Int) -> String
    /// A section nobody voted in.
    public let noVotesInSection: String
    /// Column: rank.
    public let rank: String
    /// Column: the option.
    public let option: String
    /// Column: distinct sessions.
    public let sessions: String
    /// Column: votes.
    public let votes: String
    /// Column: share of counted voters.
    public let share: String
    /// Column: the 95% range.
    public let range: String
    /// Column: how the option stands against the leader.
    public let againstLeader: String
    /// The standing's words.
    public let standing: @Sendable (ReportModel.Standing) -> String

    /// The heading of the exclusion ledger.
    public let exclusionsHeading: String
    /// The rule `--exclude-before` applied, with its time.
    public let cutoffRule: @Sendable (_ time: String) -> String
    /// How many sessions were excluded by name.
    public let namedRule: @Sendable (_ count: Int) -> String
    /// What was excluded in all, and that nothing was deleted.
    public let excludedTotals: @Sendable (_ sessions: Int, _ votes: Int) -> String
    /// When nothing is excluded.
    public let nothingExcluded: String
    /// When the ledger list was cut.
    public let listedFirst: @Sendable (_ listed: Int, _ total: Int) -> String
    /// Column: the session id.
    public let session: String
    /// Column: the session's first vote.
    public let firstVote: String
    /// Column: why it was excluded.
    public let reason: String
    /// Reason: first vote before the cutoff.
    public let reasonCutoff: String
    /// Reason: named with `--exclude-session`.
    public let reasonNamed: String
    /// A named session with no votes.
    public let reasonNotInData: String

    /// The heading of the activity section, with the zone whose days are counted.
    public let activityHeading: @Sendable (_ zone: String) -> String
    /// Item: the first counted vote.
    public let firstCountedVote: String
    /// Item: the last counted vote.
    public let lastCountedVote: String
    /// Item: the as-of time.
    public let asOfLabel: String
    /// Time since the last vote, and the local days after it without votes (first and last date).
    public let sinceLastVote: @Sendable (_ duration: String, _ quietDays: Int, _ from: String?, _ to: String?) -> String
    /// Item: the longest quiet gap.
    public let longestGap: String
    /// The gap's length and ends; `ongoing` when it runs up to the as-of time.
    public let gapText: @Sendable (_ duration: String, _ from: String, _ to: String, _ ongoing: Bool) -> String
    /// When no vote is counted.
    public let noCountedVotes: String
    /// Column: the local date.
    public let day: String
    /// When days without votes are left out (long spans).
    public let onlyDaysWithVotes: String
    /// Votes whose time cannot be read have no day.
    public let votesWithoutDay: @Sendable (_ votes: Int) -> String

    /// The heading of the votes-used section.
    public let usageHeading: String
    /// Column: votes used.
    public let votesUsed: String
    /// Column: sessions with 2 or more votes on one option.
    public let stackedColumn: String
    /// How many voters stacked votes, of how many.
    public let stackingSentence: @Sendable (_ stacking: Int, _ sessions: Int) -> String

    /// The heading of the notes section.
    public let suggestionsHeading: String
    /// Column: status.
    public let status: String
    /// Column: number of notes.
    public let notes: String
    /// Column: notes promoted to options.
    public let promotedColumn: String
    /// A known status's words; nil for others (shown as stored, escaped).
    public let statusName: @Sendable (String) -> String?
    /// When there are no notes.
    public let noNotes: String
    /// Approved notes, from how many sessions, and the most from one session.
    public let approvedSummary: @Sendable (_ notes: Int, _ sessions: Int, _ largestGroup: Int) -> String
    /// When no note is approved.
    public let noApproved: String
    /// When the database has only the vote page's tables: promotion links and moderation history are not available.
    public let moderationRecordUnavailable: String
    /// Column: the note.
    public let note: String
    /// Column: the option a note became.
    public let becameOption: String
    /// The heading of the promoted options.
    public let promotedHeading: String
    /// Column: when the option was created.
    public let votableSince: String
    /// When no promoted option has votes yet.
    public let promotedWithoutVotes: String
    /// A promoted note whose option does not exist.
    public let missingOption: String
    /// A note with no session recorded.
    public let noSession: String

    /// The heading of the anomalies section.
    public let anomaliesHeading: String
    /// No anomalies, and what was checked.
    public let anomaliesNone: @Sendable (_ checked: [String]) -> String
    /// That flagged rows still count.
    public let anomaliesIntro: String
    /// Column: kind.
    public let kind: String
    /// Column: count.
    public let count: String
    /// Column: the first examples.
    public let examples: String
    /// A kind of anomaly in words (with the vote budget).
    public let anomalyName: @Sendable (AnomalyKind, _ budget: Int) -> String
    /// An example vote: its id, session and option.
    public let exampleVote: @Sendable (_ id: Int64, _ session: String?, _ option: Int64?) -> String
    /// An example session and its number of votes.
    public let exampleSession: @Sendable (_ session: String, _ votes: Int) -> String
    /// An example option.
    public let exampleOption: @Sendable (_ id: Int64) -> String
    /// An example note.
    public let exampleNote: @Sendable (_ id: Int64) -> String

    /// The heading of the settings table.
    public let settingsHeading: String
    /// Column: setting.
    public let setting: String
    /// Column: value.
    public let value: String
    /// Setting: the time zone.
    public let zoneSetting: String
    /// Setting: `--exclude-before`.
    public let cutoffSetting: String
    /// Setting: `--exclude-session`.
    public let namedSetting: String
    /// Setting: `--as-of`.
    public let asOfSetting: String
    /// Setting: `--through`.
    public let throughSetting: String
    /// Setting: `--votes-per-session`.
    public let budgetSetting: String
    /// An empty setting.
    public let none: String
    /// `--through` not given.
    public let allVotes: String

    /// The heading of the data fingerprint.
    public let fingerprintHeading: String
    /// What the fingerprint is and how to check it.
    public let fingerprintIntro: String
    /// Column: the table.
    public let tableColumn: String
    /// Column: rows read.
    public let rowsColumn: String
    /// Column: the highest id.
    public let highestIDColumn: String
    /// Item: the latest stored time among the rows.
    public let latestTime: String
    /// Item: the SHA-256 (with the encoding's name).
    public let sha256Label: @Sendable (_ scheme: String) -> String
    /// In place of the hash, for a report rendered from D1's results: why there is none.
    public let sha256NotOnD1: String

    /// Units of durations.
    public let units: Units
    /// Between two sentences of one paragraph (a space in English, nothing in Chinese).
    public let sentenceGap: String
    /// After a label in a list item (": " or "：").
    public let colon: String
    /// How the language quotes user text in a sentence.
    public let quote: @Sendable (String) -> String
    /// How the language lists names: "A and B", "A, B and C".
    public let list: @Sendable ([String]) -> String
    /// The words of the reader-facing additions (brief report, HTML, charts).
    public let blog: BlogLabels
}
