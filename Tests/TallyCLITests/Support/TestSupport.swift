@_exported import TallyTestSupport
// The shared test helpers (temporary folders, the sqlite3 shell, the tally binary, golden files).
import Testing

/// This target's golden files, in `Tests/TallyCLITests/Golden/`.
enum GoldenFile {
    static let files = GoldenFiles(besideSupportFile: #filePath)

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        files.check(actual, name, sourceLocation: sourceLocation)
    }
}
