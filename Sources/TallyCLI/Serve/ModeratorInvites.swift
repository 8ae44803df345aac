import Foundation
import TallyCore

/// The moderators invited to a copy's page (`tally serve invite NAME`), each with a personal link.
///
/// Kept beside the database, in `<database>.moderators.json`, not in it: a pull replaces the
/// database file, a copy of it may be handed to someone, and D1 never needs them. Each link's token is
/// kept with its SHA-256 digest, which is what serve compares (in constant time), so `invite NAME --show`
/// can print a link again; the file is readable by its owner only (mode 0600). It is read on every
/// request, so a revoked link stops at once.
///
/// Every change (invite, revoke) reads, changes and replaces the file under one lock,
/// `<database>.moderators.json.lock` (`flock(2)`, released by the kernel however the process ends),
/// waited on for at most `lockTimeout`: two changes at once would each write the list as it was
/// before the other, and one of them would be lost (a revoke that said "Revoked" with the link still
/// working). Readers need no lock: the file is replaced whole, by a rename.
struct ModeratorInvites: Sendable {
    struct Invite: Codable, Equatable {
        let name: String
        /// SHA-256 of the link's token, hex.
        let digest: String
        /// When the link was made, UTC `YYYY-MM-DD HH:MM:SS`.
        let invited: String
        /// The link's token, so `invite NAME --show` can show the link again (the file is readable by its
        /// owner only); nil for a link made by an older tally, which kept the digest alone.
        let token: String?
    }

    private struct Stored: Codable {
        var moderators: [Invite]
    }

    let file: String
    /// How long a change waits for another change's lock before giving up (nothing changed).
    let lockTimeout: Double

    init(database: String, lockTimeout: Double = 30) {
        file = database + ".moderators.json"
        self.lockTimeout = lockTimeout
    }

    /// The invited moderators; empty when the file does not exist. A file tally cannot use (a folder, a
    /// FIFO, unreadable, not its JSON) is a failure that says what it is and what to do.
    func invites() throws -> [Invite] {
        let target: FileTarget
        do { target = try FileTarget.resolve(file) } catch {
            switch error {
            case .notAFile(_, let kind): throw Self.notAFile(file, kind)
            default: throw CommandFailure("cannot use the invited moderators' list: \(error); \(Self.startAgain)")
            }
        }
        switch target {
        case .absent: return []
        case .stream(_, let kind): throw Self.notAFile(file, kind)
        case .regularFile: break
        }
        guard access(file, R_OK) == 0, let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure(
                "cannot read the invited moderators' list \(file) (\(String(cString: strerror(errno)))); check its "
                    + "permissions, or \(Self.startAgain)")
        }
        guard (try? JSONSerialization.jsonObject(with: data)) != nil else {
            throw CommandFailure(
                "the invited moderators' list \(file) is not valid JSON (\(data.count) bytes); \(Self.startAgain)")
        }
        do { return try JSONDecoder().decode(Stored.self, from: data).moderators } catch {
            throw CommandFailure(
                "the invited moderators' list \(file) is JSON but not tally's list (expected "
                    + "{\"moderators\": [{\"name\", \"digest\", \"invited\"}, …]}); \(Self.startAgain)")
        }
    }

    static func notAFile(_ file: String, _ kind: FileKind) -> CommandFailure {
        CommandFailure("the invited moderators' list \(file) is \(kind.rawValue), not a file; \(startAgain)")
    }

    /// What to do with a list tally cannot use.
    static let startAgain =
        "move it away or delete it to start again (every personal link then stops until invited again)"

    /// What `invite` did.
    enum Invited: Equatable {
        /// A new link, with this token.
        case made(String)
        /// Nothing was changed: `name` already has a link, made then (and `replace` was not given).
        case exists(Invite)
    }

    /// A new personal link's token for `name`; an existing link of that name is replaced only with `replace`.
    func invite(_ name: Moderator, at time: String, replace: Bool) throws -> Invited {
        try changing { list in
            if !replace, let existing = list.first(where: { $0.name == name.name }) { return .exists(existing) }
            let token = SiteGuard.secret()
            list.removeAll { $0.name == name.name }
            list.append(Invite(name: name.name, digest: Self.digest(token), invited: time, token: token))
            return .made(token)
        }
    }

    /// `name`'s link as it was made, or nil when there is none.
    func invite(of name: Moderator) throws -> Invite? { try invites().first { $0.name == name.name } }

    /// Removes `name`'s link; false when there was none (nothing written).
    func revoke(_ name: Moderator) throws -> Bool {
        try changing { list in
            guard list.contains(where: { $0.name == name.name }) else { return false }
            list.removeAll { $0.name == name.name }
            return true
        }
    }

    /// The invited name whose link carries `token`; nil for any other token. Throws when the list
    /// cannot be read (serve logs why it refuses every personal link).
    func moderator(token: String) throws -> Moderator? {
        let digest = Self.digest(token)
        guard let invite = try invites().first(where: { SiteGuard.same($0.digest, digest) }) else { return nil }
        return try? Moderator(invite.name)
    }

    static func digest(_ token: String) -> String { SHA256.hex(SHA256.hash(Array(token.utf8))) }

    /// Runs `change` on the list under the lock and writes the list back when it changed.
    private func changing<T>(_ change: (inout [Invite]) throws -> T) throws -> T {
        let lock = try InvitesLock(file + ".lock", timeout: lockTimeout, list: file)
        defer { lock.release() }
        let before = try invites()
        var list = before
        let result = try change(&list)
        if list != before { try save(list) }
        return result
    }

    private func save(_ list: [Invite]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // It holds the links' tokens: readable by its owner only, from its first byte (a replaced file keeps
        // its permission bits, so a new one is made empty with them first).
        let made = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if made >= 0 { close(made) }
        try AtomicFile.write(try encoder.encode(Stored(moderators: list)) + Data("\n".utf8), to: file)
        guard chmod(file, 0o600) == 0 else {
            throw CommandFailure(
                "wrote \(file) but could not make it readable by its owner only: \(String(cString: strerror(errno)))")
        }
    }
}

/// The lock every change of the invited moderators' list holds: `flock(2)` on a file of its own beside the
/// list (the list itself is replaced by a rename, so a lock on it would lock the old file), waited on
/// for at most `timeout` seconds.
private final class InvitesLock {
    private var fd: Int32

    init(_ path: String, timeout: Double, list: String) throws {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw CommandFailure(
                "cannot open the lock \(path) of the invited moderators' list: \(String(cString: strerror(errno))); "
                    + "nothing was changed")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(fd)
                throw CommandFailure(
                    "cannot lock \(path) (the invited moderators' list's lock): \(String(cString: strerror(code))); "
                        + "nothing was changed")
            }
            guard Date() < deadline else {
                close(fd)
                throw CommandFailure(
                    "another tally has been changing the invited moderators in \(list) for over \(Int(timeout)) s "
                        + "(it holds \(path)); nothing was changed. Try again when it is done")
            }
            usleep(2_000)
        }
    }

    func release() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }

    deinit { release() }
}
