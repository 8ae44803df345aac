/// Which data a report was made from: how many rows of each table it read, the
/// highest id in each, the latest stored time among them, and a SHA-256 over
/// those rows in a canonical byte encoding (docs/fingerprint.md). The same rows
/// always give the same fingerprint, whatever the machine, in a report or in any
/// week of `tally weekly`; changing, adding or removing one vote changes the hash.
///
/// The rows are the ones the report counts: votes and options up to `through`
/// (all when it is not set), notes written by then with their status at that time,
/// and the moderation log entries made by then.
///
/// Figures read from query results (`ReportFigures(queryResults:)`, the differential tests) have the
/// counts, ids and latest time of `queries/fingerprint.sql` but no hash: SQL, and so
/// D1, has no SHA-256 function, and a hash is never made up from anything else.
package struct DataFingerprint: Sendable, Equatable {
    /// The name and version of the encoding; part of the hashed bytes.
    package static let scheme = "tally.fingerprint/2"

    /// Where the fingerprint was computed, which decides whether it has a hash.
    package enum Source: String, Sendable, Equatable {
        /// tally read the rows from a database and hashed them.
        case database
        /// `queries/fingerprint.sql` counted the rows on D1 (or wherever the portable
        /// queries ran); the results carry counts, ids and the latest time, no hash.
        case d1
    }

    /// The rows read from one table.
    package struct Table: Sendable, Equatable {
        /// The table's name: `votes`, `survey_options`, `suggestions` or `moderation_log`.
        package let name: String
        /// How many of its rows the report read.
        package let rows: Int
        /// The highest id among them; nil when there are none.
        package let highestID: Int64?
    }

    /// The tables in a fixed order: votes, survey_options, suggestions, moderation_log.
    package let tables: [Table]
    /// The latest readable stored time among the rows; nil when none can be read.
    package let latest: Instant?
    /// Where it was computed.
    package let source: Source
    /// The SHA-256, lowercase hexadecimal; nil exactly when `source` is `.d1`.
    package let sha256: String?

    /// The fingerprint of rows tally read and hashed itself.
    package init(tables: [Table], latest: Instant?, sha256: String) {
        self.tables = tables
        self.latest = latest
        self.source = .database
        self.sha256 = sha256
    }

    /// The fingerprint as `queries/fingerprint.sql` gives it: counts, highest ids and the
    /// latest time, without a hash (see `Source.d1`).
    package init(countedOnD1 tables: [Table], latest: Instant?) {
        self.tables = tables
        self.latest = latest
        self.source = .d1
        self.sha256 = nil
    }

    /// The counts of one table, by name.
    package func table(_ name: String) -> Table? { tables.first { $0.name == name } }
}
