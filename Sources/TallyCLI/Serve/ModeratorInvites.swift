import Foundation
import TallyCore

/// The moderators invited to a copy's page (`tally serve invite NAME`), each with a personal link.
///
/// Kept beside the database, in `<database>.moderators.json`, not in it: a pull replaces the
/// database file, a copy of it may be handed to someone, and D1 never needs them. Only the SHA-256
/// digest of each link's token is stored (tokens are 256 random bits, so a plain digest cannot be
/// searched back), and the file is read on every request, so a revoked link stops at once.
struct ModeratorInvites: Sendable {
    struct Invite: Codable, Equatable {
        let name: String
        /// SHA-256 of the link's token, hex.
        let digest: String
        /// When the link was made, UTC `YYYY-MM-DD HH:MM:SS`.
        let invited: String
    }

    private struct Stored: Codable {
        var moderators: [Invite]
    }

    let file: String

    init(database: String) { file = database + ".moderators.json" }

    func invites() throws -> [Invite] {
        guard FileManager.default.fileExists(atPath: file) else { return [] }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw CommandFailure("cannot read the invited moderators in \(file): \(error.localizedDescription)")
        }
        do { return try JSONDecoder().decode(Stored.self, from: data).moderators } catch {
            throw CommandFailure(
                "\(file) is not tally's list of invited moderators (\(error)); move it away or delete it to start again"
            )
        }
    }

    /// A new personal link's token for `name`, replacing any earlier link of that name.
    func invite(_ name: Moderator, at time: String) throws -> String {
        let token = SiteGuard.secret()
        var list = try invites().filter { $0.name != name.name }
        list.append(Invite(name: name.name, digest: Self.digest(token), invited: time))
        try save(list)
        return token
    }

    /// Removes `name`'s link; false when there was none.
    func revoke(_ name: String) throws -> Bool {
        let list = try invites()
        guard list.contains(where: { $0.name == name }) else { return false }
        try save(list.filter { $0.name != name })
        return true
    }

    /// The invited name whose link carries `token`; nil for any other token.
    func moderator(token: String) -> Moderator? {
        let digest = Self.digest(token)
        guard let invites = try? invites(), let invite = invites.first(where: { SiteGuard.same($0.digest, digest) })
        else { return nil }
        return try? Moderator(invite.name)
    }

    static func digest(_ token: String) -> String { SHA256.hex(SHA256.hash(Array(token.utf8))) }

    private func save(_ list: [Invite]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(Stored(moderators: list)) + Data("\n".utf8), to: file)
    }
}
