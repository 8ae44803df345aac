import Foundation
import Testing

/// Tests find outside programs as tally does, on PATH (`OutsideProgram`, `ProgramSearch`): a test
/// naming a fixed path (rsvg-convert in /usr/bin) fails where the program lives elsewhere instead
/// of skipping or running. This holds for every file under Tests/ a test compiles or runs (Swift,
/// Python, shell), but for `/usr/bin/env` and `/bin/sh` (the POSIX ways to go through PATH) and
/// `#!` lines.
@Suite("Tests find outside programs on PATH", .timeLimit(.minutes(10)))
struct OutsideProgramPathTests {
    static let allowed: Set<String> = ["/usr/bin/env", "/bin/sh"]

    /// `file:line: path` for each fixed program path in the test sources.
    static func fixedPaths() throws -> [String] {
        let root = ToolProcess.repository.appendingPathComponent("Tests")
        let pattern = try NSRegularExpression(pattern: #"(?<![\w./-])/(?:usr/)?(?:local/)?s?bin/[A-Za-z0-9_.+-]+"#)
        var found: [String] = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            let name = url.lastPathComponent
            if ["Golden", "__pycache__", "Fixtures"].contains(name) {
                files?.skipDescendants()
                continue
            }
            let runnable = ["swift", "py", "sh", "c"].contains(url.pathExtension) || url.pathExtension.isEmpty
            guard runnable, let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.hasPrefix("#!") {
                let line = String(line)
                for match in pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    let path = (line as NSString).substring(with: match.range)
                    if !allowed.contains(path) { found.append("\(url.path):\(number + 1): \(path)") }
                }
            }
        }
        return found
    }

    @Test func noTestNamesAFixedProgramPath() throws {
        let found = try Self.fixedPaths()
        #expect(
            found.isEmpty,
            "find these on PATH (OutsideProgram.isInstalled, /usr/bin/env NAME, shutil.which):\n\(found.joined(separator: "\n"))"
        )
    }
}
