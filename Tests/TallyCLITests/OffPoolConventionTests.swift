import Foundation
import TallyTestSupport
import Testing

/// The suite cannot stall on a small machine: no test blocks a thread of Swift Testing's cooperative
/// pool (whose width is the core count), and every suite that runs a process has a time limit, which
/// that pool enforces. Blocking calls (waiting for a process, blocking reads, sleeps, semaphores) are
/// allowed only in `OffPool.swift` and in a closure handed to `OffPool.run`, which runs it on a thread
/// of its own. Checked over the sources of every test target.
@Suite("Tests never block the cooperative pool", .timeLimit(.minutes(10)))
struct OffPoolConventionTests {
    /// A call that blocks the thread it runs on.
    static let blocking = try! NSRegularExpression(
        pattern: #"waitUntilExit|(?<![\w.])u?sleep\(|Thread\.sleep|DispatchSemaphore|\.wait\(|readDataToEndOfFile|"#
            + #"readData\(ofLength|availableData|DispatchGroup"#)

    /// What shows that a file runs an outside process (or a server, or a browser through one).
    static let runsAProcess = try! NSRegularExpression(
        pattern: #"TallyProcess\.|ToolProcess\.|SQLiteShell\.|QueryShell\.|ServedCopy|CommonMark\.render|"#
            + #"HostileShell|SyncBed\(|Process\(\)"#)

    /// The 1-based lines of `text` with a blocking call outside `OffPool.run { … }` and outside comments.
    static func blockingLines(in text: String) -> [Int] {
        let source = text as NSString
        var allowed: [NSRange] = []
        var search = NSRange(location: 0, length: source.length)
        while true {
            let found = source.range(of: "OffPool.run", range: search)
            if found.location == NSNotFound { break }
            let open = source.range(
                of: "{", range: NSRange(location: found.upperBound, length: source.length - found.upperBound))
            guard open.location != NSNotFound else { break }
            var depth = 0
            var index = open.location
            while index < source.length {
                let character = source.character(at: index)
                if character == UInt16(UInt8(ascii: "{")) { depth += 1 }
                if character == UInt16(UInt8(ascii: "}")) {
                    depth -= 1
                    if depth == 0 { break }
                }
                index += 1
            }
            allowed.append(NSRange(location: open.location, length: index - open.location))
            search = NSRange(location: found.upperBound, length: source.length - found.upperBound)
        }
        var lines: [Int] = []
        for match in blocking.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            let location = match.range.location
            if allowed.contains(where: { NSLocationInRange(location, $0) }) { continue }
            let line = source.lineRange(for: NSRange(location: location, length: 0))
            let before = source.substring(with: NSRange(location: line.location, length: location - line.location))
            if before.contains("//") { continue }
            let number = source.substring(to: location).reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            lines.append(number)
        }
        return lines
    }

    /// The Swift sources of the test targets, but `OffPool.swift`, with their paths.
    static func sources() throws -> [(path: String, text: String)] {
        let root = ToolProcess.repository.appendingPathComponent("Tests")
        var found: [(String, String)] = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift", url.lastPathComponent != "OffPool.swift" else { continue }
            found.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
        return found
    }

    @Test func theCheckFindsABlockingCallAndAllowsOneOffThePool() async {
        let planted = """
            let a = 1
            process.waitUntilExit()
            // process.waitUntilExit() in a comment is none
            await OffPool.run { process.waitUntilExit() }
            let data = await OffPool.run {
                handle.readDataToEndOfFile()
            }
            usleep(1_000)
            try? await Task.sleep(for: .seconds(1))
            """
        #expect(Self.blockingLines(in: planted) == [2, 8])
    }

    @Test func noTestBlocksThePool() async throws {
        let found = try Self.sources().flatMap { file in Self.blockingLines(in: file.text).map { "\(file.path):\($0)" }
        }
        #expect(
            found.isEmpty,
            "wait off the pool (OffPool.run, Process.ended, FileHandle.remainingData, OffPool.until):\n\(found.joined(separator: "\n"))"
        )
    }

    /// Unbounded, Swift Testing starts every test case at once and each time limit runs while hundreds share
    /// two cores (26 tests failed theirs at load 45). A width given to `swift test` in the environment is kept.
    @Test func testCasesRunTwoPerCoreSoATimeLimitCountsFromTheTestsTurn() {
        let width = ProcessInfo.processInfo.environment["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"]
        #expect((width.flatMap(Int.init) ?? 0) > 0, "the runner's width: \(width ?? "unset")")
        if let set = OffPool.testCaseWidth {
            #expect(width == String(set))
            #expect(set >= 2 && set % 2 == 0)
        }
    }

    /// FileHandle's old `write(_:)` ends the whole test run (`try!` inside Foundation) when the child already
    /// closed its end: a refused argument that never reads its input crashed a CI run. Tests write with the
    /// throwing `write(contentsOf:)`.
    static let crashingWrite = try! NSRegularExpression(
        pattern: #"(input|handle\??|standardError|standardOutput|fileHandleForWriting)\.write\((?!contentsOf:)"#)

    @Test func noTestWritesAHandleWithTheWriteThatCrashesOnAClosedPipe() throws {
        #expect(
            Self.crashingWrite.firstMatch(in: "handle?." + "write(bytes)", range: NSRange(location: 0, length: 20))
                != nil)
        var found: [String] = []
        for (path, text) in try Self.sources() {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if Self.crashingWrite.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(path):\(number + 1)")
                }
            }
        }
        #expect(found.isEmpty, "write with try handle.write(contentsOf:):\n\(found.joined(separator: "\n"))")
    }

    @Test func everySuiteThatRunsAProcessHasATimeLimit() async throws {
        var found: [String] = []
        for (path, text) in try Self.sources() {
            let range = NSRange(text.startIndex..., in: text)
            guard Self.runsAProcess.firstMatch(in: text, range: range) != nil else { continue }
            for suite in text.components(separatedBy: "@Suite").dropFirst() {
                // The attribute's text, up to the type it is on.
                let end = suite.range(of: #"\b(struct|class|enum|extension)\s"#, options: .regularExpression)
                let attribute = suite[..<(end?.lowerBound ?? suite.endIndex)]
                if !attribute.contains(".timeLimit(") {
                    found.append("\(path): @Suite\(suite.prefix { $0 != "\n" })")
                }
            }
        }
        #expect(found.isEmpty, "give these suites a .timeLimit(.minutes(N)) trait:\n\(found.joined(separator: "\n"))")
    }
}
