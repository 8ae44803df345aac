import Foundation
import Testing

/// Expected output kept next to the tests, in a test target's `Golden/` folder.
///
/// Run with `TALLY_RECORD_GOLDEN=1` to write the current output as the new
/// expectation; such a run always fails, so a changed expectation is only ever
/// accepted by a person reading the diff and running the tests again.
package struct GoldenFiles: Sendable {
    /// The folder holding the expected files.
    package let folder: URL

    /// Golden files of the test target whose source file is `filePath`
    /// (pass `#filePath` from a file directly inside the target's `Support/`).
    package init(besideSupportFile filePath: String) {
        folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden")
    }

    /// Golden files in `folder` (e.g. checked-in generated documents under `docs/`).
    package init(folder: URL) {
        self.folder = folder
    }

    /// True when the run was asked to re-record.
    package static var recording: Bool { ProcessInfo.processInfo.environment["TALLY_RECORD_GOLDEN"] == "1" }

    /// The expected text of a golden file.
    package func expected(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
    }

    /// Compares `actual` with the golden file `name`, or records it (and fails) when asked to.
    package func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name)
        if Self.recording {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
                Issue.record(
                    "re-recorded Golden/\(name); review the diff, then run the tests again without TALLY_RECORD_GOLDEN",
                    sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot record Golden/\(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record(
                "missing Golden/\(name); record it with TALLY_RECORD_GOLDEN=1 swift test --filter <test>",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let common = min(expectedLines.count, actualLines.count)
        let line = (0..<common).first { expectedLines[$0] != actualLines[$0] } ?? common
        func show(_ lines: [Substring]) -> String {
            line < lines.count ? String(lines[line].prefix(300)).debugDescription : "(end of text)"
        }
        let message =
            "output differs from Golden/\(name) at line \(line + 1):\n  expected: \(show(expectedLines))\n"
            + "  actual:   \(show(actualLines))"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
