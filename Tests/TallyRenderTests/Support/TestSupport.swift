// The shared test helpers (temporary folders, the sqlite3 shell, the tally binary, golden files).
@_exported import TallyTestSupport
import Testing

/// This target's golden files, in `Tests/TallyRenderTests/Golden/`.
enum Golden {
    static let files = GoldenFiles(besideSupportFile: #filePath)

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        files.check(actual, name, sourceLocation: sourceLocation)
    }
}
