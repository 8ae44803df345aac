import Foundation
import TallyTestSupport
import Testing

/// `--public-url` as browsers will use it: a name that is not ASCII in the Punycode browsers send, ports a
/// browser can reach, and the Host values a proxy sends (the name with or without its port).
@Suite("tally serve: the public URL", .serialized, .timeLimit(.minutes(10)))
struct ServePublicURLTests {
    func invite(_ url: String, in folder: TemporaryDirectory) async throws -> TallyProcess.Result {
        let path = folder.path("copy.sqlite")
        if !FileManager.default.fileExists(atPath: path) { try NotesDatabase.demo(at: path) }
        return try await TallyProcess.run(
            ["serve", "invite", "小美", "--replace", "--public-url", url, "--db", path], in: folder.url.path)
    }

    @Test func aNameThatIsNotASCIIIsPrintedAsBrowsersSendIt() async throws {
        let folder = try TemporaryDirectory()
        for (given, sent) in [
            ("https://münchen.de", "https://xn--mnchen-3ya.de/"),
            ("https://MÜNCHEN.de:8443/", "https://xn--mnchen-3ya.de:8443/"),
            ("https://投票.例子.台灣", "https://xn--oruz12c.xn--fsqu00a.xn--kpry57d/"),
            ("https://Bücher.example:443", "https://xn--bcher-kva.example/"),
        ] {
            let result = try await invite(given, in: folder)
            #expect(result.status == 0, "\(given): \(result.stderr)")
            #expect(result.stdout.hasPrefix("Link for 小美: \(sent)"), "\(given): \(result.stdout)")
        }
    }

    @Test func aPortOrHostNoBrowserCanUseIsRefused() async throws {
        let folder = try TemporaryDirectory()
        for (given, said) in [
            ("https://mod.example.org:0", "has port 0, which no browser can reach (ports are 1 to 65535)"),
            ("https://mod.example.org:99999", "has port 99999, which no browser can reach (ports are 1 to 65535)"),
            ("https://mod_ex ample.org", "is not a base address"),
            ("https://-mod.example.org", "has a host name a browser cannot send"),
            ("https://mod..example.org", "has a host name a browser cannot send"),
            ("https://mod.example.org/moderate", "is not a base address"),
        ] {
            let result = try await invite(given, in: folder)
            #expect(result.status == 2, "\(given): \(result.stdout)")
            #expect(result.stderr.contains("--public-url \(given) \(said)"), "\(given): \(result.stderr)")
            #expect(result.stderr.contains("e.g. https://mod.example.org"), "\(given): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), "needs libmicrohttpd12 and python3"))
    func theHostIsTakenWithOrWithoutItsPortAndAnotherIsRefused() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        let served = try await ServedCopy(
            ["--db", path, "--as", "m", "--public-url", "https://mod.example.org:8443"], in: folder.url.path,
            environment: [:])
        defer { served.stop() }
        let token = try #require(served.url.split(separator: "/").last)
        let forward = await served.nextLine()
        let target = try #require(forward.range(of: "http://127.0.0.1:").map { forward[$0.lowerBound...] })
            .prefix { $0 != " " }
        let hosts = [
            "mod.example.org:8443", "mod.example.org", "mod.example.org:443", "MOD.example.org",
            "attacker.example", "mod.example.org.attacker.example:8443", "attacker.example:8443",
        ]
        let statuses = try await served.client(["hosts", "\(target)/\(token)/"] + hosts)
        for host in hosts.prefix(4) { #expect(statuses[host] as? Int == 200, "\(host): \(statuses)") }
        for host in hosts.dropFirst(4) { #expect(statuses[host] as? Int == 421, "\(host): \(statuses)") }

        served.stop()
        let log = await served.server.finish().stderr
        let lines = log.split(separator: "\n").filter { $0.hasPrefix("tally serve: ") && $0.contains(" GET /…/ ") }
        #expect(lines.filter { $0.hasSuffix(" GET /…/ 200 m") }.count == 4, "one line per request: \(log)")
        #expect(lines.filter { $0.hasSuffix(" GET /…/ 421") }.count == 3, "refused requests too: \(log)")
        #expect(!log.contains(String(token)), "never the link's token: \(log)")
    }
}
