import Foundation

extension AtomicFile {
    /// Writes `text` to `path` (atomically) only when the file does not already hold exactly
    /// these bytes; returns whether it wrote. An unchanged file keeps its modification time,
    /// so tools that watch the folder (a static site generator, `git status`) see only what changed.
    public static func writeIfChanged(_ text: String, to path: String) throws -> Bool {
        try writeIfChanged(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path` (atomically) only when the file does not already hold exactly these bytes.
    public static func writeIfChanged(_ data: Data, to path: String) throws -> Bool {
        if let existing = FileManager.default.contents(atPath: path), existing == data { return false }
        try write(data, to: path)
        return true
    }
}
