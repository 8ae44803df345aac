import Foundation

/// A fresh folder for one test, removed when the value is released.
package final class TemporaryDirectory {
    /// The folder.
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the folder.
    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
