/// Where the local data came from: the last pull.
package struct SyncOrigin: Sendable, Equatable {
    /// When the pull happened (D1 text, UTC).
    package let pulledAt: String
    /// What was pulled: the export file, or `wrangler d1 export DB`.
    package let source: String
    /// SHA-256 of the export's bytes, hex: the same export gives the same value.
    package let sha256: String
    /// tally's migrations the export lacked (so D1 lacks them): a push would fail there.
    package let missingMigrations: [String]
    /// How far a pull through D1's query API copied each table it fetches by id (empty for an export).
    package let watermarks: [SyncWatermark]
    /// The D1 database the pull read (`pull --wrangler DB`), when it read one; nil for an export file
    /// or a copy pulled before tally kept it.
    package var database: String? = nil
}
