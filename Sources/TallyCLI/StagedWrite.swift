import Foundation
import TallyCore
import TallyRender

/// A run's many files written as one (weekly's pages; report's pages and charts; share cards; `sql --all`), so
/// every file is new or every file as it was. Folders whose files tally records (`PageRecord`) are locked
/// (`FolderLock`) and their records read here, and `check` refuses a file a record does not vouch for; each file
/// is staged beside its place (on disk: a run of 104 weeks holds one page in memory), Ctrl-C or SIGTERM stopping
/// between two; `commit` puts all in place. Dropped before `commit`, it removes every temporary.
final class StagedWrite {
    /// A file about to be written into a recorded folder, as `check` sees it. `content` is rendered only for a
    /// file the record does not vouch for.
    struct Planned {
        let name: String
        let language: ReportLanguage?
        var folder = 0
        let content: () throws -> Data
    }

    private let folders: [String]
    private let locks: [FolderLock]
    private var records: [PageRecord]
    private let listings: [AtomicFile.Listing]
    private var temporaries: [AtomicFile.Staged] = []
    private var streams: [AtomicFile.Staged] = []
    private var renamed = 0
    private var stop: StopSignal?
    /// How many files of the recorded folders were given to `stage`, staged or left unchanged.
    private(set) var count = 0
    /// The names of the recorded folders' files staged (not those left unchanged), in order.
    private(set) var written: [String] = []

    /// Locks each of `folders` (creating it) and reads its record; `option` names the folders in the message
    /// when another run holds one.
    init(recording folders: [String] = [], option: String = "--reports") throws {
        self.folders = folders
        locks = try folders.map { try FolderLock($0, option: option) }
        records = try folders.map { try PageRecord.read(in: $0) }
        listings = folders.map { AtomicFile.Listing($0) }
    }

    deinit {
        for file in temporaries[renamed...] { file.discard() }
        stop?.uninstall()
    }

    /// Refuses, before anything is written, to replace a file of a recorded folder that is not this run's own
    /// (`PageRecord.conflict`); `refusal` words it from the folder and its conflicts.
    func check(_ planned: [Planned], refusal: (_ folder: String, _ conflicts: [PageRecord.Conflict]) -> Error) throws {
        for (index, folder) in folders.enumerated() {
            let conflicts = try planned.filter { $0.folder == index }.compactMap { file in
                try records[index].conflict(file.name, in: folder, language: file.language, content: file.content)
            }
            if !conflicts.isEmpty { throw refusal(folder, conflicts) }
        }
    }

    /// Stages `data` as `name` in the recorded folder `folder` and notes it in that folder's record; with
    /// `ifChanged`, a file that already holds these bytes is left alone (its modification time stays).
    func stage(
        _ data: Data, as name: String, in folder: Int = 0, language: ReportLanguage?, ifChanged: Bool = false
    ) throws {
        listen()
        let path = URL(fileURLWithPath: folders[folder]).appendingPathComponent(name).path
        let listed = listings[folder]
        let file =
            ifChanged
            ? try AtomicFile.stageIfChanged(data, to: path, listed: listed)
            : try AtomicFile.stage(data, to: AtomicFile.target(path), named: path, listed: listed)
        records[folder].note(name, data, language: language)
        count += 1
        if file != nil { written.append(name) }
        try add(file)
    }

    /// Stages `data` for `path`, a file no record keeps (a report's page, a share image), checked as
    /// `AtomicFile.write` checks it.
    func stage(_ data: Data, to path: String) throws {
        listen()
        try add(try AtomicFile.stage(data, to: AtomicFile.target(path), named: path))
    }

    /// Puts every staged file in place and rewrites the records. Renames come first, in the order staged (weekly's
    /// pages before their index), then the records, with the signals still held, so a folder is never half of one
    /// run; bytes for a FIFO or a device go last, when Ctrl-C again stops a write that waits for a reader.
    func commit() throws {
        try stopIfSignalled()
        for file in temporaries {
            try file.commit()
            renamed += 1
        }
        for (folder, record) in zip(folders, records) { try record.write(in: folder) }
        stop?.uninstall()
        stop = nil
        for file in streams { try file.commit() }
        for lock in locks { lock.release() }
    }

    /// Catches Ctrl-C and SIGTERM from the first file staged.
    private func listen() {
        if stop == nil { stop = StopSignal.install() }
    }

    private func add(_ file: AtomicFile.Staged?) throws {
        if let file {
            if file.isStream { streams.append(file) } else { temporaries.append(file) }
        }
        try stopIfSignalled()
    }

    private func stopIfSignalled() throws {
        if let signal = stop?.signal {
            throw CommandFailure("interrupted (\(StopSignal.name(signal))); no page was written")
        }
    }
}
