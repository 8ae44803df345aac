import Foundation
import Testing

/// A real `tally serve` process over a copy, for the page's tests: started on a free loopback
/// port, its printed address read back, stopped (or killed) at the end.
final class ServedCopy {
    let process = Process()
    /// The printed address, with its token: `http://127.0.0.1:PORT/TOKEN/` (or `--public-url`'s).
    let url: String
    private let output = Pipe()

    /// The client script the tests drive the page with.
    static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("serve_client.py").path

    init(_ arguments: [String], in folder: String, environment: [String: String]) throws {
        process.executableURL = TallyProcess.executable
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("TALLY_") { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = Self.line(from: output.fileHandleForReading)
        guard let start = text.range(of: "http") else {
            process.terminate()
            throw CommandFailureForTests("tally serve printed no address: \(text)")
        }
        url = String(text[start.lowerBound...])
    }

    /// The next line the server printed (the first is the address), read byte by byte so nothing after it is
    /// consumed.
    func nextLine() -> String { Self.line(from: output.fileHandleForReading) }

    private static func line(from reader: FileHandle) -> String {
        var line = Data()
        while true {
            let byte = reader.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// Runs the client script with `arguments` and returns the JSON object it prints.
    func client(_ arguments: [String]) throws -> [String: Any] {
        let text = try ToolProcess.run("python3", [Self.client] + arguments)
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(text)")
    }

    /// SIGTERM and wait: what Ctrl-C does.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// SIGKILL: the server gets no chance to finish anything.
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// A harness failure with a message.
struct CommandFailureForTests: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
