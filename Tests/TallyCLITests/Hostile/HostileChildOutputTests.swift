import Foundation
import TallyCore
import TallyTestSupport
import Testing

@testable import TallyCLI

/// Hostile class "bounds", for outside programs: wrangler's standard output is capped (64 MiB, above
/// D1's 50 MB result limit), and a wrangler that prints without end is stopped, not buffered whole.
/// Through `Wrangler.run` itself: push reports a failed verification query in its own words.
@Suite("Hostile: an outside program's output is bounded", .timeLimit(.minutes(10)))
struct HostileChildOutputTests {
    static func context(_ folder: TemporaryDirectory, errors: @escaping (String) -> Void) -> Context {
        Context(
            environment: ["TALLY_WRANGLER": folder.path("wrangler"), "PATH": "/usr/bin:/bin"],
            currentDirectory: folder.url.path, stdout: TextOutput { _ in }, stderr: TextOutput(errors),
            stdin: LineInput { nil }, now: { Instant(millis: 0) })
    }

    @Test func endlessOutputIsStoppedAtTheCap() async throws {
        let folder = try TemporaryDirectory()
        _ = try folder.script("wrangler", "#!/bin/sh\necho starting >&2\nexec cat /dev/zero\n")
        final class Lines: @unchecked Sendable { var text = "" }
        let lines = Lines()
        let wrangler = try Wrangler(Self.context(folder) { lines.text += $0 })
        // Wrangler.run waits for its process: off the pool, where its time is also measured (the clock after
        // the test resumes would add the time a busy pool kept it waiting).
        final class Seconds: @unchecked Sendable { var value = Double.infinity }
        let seconds = Seconds()
        await #expect {
            _ = try await OffPool.run {
                let started = Date()
                defer { seconds.value = Date().timeIntervalSince(started) }
                return try wrangler.run(["d1", "execute", "votes", "--remote", "--command", "SELECT 1", "--json"])
            }
        } throws: { error in
            "\(error)".contains("printed more than 64 MiB on standard output (D1 caps a result at 50 MB)")
        }
        #expect(seconds.value < 60, "wrangler.run took \(seconds.value) s")
        #expect(lines.text == "starting\n", "wrangler's stderr is passed on as it comes")
    }

    @Test func aRunnerInAnotherFolderStartsThere() async throws {
        let folder = try TemporaryDirectory()
        _ = try folder.script("wrangler", "#!/bin/sh\npwd\n")
        let wrangler = try Wrangler(Self.context(folder) { _ in })
        let printed = try await OffPool.run { try wrangler.run(["whoami"]) }
        #expect(
            URL(fileURLWithPath: printed.trimmingCharacters(in: .newlines)).resolvingSymlinksInPath().path
                == folder.url.resolvingSymlinksInPath().path)
    }
}
