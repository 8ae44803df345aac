import Foundation
import TallyCore

/// PNG copies of the SVG charts, for blog hosts that refuse SVG uploads. Rendered by
/// `rsvg-convert` (Debian package `librsvg2-bin`), run at the edge as the architecture asks:
/// the SVG goes in on stdin and the PNG comes back on stdout, so nothing half-written is left
/// when it fails; the caller writes the bytes atomically.
struct ChartPNG {
    /// The `rsvg-convert` found on PATH.
    let tool: String

    /// Finds `rsvg-convert` on the PATH of `environment`; throws a message naming the Debian
    /// package when it is missing. Called before any data is read.
    init(environment: [String: String], flag: String = "--png") throws {
        guard let found = ProgramSearch.find("rsvg-convert", in: environment) else {
            throw CommandFailure(
                "\(flag) needs rsvg-convert, which is not installed (not found on PATH); install the Debian package "
                    + "librsvg2-bin (apt-get install librsvg2-bin), or leave out \(flag). Nothing was written.")
        }
        tool = found
    }

    /// Seconds one chart may take: rsvg-convert renders tally's charts in milliseconds.
    static let timeout = 60

    /// The PNG of one SVG document; `name` is only for the message when rendering fails.
    /// Run through `ChildProcess`: Ctrl-C stops it, it has a time limit, and one that exits without
    /// reading the SVG is a failure with its exit status, never a SIGPIPE that kills tally.
    /// `scale` is pixels per SVG unit (2 for charts, 1 for the share image, whose SVG is already in pixels).
    func render(_ svg: String, name: String, scale: Int = ChartPNG.scale) throws -> Data {
        let messages = Messages()
        let child = ChildProcess(
            executable: tool, arguments: ["--format", "png", "--zoom", String(scale)],
            environment: ProcessInfo.processInfo.environment,
            directory: FileManager.default.currentDirectoryPath, input: Data(svg.utf8), timeout: Self.timeout,
            errors: { messages.add($0) })
        let ended: (termination: ChildProcess.Termination, output: Data)
        do {
            ended = try child.run()
        } catch let stop as ChildProcess.Stop {
            throw CommandFailure(Self.message(stop, name: name))
        }
        guard ended.termination == .exited(0), ended.output.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            let said = messages.text.isEmpty ? "it printed no message" : "it said: \(messages.text)"
            let how =
                ended.termination == .exited(0)
                ? "rsvg-convert exited 0 without printing a PNG for \(name)"
                : "rsvg-convert could not render \(name) (\(ended.termination.description))"
            throw CommandFailure("\(how); \(said)")
        }
        return ended.output
    }

    /// What to say when tally stopped rsvg-convert.
    static func message(_ stop: ChildProcess.Stop, name: String) -> String {
        switch stop {
        case .signal(let number):
            return "interrupted (\(StopSignal.name(number))) while rsvg-convert rendered \(name)"
        case .timeout(let seconds):
            return "rsvg-convert was still rendering \(name) after \(seconds) s, so it was stopped"
        case .outputLimit(let bytes):
            return "rsvg-convert printed more than \(bytes / 1_048_576) MiB for \(name), so it was stopped"
        case .outputHeldOpen(let ended):
            return "rsvg-convert ended (\(ended.description)) while rendering \(name) but a process it started kept "
                + "its output open \(ChildProcess.outputGrace) s later, so it was stopped"
        }
    }

    /// Pixels per SVG unit: 2, so a chart is sharp on a phone's 2× screen and keeps the SVG's layout.
    static let scale = 2

    /// The lines rsvg-convert printed on stderr (the first 20), collected on another thread.
    private final class Messages: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { if lines.count < 20 { lines.append(line) } } }
        var text: String {
            lock.withLock { lines.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines) }
        }
    }
}
