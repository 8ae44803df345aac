import Foundation

/// A fresh folder for one test, removed when the value is released.
public final class TemporaryDirectory {
    /// The folder.
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
