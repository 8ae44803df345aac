import Foundation
import Testing

/// A real `tally serve` process over a copy, for the page's tests: started on a free loopback
/// port, its printed address read back, stopped (or killed) at the end.
final class ServedCopy: Sendable {
    let server: TallyProcess.Running
    /// The printed address, with its token: `http://127.0.0.1:PORT/TOKEN/` (or `--public-url`'s).
    let url: String

    /// The client script the tests drive the page with.
    static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("serve_client.py").path

    init(_ arguments: [String], in folder: String, environment: [String: String]) async throws {
        server = try TallyProcess.start(
            ["serve", "--port", "0"] + arguments, in: folder, environment: environment)
        let text = await server.output.nextLine()
        guard let start = text.range(of: "http") else {
            server.send(SIGKILL)
            let result = await server.finish()
            throw CommandFailureForTests("tally serve printed no address: \(text)\(result.stderr)")
        }
        url = String(text[start.lowerBound...])
    }

    /// The next line the server printed (the first is the address).
    func nextLine() async -> String { await server.output.nextLine() }

    /// Runs the client script with `arguments` and returns the JSON object it prints.
    func client(_ arguments: [String]) async throws -> [String: Any] {
        let text = try await ToolProcess.run("python3", [Self.client] + arguments)
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(text)")
    }

    /// SIGTERM (what Ctrl-C does), without waiting: for a `defer` at the end of a test.
    func stop() {
        if server.process.isRunning { server.send(SIGTERM) }
    }

    /// SIGTERM, then waits for the server to end.
    func stopped() async {
        stop()
        _ = await server.finish()
    }

    /// SIGKILL, then waits: the server gets no chance to finish anything.
    func kill() async {
        if server.process.isRunning { server.send(SIGKILL) }
        _ = await server.finish()
    }

    deinit { stop() }
}

/// A harness failure with a message.
struct CommandFailureForTests: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
