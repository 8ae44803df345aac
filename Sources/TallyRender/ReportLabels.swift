import TallyCore

/// Every word a Markdown report shows, in one language. Sentences are functions
/// of already formatted pieces (numbers, escaped user text, times), so each
/// language orders them its own way. Counts are "sessions" in table columns and
/// "voters" in prose: a cleared cookie is a new session, and the tables say what
/// the data holds.
package struct ReportLabels: Sendable {
    /// Units of a duration.
    package struct Units: Sendable {
        /// `3 days`.
        package let days: @Sendable (Int) -> String
        /// `12 hours`.
        package let hours: @Sendable (Int) -> String
        /// `55 minutes`.
        package let minutes: @Sendable (Int) -> String
        /// `9 seconds`.
        package let seconds: @Sendable (Int) -> String
    }

    /// The document's title.
    package let title: String
    /// Counted voters and votes, then (when something is excluded) what was left out as test data.
    package let headline: @Sendable (_ voters: Int, _ votes: Int, _ allVoters: Int?, _ allVotes: Int?) -> String
    /// The headline when the database has no votes.
    package let noVotes: String
    /// The as-of line: the time and the zone times are shown in.
    package let asOf: @Sendable (_ time: String, _ zone: String) -> String
    /// The warning under 30 counted voters, one sentence after the headline: a direction, not a conclusion.
    package let smallSample: @Sendable (_ voters: Int) -> String
    /// What the 95% ranges mean, when the sample is not small.
    package let intervals: String

    /// The heading of a known section's ranking.
    package let sectionHeading: @Sendable (_ section: String) -> String
    /// The heading of a section the vote page does not know (escaped name).
    package let unknownSectionHeading: @Sendable (_ section: String) -> String
    /// Who is first (quoted names) and with how many voters; a tie when several.
    package let leaders: @Sendable (_ names: [String], _ voters: Int) -> String
    /// The top is the same when excluded sessions are counted.
    package let sameLeadersWithExcluded: String
    /// Who would be first when excluded sessions are counted.
    package let otherLeadersWithExcluded: @Sendable (_ names: [String], _ voters: Int) -> String
    /// A section nobody voted in.
    package let noVotesInSection: String
    /// Column: rank.
    package let rank: String
    /// Column: the option.
    package let option: String
    /// Column: distinct sessions.
    package let sessions: String
    /// Column: votes.
    package let votes: String
    /// Column: share of counted voters.
    package let share: String
    /// Column: the 95% range.
    package let range: String
    /// Column: how the option stands against the leader.
    package let againstLeader: String
    /// The standing's words.
    package let standing: @Sendable (ReportModel.Standing) -> String

    /// The heading of the exclusion ledger.
    package let exclusionsHeading: String
    /// The rule `--exclude-before` applied, with its time.
    package let cutoffRule: @Sendable (_ time: String) -> String
    /// How many sessions were excluded by name.
    package let namedRule: @Sendable (_ count: Int) -> String
    /// What was excluded in all, and that nothing was deleted.
    package let excludedTotals: @Sendable (_ sessions: Int, _ votes: Int) -> String
    /// When nothing is excluded.
    package let nothingExcluded: String
    /// When the ledger list was cut.
    package let listedFirst: @Sendable (_ listed: Int, _ total: Int) -> String
    /// Column: the session id.
    package let session: String
    /// Column: the session's first vote.
    package let firstVote: String
    /// Column: why it was excluded.
    package let reason: String
    /// Reason: first vote before the cutoff.
    package let reasonCutoff: String
    /// Reason: named with `--exclude-session`.
    package let reasonNamed: String
    /// A named session with no votes.
    package let reasonNotInData: String

    /// The heading of the activity section, with the zone whose days are counted.
    package let activityHeading: @Sendable (_ zone: String) -> String
    /// Item: the first counted vote.
    package let firstCountedVote: String
    /// Item: the last counted vote.
    package let lastCountedVote: String
    /// Item: the as-of time.
    package let asOfLabel: String
    /// Time since the last vote, and the local days after it without votes (first and last date).
    package let sinceLastVote:
        @Sendable (_ duration: String, _ quietDays: Int, _ from: String?, _ to: String?) -> String
    /// Item: the longest quiet gap.
    package let longestGap: String
    /// The gap's length and ends; `ongoing` when it runs up to the as-of time.
    package let gapText: @Sendable (_ duration: String, _ from: String, _ to: String, _ ongoing: Bool) -> String
    /// When no vote is counted.
    package let noCountedVotes: String
    /// Column: the local date.
    package let day: String
    /// When days without votes are left out (long spans).
    package let onlyDaysWithVotes: String
    /// Votes whose time cannot be read have no day.
    package let votesWithoutDay: @Sendable (_ votes: Int) -> String

    /// The heading of the votes-used section.
    package let usageHeading: String
    /// Column: votes used.
    package let votesUsed: String
    /// Column: sessions with 2 or more votes on one option.
    package let stackedColumn: String
    /// How many voters stacked votes, of how many.
    package let stackingSentence: @Sendable (_ stacking: Int, _ sessions: Int) -> String

    /// The heading of the notes section.
    package let suggestionsHeading: String
    /// Column: status.
    package let status: String
    /// Column: number of notes.
    package let notes: String
    /// Column: notes promoted to options.
    package let promotedColumn: String
    /// A known status's words; nil for others (shown as stored, escaped).
    package let statusName: @Sendable (String) -> String?
    /// When there are no notes.
    package let noNotes: String
    /// Approved notes, from how many sessions, and the most from one session.
    package let approvedSummary: @Sendable (_ notes: Int, _ sessions: Int, _ largestGroup: Int) -> String
    /// When no note is approved.
    package let noApproved: String
    /// When the database has only the vote page's tables: promotion links and moderation history are not available.
    package let moderationRecordUnavailable: String
    /// Column: the note.
    package let note: String
    /// Column: the option a note became.
    package let becameOption: String
    /// The heading of the promoted options.
    package let promotedHeading: String
    /// Column: when the option was created.
    package let votableSince: String
    /// When no promoted option has votes yet.
    package let promotedWithoutVotes: String
    /// A promoted note whose option does not exist.
    package let missingOption: String
    /// A note with no session recorded.
    package let noSession: String

    /// The heading of the anomalies section.
    package let anomaliesHeading: String
    /// No anomalies, and what was checked.
    package let anomaliesNone: @Sendable (_ checked: [String]) -> String
    /// That flagged rows still count.
    package let anomaliesIntro: String
    /// Column: kind.
    package let kind: String
    /// Column: count.
    package let count: String
    /// Column: the first examples.
    package let examples: String
    /// A kind of anomaly in words (with the vote budget).
    package let anomalyName: @Sendable (AnomalyKind, _ budget: Int) -> String
    /// An example vote: its id, session and option.
    package let exampleVote: @Sendable (_ id: Int64, _ session: String?, _ option: Int64?) -> String
    /// An example session and its number of votes.
    package let exampleSession: @Sendable (_ session: String, _ votes: Int) -> String
    /// An example option.
    package let exampleOption: @Sendable (_ id: Int64) -> String
    /// An example note.
    package let exampleNote: @Sendable (_ id: Int64) -> String

    /// The heading of the settings table.
    package let settingsHeading: String
    /// Column: setting.
    package let setting: String
    /// Column: value.
    package let value: String
    /// Setting: the time zone.
    package let zoneSetting: String
    /// Setting: `--exclude-before`.
    package let cutoffSetting: String
    /// Setting: `--exclude-session`.
    package let namedSetting: String
    /// Setting: `--as-of`.
    package let asOfSetting: String
    /// Setting: `--through`.
    package let throughSetting: String
    /// Setting: `--votes-per-session`.
    package let budgetSetting: String
    /// An empty setting.
    package let none: String
    /// `--through` not given.
    package let allVotes: String

    /// The heading of the data fingerprint.
    package let fingerprintHeading: String
    /// What the fingerprint is and how to check it.
    package let fingerprintIntro: String
    /// Column: the table.
    package let tableColumn: String
    /// Column: rows read.
    package let rowsColumn: String
    /// Column: the highest id.
    package let highestIDColumn: String
    /// Item: the latest stored time among the rows.
    package let latestTime: String
    /// Item: the SHA-256 (with the encoding's name).
    package let sha256Label: @Sendable (_ scheme: String) -> String
    /// In place of the hash, for a report rendered from D1's results: why there is none.
    package let sha256NotOnD1: String

    /// Units of durations.
    package let units: Units
    /// Between two sentences of one paragraph (a space in English, nothing in Chinese).
    package let sentenceGap: String
    /// After a label in a list item (": " or "：").
    package let colon: String
    /// How the language quotes user text in a sentence.
    package let quote: @Sendable (String) -> String
    /// How the language lists names: "A and B", "A, B and C".
    package let list: @Sendable ([String]) -> String
    /// The words of the reader-facing additions (brief report, HTML, charts).
    package let blog: BlogLabels
}
