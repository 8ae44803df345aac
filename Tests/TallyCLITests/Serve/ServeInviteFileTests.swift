import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// The invited moderators' list (`DB.moderators.json`) under `serve invite` and `serve revoke` (issue 44 items 7
/// and 8): changed under a lock, so 100 runs at once lose nothing and a revoke that says so is in force; a broken
/// list is named with what to do; the link is never replaced silently, can be shown again, and warns when only
/// this machine can open it.
@Suite("tally serve invite: the list of links", .serialized, .timeLimit(.minutes(20)))
struct ServeInviteFileTests {
    /// The list as stored: name → digest.
    static func stored(_ path: String) throws -> [String: String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path + ".moderators.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let list = try #require(object["moderators"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: list.map { ($0["name"] as? String ?? "", $0["digest"] as? String ?? "") })
    }

    /// The token a `serve invite` run printed.
    static func token(_ stdout: String) -> String? {
        stdout.split(separator: "\n").first { $0.hasPrefix("Link for ") }?.split(separator: "/").last.map(String.init)
    }

    @Test func aHundredInvitesAndRevokesAtOnceLoseNothing() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        // 50 moderators invited before, with links whose tokens the test knows.
        var old: [String: String] = [:]
        for index in 0..<50 {
            let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
            old[String(format: "old-%02d", index)] = token
        }
        let entries = old.keys.sorted().map {
            "{\"name\": \"\($0)\", \"digest\": \"\(SHA256.hex(SHA256.hash(Array(old[$0]!.utf8))))\", "
                + "\"invited\": \"2026-09-24 01:00:00\"}"
        }
        try "{\"moderators\": [\(entries.joined(separator: ", "))]}\n".write(
            toFile: path + ".moderators.json", atomically: true, encoding: .utf8)

