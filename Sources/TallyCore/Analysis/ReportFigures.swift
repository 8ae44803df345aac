/// The raw figures of a report, one property per file of `queries/`: exactly
/// what those queries return, read into values. The analysis computes them in
/// one pass over the database; `ReportFigures(queryResults:)` reads them from
/// the portable queries' output (the `sqlite3` shell, or `wrangler d1 execute
/// --json`). `ReportModel` derives everything else (ranks, shares, intervals,
/// leaders) from these, so both routes give the same report.
package struct ReportFigures: Sendable, Equatable {
    /// One option and its counts (`queries/tally.sql`, one row).
    package struct Option: Sendable, Equatable {
        /// The option's id in `survey_options`.
        package var id: Int64
        /// The option's text as stored.
        package var content: String
        /// The option's section as stored.
        package var section: String
        /// When the option was created; nil when its stored time cannot be read.
        package var createdAt: Instant?
        /// Distinct counted sessions that voted for it.
        package var voters: Int
        /// Counted votes for it.
        package var votes: Int
        /// Distinct sessions including excluded ones.
        package var votersAll: Int
        /// Votes including excluded sessions.
        package var votesAll: Int
    }

    /// Sessions and votes with and without exclusions (`queries/totals.sql`).
    package struct Totals: Sendable, Equatable {
        /// Every session (within `through`).
        package var votersAll: Int
        /// Every vote (within `through`).
        package var votesAll: Int
        /// Counted sessions.
        package var voters: Int
        /// Votes of counted sessions.
        package var votes: Int
        /// The first readable vote time of all sessions.
        package var firstVoteAll: Instant?
        /// The last readable vote time of all sessions.
        package var lastVoteAll: Instant?
        /// Sessions excluded (by rule or by name) that are in the data.
        package var votersExcluded: Int { votersAll - voters }
        /// Votes of excluded sessions.
        package var votesExcluded: Int { votesAll - votes }
    }

    /// One line of the exclusion ledger (`queries/excluded.sql`, one row).
    package struct ExcludedSession: Sendable, Equatable {
        /// The full session id.
        package var session: String
        /// Its first readable vote; nil when none can be read or the session is not in the data.
        package var firstVote: Instant?
        /// Its votes; 0 for a named session that is not in the data.
        package var votes: Int
        /// Excluded because its first vote is before the cutoff.
        package var beforeCutoff: Bool
        /// Excluded because it was named (`--exclude-session`).
        package var named: Bool
    }

    /// The exclusion ledger: listed sessions (earliest first vote first) and how many there are in all.
    package struct Exclusions: Sendable, Equatable {
        /// Ledger lines, earliest first vote first (at most `maxListed`).
        package var listed: [ExcludedSession]
        /// Ledger lines in all; more than `listed.count` when the list was cut at `maxListed`.
        package var total: Int
    }

    /// Counted votes and voters of one local day (`queries/activity.sql`, one row).
    package struct Day: Sendable, Equatable {
        /// The local calendar date (time fields are zero).
        package var date: CivilDateTime
        /// Counted votes cast that day.
        package var votes: Int
        /// Distinct counted sessions that voted that day.
        package var voters: Int
    }

    /// The longest stretch without counted votes, to the second.
    package struct Gap: Sendable, Equatable {
        /// The vote before the gap (whole seconds).
        package var start: Instant
        /// The vote after the gap, or the as-of time when the gap is still going on (whole seconds).
        package var end: Instant

        /// Its length in whole seconds.
        package var seconds: Int64 { end.seconds - start.seconds }
    }

    /// First and last counted vote and the longest quiet gap (`queries/timeline.sql`).
    package struct Timeline: Sendable, Equatable {
        /// The first counted vote (readable times only).
        package var firstVote: Instant?
        /// The last counted vote (readable times only).
        package var lastVote: Instant?
        /// The longest quiet gap, counting the as-of time as its last point; nil without counted votes.
        package var longestGap: Gap?
    }

    /// Counted sessions that used a number of votes (`queries/concentration.sql`, one row).
    package struct Usage: Sendable, Equatable {
        /// Votes the sessions cast.
        package var votesUsed: Int
        /// Counted sessions that cast that many.
        package var sessions: Int
        /// Of those, sessions that put 2 or more votes on one option.
        package var stackingSessions: Int
    }

    /// Notes with one status (`queries/suggestions.sql`, one row).
    package struct StatusCount: Sendable, Equatable {
        /// The status as stored.
        package var status: String
        /// Notes with that status.
        package var notes: Int
        /// Of those, notes promoted to an option.
        package var promoted: Int
        /// Distinct sessions that wrote them.
        package var sessions: Int
    }

    /// One approved note (`queries/approved.sql`, one row).
    package struct ApprovedNote: Sendable, Equatable {
        /// The note's id in `suggestions`.
        package var id: Int64
        /// The session that wrote it; nil when none was recorded.
        package var session: String?
        /// The note's text as stored.
        package var content: String
        /// When the note was written; nil when unreadable.
        package var createdAt: Instant?
        /// The option it became, if promoted.
        package var promotedOptionID: Int64?
        /// Approved notes written by the same session (this one included).
        package var sessionNotes: Int
        /// This copy's decision D1 holds on the note, when a pull found the note changed on D1 after it
        /// (`SyncLedger.changedAfterDecision`): `content` is D1's text now, not the one decided on.
        package var changedAfterDecision: ChangedAfterDecision? = nil
    }

    /// A decision D1 holds that was made on another text than the note has now.
    package struct ChangedAfterDecision: Sendable, Equatable {
        /// approve, promote, …
        package var action: String
        package var moderator: String
        /// The note's text when it was decided on.
        package var decidedContent: String
    }

    /// One flagged row (or session, for `overBudget`).
    package struct AnomalyExample: Sendable, Equatable {
        /// The table the row is in: `votes`, `survey_options` or `suggestions`.
        package var table: String
        /// The row's id; nil for a session-level finding.
        package var rowID: Int64?
        /// The session involved, if any.
        package var session: String?
        /// The option involved, if any.
        package var optionID: Int64?
        /// The stored text that is odd (a time, a section, a status).
        package var text: String?
        /// The vote's time, when readable.
        package var at: Instant?
        /// The session's number of votes (`overBudget`).
        package var count: Int?
    }

    /// One kind of anomaly: how many and the first examples (`queries/anomalies.sql`, rows of one kind).
    package struct Anomaly: Sendable, Equatable {
        /// Which kind.
        package var kind: AnomalyKind
        /// How many there are in all.
        package var total: Int
        /// The first examples (at most `maxExamples`).
        package var examples: [AnomalyExample]
    }

    /// `tally.sql`: every option (created by `through`), known sections first, then by voters, votes, id.
    package var options: [Option]
    /// `totals.sql`.
    package var totals: Totals
    /// `excluded.sql`.
    package var exclusions: Exclusions
    /// `activity.sql`: days with counted votes, in order.
    package var days: [Day]
    /// `timeline.sql`.
    package var timeline: Timeline
    /// `concentration.sql`: by votes used, ascending.
    package var usage: [Usage]
    /// `suggestions.sql`.
    package var statuses: [StatusCount]
    /// `approved.sql`.
    package var approved: [ApprovedNote]
    /// `anomalies.sql`: kinds found, in code order.
    package var anomalies: [Anomaly]
    /// Which rows the figures come from (`fingerprint.sql` gives its counts): from a database
    /// with the SHA-256 over the rows, from query results without it (the rows themselves were
    /// not read, so there is nothing to hash); nil only for figures put together by hand.
    package var fingerprint: DataFingerprint?
    /// The sets of options counted sessions chose, with how many sessions chose each (`queries/choices.sql`,
    /// in canonical order); nil only for figures put together without them.
    package var choices: [ChoicePattern]?
    /// False when the database has only the vote page's tables (a copy of production, wrangler's
    /// local database): without tally's columns, promotion links and moderation history are not
    /// available, and the notes figures show none. Results from D1 ran the queries, which need them.
    package var moderationRecord = true
}
