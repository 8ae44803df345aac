import Foundation
import TallyTestSupport
import Testing

/// Hostile class "slow and many clients": sockets that trickle a request head, say nothing, or come
/// in numbers cannot keep the moderator's own requests from being answered (docs/serve.md, limits).
/// Real `tally serve`, real loopback sockets from several 127.0.0.x source addresses.
@Suite("Hostile: slow and many clients against tally serve", .serialized, .timeLimit(.minutes(20)))
struct HostileSlowClientTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Serve/slow_clients.py").path

    static func served(_ folder: TemporaryDirectory) async throws -> ServedCopy {
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        return try await ServedCopy(["--db", path, "--as", "mod"], in: folder.url.path, environment: [:])
    }

    static func client(_ arguments: [String]) async throws -> [String: Any] {
        let text = try await ToolProcess.run("python3", [script] + arguments)
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(text)")
    }

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func aModeratorIsAnsweredWithin2sWhileOver100SocketsTrickleFor30s() async throws {
        let folder = try TemporaryDirectory()
        let served = try await Self.served(folder)
        defer { served.stop() }
        let seen = try await Self.client(["siege", served.url, "30", "120", "30"])
        print("serve under siege: \(seen)")
        #expect(seen["error_count"] as? Int == 0, "\(seen["errors"] ?? "")")
        #expect((seen["requests"] as? Int ?? 0) >= 50, "the moderator kept asking for 30 s")
        #expect((seen["p99_ms"] as? Double ?? 9999) < 2000, "\(seen)")
        #expect((seen["peak_attacking"] as? Int ?? 0) >= 100, "over 100 attacking sockets open at once")
        let closed = seen["closed_by_server"] as? [String: Int] ?? [:]
        #expect((closed["trickle"] ?? 0) > 0 && (closed["silent"] ?? 0) > 0, "the server closed attackers: \(closed)")
        // Tricklers below every limit live until the 10 s request deadline, not longer (checked 4 times a second).
        let lifetimes = seen["probe_lifetimes"] as? [Double] ?? []
        #expect(lifetimes.count >= 5, "\(lifetimes)")
        #expect(lifetimes.allSatisfy { $0 >= 9.5 && $0 < 12 }, "\(lifetimes)")
    }

    /// A process opening silent sockets as fast as it can, from the moderator's own address: a connection
    /// whose request has arrived is never the one closed to make room (issue 48 item 6: 4–11% of a plain
    /// client's requests got "connection closed without response"). Counted, not timed.
    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func aFloodOfSilentSocketsCostsAPlainClientNoRequest() async throws {
        let folder = try TemporaryDirectory()
        let served = try await Self.served(folder)
        defer { served.stop() }
        let seen = try await Self.client(["flood", served.url, "20000"])
        print("serve under a flood: \(seen)")
        #expect(seen["error_count"] as? Int == 0, "\(seen["errors"] ?? "")")
        #expect((seen["requests_during_flood"] as? Int ?? 0) >= 1, "the plain client asked during the flood: \(seen)")
        #expect((seen["flood_opened"] as? Int ?? 0) >= 1_000, "\(seen)")
    }

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func overAnAddressLimitOrTheTotalTheLongestWaitingConnectionsAreClosed() async throws {
        let folder = try TemporaryDirectory()
        let served = try await Self.served(folder)
        defer { served.stop() }
        let seen = try await Self.client(["limits", served.url, "128", "512"])
        let opened = try #require(seen["opened"] as? Int)
        let closed = (seen["closed"] as? [[Any]] ?? []).map { "\($0[0]) #\($0[1])" }
        // 136 from 127.0.0.2: the 8 oldest go at once (128 an address); then the total passes 512,
        // and the oldest of all, the rest of 127.0.0.2's first ones, go too. Nobody else.
        let expected = (0..<(8 + opened - 8 - 512)).map { "127.0.0.2 #\($0)" }
        #expect(closed == expected, "opened \(opened)")
    }
}
