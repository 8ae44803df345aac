import Foundation
import TallyCore
import TallyRender

/// `.tally-pages.json` in a reports or charts folder: every file `tally weekly` or `report --charts` wrote there, with the
/// language of its words and the SHA-256 of the bytes written. It is how a run knows, before it
/// writes anything, whether a file it is about to replace is its own page in the same language.
///
/// A page never vouches for itself: what a file says (its title, a comment, its name) is never
/// read as a claim. Only the record does, and only for the exact bytes it hashed, so a page
/// changed since (by hand, by another tool, by a run of an earlier tally that kept no record)
/// is not tally's page any more and is left alone unless `--overwrite` is given.
///
/// ```json
/// {"schema": "tally.pages/1", "files": {"week-01.md": {"lang": "en", "sha256": "…"},
///  "week-01.json": {"lang": null, "sha256": "…"}}}
/// ```
struct PageRecord: Equatable {
    /// The record's file name inside the reports folder (hidden: it is not a page).
    static let name = ".tally-pages.json"
    /// The schema written and read.
    static let schema = "tally.pages/1"
    /// The largest record read: about 100 bytes a file, so room for far more files than `WeeklyLimits` allows.
    static let sizeLimit = 16 * 1_024 * 1_024

    /// What tally wrote under one name.
    struct Entry: Equatable {
        /// The language of its words; nil for a file that holds none (the weekly JSON).
        var language: ReportLanguage?
        /// The SHA-256 of the bytes written, lowercase hex.
        var sha256: String
    }

    /// The files tally wrote, by name.
    var files: [String: Entry] = [:]

    /// A file a run would replace without being sure it is its own.
    struct Conflict: Equatable {
        /// The file's name inside the folder.
        var name: String
        /// The language the record says it is in, when it is tally's page in another language; nil
        /// when tally did not write it (or it changed since).
        var writtenIn: ReportLanguage?
        /// Where the symbolic link at the name points, when it is one (never vouched for).
        var linkTo: String? = nil

        /// `week-01.md (tally's zh-TW page)`, `week-01.md (not written by tally, or changed since)`,
        /// `daily.svg (a symbolic link to ../notes.txt)`.
        var description: String {
            let name = NoteText.oneLine(self.name)
            if let writtenIn { return "\(name) (tally's \(writtenIn.rawValue) page)" }
            if let linkTo { return "\(name) (a symbolic link to \(NoteText.oneLine(linkTo)))" }
            return "\(name) (not written by tally, or changed since)"
        }

        /// The first five described, and how many more: `a, b, c, d, e, and 3 more`.
        static func list(_ conflicts: [Conflict]) -> String {
            let shown = conflicts.prefix(5).map(\.description).joined(separator: ", ")
            return conflicts.count > 5 ? "\(shown), and \(conflicts.count - 5) more" : shown
        }
    }

    /// The path of the record in `folder`.
    static func path(in folder: String) -> String {
        URL(fileURLWithPath: folder).appendingPathComponent(name).path
    }

    /// The record of `folder`: empty when there is none (a new folder, or one an earlier tally wrote).
    /// Anything but a regular file at its name (a link, a folder, a FIFO) is refused rather than
    /// followed: a planted link must not make tally write its JSON over another file.
    static func read(in folder: String) throws -> PageRecord {
        let path = path(in: folder)
        var info = stat()
        guard lstat(path, &info) == 0 else { return PageRecord() }
        guard FileKind(mode: info.st_mode) == .regularFile else {
            throw CommandFailure(
                "\(path) is not a regular file; tally keeps its record of the pages it wrote there. Remove it and "
                    + "run again (then files tally cannot vouch for need --overwrite)")
        }
        func broken(_ why: String) -> CommandFailure {
            CommandFailure(
                "\(path), tally's record of the pages it wrote in this folder, \(why); nothing was written. Remove "
                    + "it and run again (then files tally cannot vouch for need --overwrite)")
        }
        let data: Data
        do {
            data = try BoundedRead.contents(of: path, limit: sizeLimit)
        } catch {
            throw broken("cannot be read (\(error))")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["schema"] as? String == schema, let files = object["files"] as? [String: Any]
        else { throw broken("is not a \(schema) record") }
        var record = PageRecord()
        for (name, value) in files {
            guard let entry = value as? [String: Any], let sha = entry["sha256"] as? String, sha.count == 64,
                entry["lang"] is NSNull || entry["lang"] is String
            else {
                throw broken("has an entry for \(NoteText.oneLine(name)) that is not a name, a language and a hash")
            }
            var language: ReportLanguage?
            if let text = entry["lang"] as? String {
                guard let known = ReportLanguage(rawValue: text) else {
                    throw broken("names the language '\(NoteText.oneLine(text))', which tally does not write")
                }
                language = known
            }
            record.files[name] = Entry(language: language, sha256: sha)
        }
        return record
    }

    /// The record as JSON, names sorted (the same files give the same bytes).
    var json: String {
        let entries = files.keys.sorted().map { name -> (String, JSONValue) in
            let entry = files[name]!
            return (name, .object([("lang", .text(entry.language?.rawValue)), ("sha256", .string(entry.sha256))]))
        }
        return JSONValue.object([("schema", .string(Self.schema)), ("files", .object(entries))]).serialized()
    }

    /// Writes the record into `folder` (atomically; refused when something else sits at its name).
    func write(in folder: String) throws {
        let path = Self.path(in: folder)
        var info = stat()
        if lstat(path, &info) == 0, FileKind(mode: info.st_mode) != .regularFile {
            throw CommandFailure("\(path) is not a regular file; remove it so tally can record the pages it wrote")
        }
        _ = try AtomicFile.writeIfChanged(Data(json.utf8), to: path)
    }

    /// Notes that `name` now holds `data`, in `language`.
    mutating func note(_ name: String, _ data: Data, language: ReportLanguage?) {
        files[name] = Entry(language: language, sha256: SHA256.hex(SHA256.hash(data)))
    }

    /// Whether the file `name` in `folder` may be replaced by a file in `language`: absent, or tally's
    /// own in the same language with the very bytes recorded, or already holding `content` (then it is
    /// not written at all). Anything else is a conflict. `content` is rendered only for a file the
    /// record does not vouch for.
    func conflict(
        _ name: String, in folder: String, language: ReportLanguage?, content: () throws -> Data
    ) throws -> Conflict? {
        let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        // Only a regular file (not a link to one) is read and vouched for; a FIFO or device is AtomicFile's
        // to write through or refuse, as anywhere else.
        let kind = FileKind(mode: info.st_mode)
        if kind == .fifo || kind == .characterDevice || kind == .blockDevice || kind == .directory { return nil }
        let existing = kind == .regularFile ? FileManager.default.contents(atPath: path) : nil
        if let existing, let entry = files[name], entry.sha256 == SHA256.hex(SHA256.hash(existing)) {
            if entry.language == language || entry.language == nil || language == nil { return nil }
            return Conflict(name: name, writtenIn: entry.language)
        }
        if let existing, existing == (try content()) { return nil }
        let link = kind == .symbolicLink ? try? FileManager.default.destinationOfSymbolicLink(atPath: path) : nil
        return Conflict(name: name, writtenIn: nil, linkTo: link)
    }
}
