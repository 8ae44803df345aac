/// Kinds of odd data the report flags. Flagged rows are never dropped: they
/// stay in every count unless the user excludes their sessions.
package enum AnomalyKind: String, Sendable, Equatable, CaseIterable, Comparable {
    /// A session cast more votes than the budget (`--votes-per-session`).
    case overBudget = "over_budget"
    /// A vote for an option id that `survey_options` does not have.
    case unknownOption = "unknown_option"
    /// A vote cast before its option was created.
    case voteBeforeOption = "vote_before_option"
    /// A vote dated after the as-of time (a clock that was wrong, or data written by hand).
    case futureVote = "future_vote"
    /// A vote whose `created_at` is not a timestamp tally reads (or not text at all: a BLOB,
    /// an integer or a real, shown as `typeof:HEX`).
    case unreadableVoteTime = "unreadable_vote_time"
    /// A vote whose `created_at` is readable but not in D1's `YYYY-MM-DD HH:MM:SS` form
    /// (e.g. JavaScript's ISO text); it was normalised before comparing.
    case nonD1VoteTime = "non_d1_vote_time"
    /// A vote whose `session_id` is not plain text (a BLOB, a number, NULL, or text holding a NUL):
    /// counted as its own session like any other, but D1's vote page never writes one.
    case nonTextSessionID = "non_text_session_id"
    /// An option whose `created_at` is not a timestamp tally reads.
    case unreadableOptionTime = "unreadable_option_time"
    /// An option whose section is neither `original` nor `community` (ranked in its own section).
    case unknownSection = "unknown_section"
    /// A note whose status is neither `pending`, `approved` nor `rejected`.
    case unknownStatus = "unknown_status"

    /// Alphabetical by code, the order `queries/anomalies.sql` returns them in.
    package static func < (lhs: AnomalyKind, rhs: AnomalyKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
