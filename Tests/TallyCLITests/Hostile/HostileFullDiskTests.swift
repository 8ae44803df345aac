import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// Hostile class "write failure", on a full disk (issue 31 item 9): a small tmpfs mounted for the test (root only:
/// only root may mount one), unmounted after. The message says the disk is full, never which line of an internal
/// script met it, and nothing half-written stays.
@Suite("Hostile: a full disk", .timeLimit(.minutes(10)))
struct HostileFullDiskTests {
    /// A tmpfs of `kilobytes` mounted on a fresh folder; `unmount` removes it.
    struct SmallDisk {
        let folder: TemporaryDirectory
        var path: String { folder.url.path }

        init(kilobytes: Int) async throws {
            folder = try TemporaryDirectory()
            let mounted = try await TallyProcess.run(
                ["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.url.path],
                program: URL(fileURLWithPath: "/usr/bin/env"))
            try #require(mounted.status == 0, "mount: \(mounted.stderr)")
        }

        /// Fills the disk but for about `kilobytes`.
        func fill(leaving kilobytes: Int) throws {
            var info = statvfs()
            try #require(statvfs(path, &info) == 0)
            let free = Int(info.f_bavail) * Int(info.f_frsize)
            let size = max(0, free - kilobytes * 1_024)
            FileManager.default.createFile(atPath: folder.path("fill"), contents: Data(count: size))
        }

        /// Detaches the tmpfs at once (`umount2` with `MNT_DETACH`: a call, not a process to wait for).
        func unmount() {
            _ = umount2(path, Int32(MNT_DETACH))
        }
    }

    static let mayMount = getuid() == 0 && OutsideProgram.isInstalled("mount")

    @Test(.enabled(if: mayMount, "needs root, to mount a small tmpfs"))
    func demoReplaceOnAFullDiskSaysSoAndKeepsTheOldDatabase() async throws {
        let disk = try await SmallDisk(kilobytes: 300)
        defer { disk.unmount() }
        #expect(try await TallyProcess.run(["demo", "--db", "votes.sqlite", "-q"], in: disk.path).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: disk.folder.path("votes.sqlite")))
        try disk.fill(leaving: 60)
        let result = try await TallyProcess.run(["demo", "--db", "votes.sqlite", "--replace", "-q"], in: disk.path)
        #expect(result.status == 1)
        #expect(
            result.stderr == "Error: cannot write \(disk.folder.path("votes.sqlite")): the disk is full; nothing was "
                + "changed (a file already there is kept as it was). Free some space and run again\n",
            "\(result.stderr)")
        #expect(!result.stderr.contains("line "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: disk.folder.path("votes.sqlite"))) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == ["fill", "votes.sqlite"])
    }

    @Test(.enabled(if: mayMount && OutsideProgram.mayRun(needing: "rsvg-convert"), "needs root and rsvg-convert"))
    func chartsWithPNGOnAFullDiskLeaveNoStraySVG() async throws {
        let disk = try await SmallDisk(kilobytes: 400)
        defer { disk.unmount() }
        try disk.fill(leaving: 40)
        let result = try await TallyProcess.run(
            ["report", "--demo", "--charts", "ch", "--png", "-o", "r.md"], in: disk.path)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.folder.path("ch")) == [], "no stray chart")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == ["ch", "fill"])
    }

    /// `--lang en,zh-TW -o post.md` writes two pages as one: a disk with room for the first only keeps both old
    /// pages (before, post.en.md was new and post.zh-TW.md old).
    @Test(.enabled(if: mayMount, "needs root, to mount a small tmpfs"))
    func twoLanguagesPagesOnAFullDiskKeepBothOldPages() async throws {
        let disk = try await SmallDisk(kilobytes: 300)
        defer { disk.unmount() }
        for language in ["en", "zh-TW"] {
            try Data("old \(language)\n".utf8).write(to: URL(fileURLWithPath: disk.folder.path("post.\(language).md")))
        }
        // Each page is about 8 KB (two 4 KB blocks): room for one new page, and after it replaced its old one
        // (a block freed), still not for the second.
        try disk.fill(leaving: 8)
        let result = try await TallyProcess.run(
            ["report", "--demo", "--lang", "en,zh-TW", "-o", "post.md"], in: disk.path)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "no page is said to be written")
        for language in ["en", "zh-TW"] {
            let page = try String(contentsOfFile: disk.folder.path("post.\(language).md"), encoding: .utf8)
            #expect(page == "old \(language)\n", "post.\(language).md")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted()
                == ["fill", "post.en.md", "post.zh-TW.md"], "no temporary left")
    }
}
