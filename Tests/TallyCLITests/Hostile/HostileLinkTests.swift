import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// Hostile class "links" (issue 31 item 3): every file tally writes stays in the folder it was told to write
/// in. A planted symbolic link never sends a write out of it, never makes tally create a folder, and a file
/// at a name tally chose (a chart) that tally did not write there is never replaced. Real links, the built
/// binary (or the installed one with `make hostile`).
@Suite("Hostile: writes never follow a link out of their folder", .timeLimit(.minutes(10)))
struct HostileLinkTests {
    static let hasRSVG = OutsideProgram.mayRun(needing: "rsvg-convert")

    /// `victim/` beside `out/`, empty; `out/` holds the links.
    static func bed() throws -> (folder: TemporaryDirectory, out: String, victim: String) {
        let folder = try TemporaryDirectory()
        for name in ["out", "victim"] {
            try FileManager.default.createDirectory(atPath: folder.path(name), withIntermediateDirectories: true)
        }
        return (folder, folder.path("out"), folder.path("victim"))
    }

    static func listing(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    static func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    @Test(.enabled(if: hasRSVG, "needs rsvg-convert (Debian package librsvg2-bin)"))
    func aDanglingShareLinkNeverCreatesItsTargetOrItsFolder() async throws {
        let (folder, out, victim) = try Self.bed()
        try Self.link(out + "/x.png", to: victim + "/.ssh/authorized_keys")
        let runs = [
            ["report", "--demo", "--share", "out/x.png"],
            ["weekly", "--demo", "--through", "2026-09-27", "--reports", "reports", "--share", "out/x.png"],
        ]
        for arguments in runs {
            let result = try await TallyProcess.run(arguments, in: folder.url.path)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains(
                    "\(out)/x.png is a symbolic link to \(victim)/.ssh/authorized_keys, whose folder does not exist; "
                        + "tally never creates a folder through a link"), "\(result.stderr)")
            #expect(try Self.listing(victim) == [], "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("reports")), "nothing was written")
        }
        // A link out of the folder to an existing PNG is refused too: the card stays where it was told.
        FileManager.default.createFile(
            atPath: victim + "/photo.png", contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        try Self.link(out + "/y.png", to: victim + "/photo.png")
        let outside = try await TallyProcess.run(["report", "--demo", "--share", "out/y.png"], in: folder.url.path)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("is a symbolic link to \(victim)/photo.png, outside the folder it is in"))
        #expect(FileManager.default.contents(atPath: victim + "/photo.png")?.count == 8)
    }

    @Test func chartsNeverWriteThroughALinkNorOverAHandMadeChart() async throws {
        let (folder, out, victim) = try Self.bed()
        try "my notes\n".write(toFile: victim + "/notes.txt", atomically: false, encoding: .utf8)
        try Self.link(out + "/daily.svg", to: victim + "/notes.txt")
        let linked = try await TallyProcess.run(
            ["report", "--demo", "--charts", "out", "-o", "post.md"], in: folder.url.path)
        #expect(linked.status == 1)
        #expect(
            linked.stderr.contains(
                "--charts \(out) holds 1 file this run would replace that tally did not write there (its record, "
                    + ".tally-pages.json, does not vouch for it): daily.svg (a symbolic link to \(victim)/notes.txt). "
                    + "Nothing was written."), "\(linked.stderr)")
        #expect(try String(contentsOfFile: victim + "/notes.txt", encoding: .utf8) == "my notes\n")
        #expect(try Self.listing(out) == ["daily.svg"])
        #expect(!FileManager.default.fileExists(atPath: folder.path("post.md")))

        // A hand-made chart at a chart's name is kept, and said so.
        try FileManager.default.removeItem(atPath: out + "/daily.svg")
        let mine = "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>mine</text></svg>\n"
        try mine.write(toFile: out + "/ranking-original.svg", atomically: false, encoding: .utf8)
        let handMade = try await TallyProcess.run(["report", "--demo", "--charts", "out"], in: folder.url.path)
        #expect(handMade.status == 1)
        #expect(handMade.stderr.contains("ranking-original.svg (not written by tally, or changed since)"))
        #expect(try String(contentsOfFile: out + "/ranking-original.svg", encoding: .utf8) == mine)
        #expect(try Self.listing(out) == ["ranking-original.svg"])

        // Once moved away, tally writes its charts and its record; its own charts are then replaced when they change.
        try FileManager.default.removeItem(atPath: out + "/ranking-original.svg")
        let first = try await TallyProcess.run(
            ["report", "--demo", "--through", "2026-09-22", "--charts", "out"], in: folder.url.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.listing(out).contains(".tally-pages.json"))
        let before = try String(contentsOfFile: out + "/daily.svg", encoding: .utf8)
        let second = try await TallyProcess.run(["report", "--demo", "--charts", "out"], in: folder.url.path)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try String(contentsOfFile: out + "/daily.svg", encoding: .utf8) != before, "its own chart is renewed")
    }

    @Test func weeklyOverwriteNeverWritesThroughAPageLinkOutOfTheFolder() async throws {
        let (folder, out, victim) = try Self.bed()
        try "kept elsewhere\n".write(toFile: victim + "/index-real.md", atomically: false, encoding: .utf8)
        try Self.link(out + "/index.md", to: victim + "/index-real.md")
        let result = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-09-27", "--reports", "out", "--overwrite"], in: folder.url.path)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "\(out)/index.md is a symbolic link to \(victim)/index-real.md, outside the folder it is in; tally "
                    + "never writes through a link out of the folder it was told to write in"), "\(result.stderr)")
        #expect(try String(contentsOfFile: victim + "/index-real.md", encoding: .utf8) == "kept elsewhere\n")
        #expect(try Self.listing(out) == ["index.md"], "no page was written")
    }

    @Test func outputNeverCreatesAFolderThroughALink() async throws {
        let (folder, out, victim) = try Self.bed()
        try Self.link(out + "/post.md", to: victim + "/sub/dir/post.md")
        let dangling = try await TallyProcess.run(["report", "--demo", "-o", "out/post.md"], in: folder.url.path)
        #expect(dangling.status == 2)
        #expect(
            dangling.stderr.contains(
                "\(out)/post.md is a symbolic link to \(victim)/sub/dir/post.md, whose folder does not exist"),
            "\(dangling.stderr)")
        // A folder of the path that is a dangling link is never created either (`mkdir -p` would create it).
        try Self.link(out + "/drafts", to: victim + "/drafts")
        let throughFolder = try await TallyProcess.run(
            ["report", "--demo", "-o", "out/drafts/post.md"], in: folder.url.path)
        #expect(throughFolder.status == 1)
        #expect(
            throughFolder.stderr.contains(
                "\(out)/drafts is a symbolic link to \(victim)/drafts, which does not exist; tally never creates a "
                    + "folder through a link"), "\(throughFolder.stderr)")
        #expect(try Self.listing(victim) == [])
        // A link that stays in the folder is still followed, and a missing folder given plainly is still created.
        try Self.link(out + "/latest.md", to: "week.md")
        #expect(
            try await TallyProcess.run(["report", "--demo", "-o", "out/latest.md"], in: folder.url.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/week.md"))
        #expect(
            try await TallyProcess.run(["report", "--demo", "-o", "out/new/post.md"], in: folder.url.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/new/post.md"))
    }
}
