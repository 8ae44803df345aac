/// Which data a report was made from: how many rows of each table it read, the
/// highest id in each, the latest stored time among them, and a SHA-256 over
/// those rows in a canonical byte encoding (docs/fingerprint.md). The same rows
/// always give the same fingerprint, whatever the machine or the number of
/// partitions the votes were read in; changing, adding or removing one vote
/// changes the hash.
///
/// The rows are the ones the report counts: votes and options up to `through`
/// (all when it is not set), notes written by then with their status at that time,
/// and the moderation log entries made by then.
public struct DataFingerprint: Sendable, Equatable {
    /// The name and version of the encoding; part of the hashed bytes.
    public static let scheme = "tally.fingerprint/1"

    /// The rows read from one table.
    public struct Table: Sendable, Equatable {
        /// The table's name: `votes`, `survey_options`, `suggestions` or `moderation_log`.
        public let name: String
        /// How many of its rows the report read.
        public let rows: Int
        /// The highest id among them; nil when there are none.
        public let highestID: Int64?

        /// A table's counts.
        public init(name: String, rows: Int, highestID: Int64?) {
            self.name = name
            self.rows = rows
            self.highestID = highestID
        }
    }

    /// The tables in a fixed order: votes, survey_options, suggestions, moderation_log.
    public let tables: [Table]
    /// The latest readable stored time among the rows; nil when none can be read.
    public let latest: Instant?
    /// The SHA-256, lowercase hexadecimal.
    public let sha256: String

    /// A fingerprint from its parts.
    public init(tables: [Table], latest: Instant?, sha256: String) {
        self.tables = tables
        self.latest = latest
        self.sha256 = sha256
    }

    /// The counts of one table, by name.
    public func table(_ name: String) -> Table? { tables.first { $0.name == name } }
}
