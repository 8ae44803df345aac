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
    /// Columns of the ranking: rank, the option, distinct sessions, votes, share of counted voters, the 95% range,
    /// how the option stands against the leader.
    package let rank, option, sessions, votes, share, range, againstLeader: String
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
    /// Columns of the ledger: the session id, the session's first vote, why it was excluded.
    package let session, firstVote, reason: String
    /// Reasons: first vote before the cutoff, named with `--exclude-session`, a named session with no votes.
    package let reasonCutoff, reasonNamed, reasonNotInData: String

    /// The heading of the activity section, with the zone whose days are counted.
    package let activityHeading: @Sendable (_ zone: String) -> String
    /// Items: the first counted vote, the last counted vote, the as-of time.
    package let firstCountedVote, lastCountedVote, asOfLabel: String
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
    /// Columns: votes used, sessions with 2 or more votes on one option.
    package let votesUsed, stackedColumn: String
    /// How many voters stacked votes, of how many.
    package let stackingSentence: @Sendable (_ stacking: Int, _ sessions: Int) -> String

    /// The heading of the notes section.
    package let suggestionsHeading: String
    /// Columns of the notes by status: status, number of notes, notes promoted to options.
    package let status, notes, promotedColumn: String
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
    /// Columns of the approved notes: the note, the option it became.
    package let note, becameOption: String
    /// The heading of the promoted options.
    package let promotedHeading: String
    /// Column: when the option was created.
    package let votableSince: String
    /// When no promoted option has votes yet.
    package let promotedWithoutVotes: String
    /// In place of a promoted note's option that does not exist, and of a note's session when none is recorded.
    package let missingOption, noSession: String

    /// The heading of the anomalies section.
    package let anomaliesHeading: String
    /// No anomalies, and what was checked (`--internal`).
    package let anomaliesNone: @Sendable (_ checked: [String]) -> String
    /// No anomalies, in one sentence under "How this was counted" (public pages).
    package let anomaliesNoneBrief: String
    /// That flagged rows still count.
    package let anomaliesIntro: String
    /// Columns: kind, count, the first examples.
    package let kind, count, examples: String
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
    /// Columns: setting, value.
    package let setting, value: String
    /// Settings: the time zone, `--exclude-before`, `--exclude-session`, `--as-of`, `--through`,
    /// `--votes-per-session`.
    package let zoneSetting, cutoffSetting, namedSetting, asOfSetting, throughSetting, budgetSetting: String
    /// The value of an empty setting, and of `--through` not given.
    package let none, allVotes: String

    /// The heading of the data fingerprint.
    package let fingerprintHeading: String
    /// What the fingerprint is and how to check it.
    package let fingerprintIntro: String
    /// Columns: the table, rows read, the highest id.
    package let tableColumn, rowsColumn, highestIDColumn: String
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
    /// A time zone as the language's readers name it (台灣時間, Taiwan time), else its identifier.
    package let zoneName: @Sendable (_ identifier: String) -> String
    /// How the language quotes user text in a sentence.
    package let quote: @Sendable (String) -> String
    /// How the language lists names: "A and B", "A, B and C".
    package let list: @Sendable ([String]) -> String
    /// The words of the reader-facing additions (brief report, HTML, charts).
    package let blog: BlogLabels
}
