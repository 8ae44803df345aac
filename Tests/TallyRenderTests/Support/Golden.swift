import Foundation
import Testing

/// Golden files: the expected output of a renderer, stored next to the tests in
/// `Golden/`. A run with `TALLY_RECORD_GOLDEN=1` writes the current output and
/// fails, so a re-record is always looked at and never passes by itself.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static func path(_ name: String) -> URL { folder.appendingPathComponent(name) }

    static var isRecording: Bool { ProcessInfo.processInfo.environment["TALLY_RECORD_GOLDEN"] == "1" }

    /// Compares `actual` with the golden file `name`, or records it (and fails) when asked to.
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = path(name)
        if isRecording {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record(
                "re-recorded Golden/\(name); review the change, then run again without TALLY_RECORD_GOLDEN",
                sourceLocation: sourceLocation)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing Golden/\(name); record it with TALLY_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if actual != expected {
            Issue.record(
                "output differs from Golden/\(name) \(firstDifference(expected, actual))", sourceLocation: sourceLocation)
        }
    }

    /// Where two texts first differ, by line, for a readable failure.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? String(a[index]) : "<end>"
            let right = index < b.count ? String(b[index]) : "<end>"
            if left != right { return "at line \(index + 1):\n  expected: \(left)\n  actual:   \(right)" }
        }
        return "(line endings or trailing bytes)"
    }
}
