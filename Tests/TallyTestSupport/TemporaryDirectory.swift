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

    /// Writes an executable script inside the folder and returns its path. Opened close-on-exec, so a process
    /// another test starts meanwhile never inherits it open for writing, which would make starting the script
    /// fail with "Text file busy".
    package func script(_ name: String, _ text: String) throws -> String {
        let path = self.path(name)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        return path
    }
}