        // 100 processes at once: each old moderator revoked, 50 new ones invited.
        var running: [(String, TallyProcess.Running)] = []
        for index in 0..<50 {
            let name = String(format: "%02d", index)
            running.append(
                (
                    "revoke",
                    try TallyProcess.start(["serve", "revoke", "old-" + name, "--db", path], in: folder.url.path)
                ))
            running.append(
                (
                    "invite",
                    try TallyProcess.start(["serve", "invite", "new-" + name, "--db", path], in: folder.url.path)
                ))
        }
        var made: [String: String] = [:]
        for (kind, process) in running {
            let result = await process.finish()
            #expect(result.status == 0, "\(kind): \(result.stderr)")
            if kind == "revoke" {
                #expect(result.stdout.hasPrefix("Revoked old-"), "\(result.stdout)")
            } else if let token = Self.token(result.stdout) {
                made[String(result.stdout.dropFirst("Link for ".count).prefix(6))] = token
            }
        }
        #expect(made.count == 50)
        let list = try Self.stored(path)
        #expect(list.keys.sorted() == (0..<50).map { String(format: "new-%02d", $0) }, "every revoke and invite held")
        for (name, token) in made {
            #expect(
                list[name] == SHA256.hex(SHA256.hash(Array(token.utf8))), "\(name)'s printed link is the stored one")
        }
        let mode = try FileManager.default.attributesOfItem(atPath: path + ".moderators.json")[.posixPermissions]
        #expect((mode as? Int) == 0o600, "the list holds the links' tokens: its owner's only")

        // A revoke that said "Revoked" is in force in a running serve; the new links work.
        let served = try await ServedCopy(["--db", path, "--as", "owner"], in: folder.url.path, environment: [:])
        defer { served.stop() }
        for name in ["old-00", "old-25", "old-49"] {
            let answer = try await served.client(["fetch", ServeInviteTests.link(served, token: old[name]!), "/"])
            #expect(answer["status"] as? Int == 403, "\(name)")
        }
        for name in ["new-00", "new-25", "new-49"] {
            let answer = try await served.client(["fetch", ServeInviteTests.link(served, token: made[name]!), "/"])
            #expect(answer["status"] as? Int == 200, "\(name)")
        }
    }

    @Test func aBrokenListIsNamedWithWhatToDoAndServeLogsWhyItRefusesALink() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        let list = path + ".moderators.json"
        let cases: [(String, () throws -> Void, String)] = [
            (
                "folder", { try FileManager.default.createDirectory(atPath: list, withIntermediateDirectories: false) },
                "is a folder, not a file"
            ),
            ("fifo", { #expect(mkfifo(list, 0o600) == 0) }, "is a FIFO (named pipe), not a file"),
            (
                "bad JSON", { try "{\"moderators\": [".write(toFile: list, atomically: true, encoding: .utf8) },
                "is not valid JSON"
            ),
            (
                "other JSON", { try "[1, 2]".write(toFile: list, atomically: true, encoding: .utf8) },
                "is JSON but not tally's list"
            ),
        ]
        for (label, make, said) in cases {
            try? FileManager.default.removeItem(atPath: list)
            try make()
            for arguments in [["serve", "invite", "小美"], ["serve", "revoke", "小美"]] {
                let result = try await TallyProcess.run(arguments + ["--db", path], in: folder.url.path)
                #expect(result.status == 1, "\(label) \(arguments): \(result.stderr)")
                #expect(
                    result.stderr.contains("the invited moderators' list \(list) \(said)")
                        && result.stderr.contains("move it away or delete it to start again"),
                    "\(label): \(result.stderr)")
                #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("DecodingError"))
            }
        }
        // A running serve refuses every personal link, and says why in its log, without the token.
        try? FileManager.default.removeItem(atPath: list)
        let invited = try await TallyProcess.run(["serve", "invite", "小美", "--db", path], in: folder.url.path)
        let token = try #require(Self.token(invited.stdout))
        let served = try await ServedCopy(["--db", path, "--as", "owner"], in: folder.url.path, environment: [:])
        let link = ServeInviteTests.link(served, token: token)
        #expect(try await served.client(["fetch", link, "/"])["status"] as? Int == 200)
        try "not json".write(toFile: list, atomically: true, encoding: .utf8)
        #expect(try await served.client(["fetch", link, "/note/3"])["status"] as? Int == 403)
        served.stop()
        let log = await served.server.finish().stderr
        #expect(
            log.contains(
                "tally serve: GET refused (403): /…/note/3: personal links cannot be checked: the invited "
                    + "moderators' list \(list) is not valid JSON"), "\(log)")
        #expect(!log.contains(token), "the log never holds a link's token")
    }

    @Test func inviteKeepsAWorkingLinkShowsItAgainAndWarnsWhenOnlyThisMachineCanOpenIt() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        func tally(_ arguments: [String]) async throws -> TallyProcess.Result {
            try await TallyProcess.run(["serve"] + arguments + ["--db", path], in: folder.url.path)
        }
        let first = try await tally(["invite", "  小美 "])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Link for 小美: http://127.0.0.1:8787/"), "the name is trimmed")
        #expect(first.stderr.contains("Warning: this link is at 127.0.0.1, which only this machine can open"))
        let token = try #require(Self.token(first.stdout))

        let again = try await tally(["invite", "小美"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("小美 already has a link (made "), "\(again.stderr)")
        #expect(again.stderr.contains("which still works; nothing was changed"), "\(again.stderr)")
        #expect(try Self.stored(path)["小美"] == SHA256.hex(SHA256.hash(Array(token.utf8))), "the link still works")

        let shown = try await tally(["invite", "小美", "--show", "--public-url", "https://mod.example.org"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("Link for 小美: https://mod.example.org/\(token)/"), "\(shown.stdout)")
        #expect(!shown.stderr.contains("Warning"), "a public URL reaches phones")

        let replaced = try await tally(["invite", "小美", "--replace"])
        #expect(replaced.status == 0)
        let newToken = try #require(Self.token(replaced.stdout))
        #expect(newToken != token)
        #expect(try Self.stored(path)["小美"] == SHA256.hex(SHA256.hash(Array(newToken.utf8))))

        // revoke normalizes the name as invite does.
        let revoked = try await tally(["revoke", " 小美  "])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(try Self.stored(path).isEmpty)
        let none = try await tally(["invite", "小美", "--show"])
        #expect(none.status == 1 && none.stderr.contains("小美 has no link to show (invited: nobody)"), "\(none.stderr)")
    }
}
