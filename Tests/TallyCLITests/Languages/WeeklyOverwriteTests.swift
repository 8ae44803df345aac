import Foundation
import Testing

/// A weekly run never replaces a page of another language, nor a file tally did not write (or that
/// changed since), unless `--overwrite` says so; refused, it exits 1 and writes nothing. What each
/// file is comes from the folder's record (`.tally-pages.json`: name, language, SHA-256 of the bytes
/// written), never from what a page says about itself.
@Suite("tally weekly: nothing overwrites another language's page", .timeLimit(.minutes(10)))
struct WeeklyOverwriteTests {
    static func weekly(_ folder: TemporaryDirectory, _ language: String, _ extra: [String] = []) async throws
        -> TallyProcess.Result
    {
        try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-10-03", "--lang", language, "--reports", "out"] + extra,
            in: folder.url.path)
    }

    /// Every file of the folder, the record included.
    static func everything(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            result[name] = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name))
        }
        return result
    }

    /// The issue's case: zh-TW after en into the same folder replaced week-01.md without a word.
    @Test func zhTWAfterEnIsRefusedAndWritesNothing() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await Self.weekly(folder, "en").status == 0)
        let before = try Self.everything(folder.path("out"))
        #expect(before[".tally-pages.json"] != nil)
        for extra in [[], ["--force"], ["--html"]] {
            let second = try await Self.weekly(folder, "zh-TW", extra)
            #expect(second.status == 1, "\(extra)")
            #expect(
                second.stderr.hasPrefix(
                    "Error: the reports folder \(folder.path("out")) holds 5 files this run would replace that are not "
                        + "its own pages in zh-TW: week-01.md (tally's en page), week-01-daily.svg (tally's en page)"),
                "\(second.stderr)")
            // Week 2 is quiet, so it has no chart: five pages, all named.
            #expect(second.stderr.contains(", index.md (tally's en page). Nothing was written."))
            #expect(second.stderr.contains("one run (--lang en,zh-TW"))
            #expect(second.stderr.hasSuffix("to replace them, add --overwrite\n"))
            #expect(second.stdout.isEmpty)
            #expect(try Self.everything(folder.path("out")) == before, "nothing written with \(extra)")
        }
        // The same language again is its own: unchanged files stay, nothing refused.
        let again = try await Self.weekly(folder, "en")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 files written, 7 unchanged."))
        // Said explicitly, the pages are replaced and the record says they are zh-TW now.
        let replaced = try await Self.weekly(folder, "zh-TW", ["--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let page = try String(contentsOfFile: folder.path("out/week-01.md"), encoding: .utf8)
        #expect(page.hasPrefix("# 第 1 週"), "\(page.prefix(40))")
        let record = try String(contentsOfFile: folder.path("out/.tally-pages.json"), encoding: .utf8)
        #expect(record.contains("\"week-01.md\": {\n      \"lang\": \"zh-TW\","), "\(record.prefix(300))")
        #expect(record.contains("\"week-01.json\": {\n      \"lang\": null,"))
        // And now en is the other language.
        #expect(try await Self.weekly(folder, "en").status == 1)
    }

    /// Two languages after one: the suffixed names are new files, the JSON (no language) is shared.
    @Test func bothLanguagesBesideOneAreNoConflict() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await Self.weekly(folder, "zh-TW").status == 0)
        let both = try await Self.weekly(folder, "en,zh-TW")
        #expect(both.status == 0, "\(both.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("out/week-01.en.md")))
        #expect(try String(contentsOfFile: folder.path("out/week-01.md"), encoding: .utf8).hasPrefix("# 第 1 週"))
    }

    /// A page that is not tally's is never replaced, whatever it says about itself: a copy of tally's
    /// own page with a line added, or a page claiming in its text to be tally's en page.
    @Test(arguments: [
        "copy", "claim",
    ])
    func aPageTallyDidNotWriteIsLeftAlone(_ kind: String) async throws {
        let folder = try TemporaryDirectory()
        #expect(try await Self.weekly(folder, "en").status == 0)
        let path = folder.path("out/week-02.md")
        let tallys = try String(contentsOfFile: path, encoding: .utf8)
        let mine =
            kind == "copy"
            ? tallys + "\nMy own note, added by hand.\n"
            : "<!-- tally: lang=en sha256=0 -->\n# Week 2\n\n\(PageRecordClaim.text)\n"
        try Data(mine.utf8).write(to: URL(fileURLWithPath: path))
        let again = try await Self.weekly(folder, "en")
        #expect(again.status == 1)
        #expect(again.stderr.contains("week-02.md (not written by tally, or changed since)"), "\(again.stderr)")
        #expect(again.stderr.contains("They may be your edits"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == mine)
    }

    /// A record cannot vouch for bytes it did not hash, and a record that is a link is refused, not followed.
    @Test func aForgedOrLinkedRecordIsRefused() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await Self.weekly(folder, "en").status == 0)
        let precious = folder.path("precious.txt")
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: precious))
        // A record claiming week-01.md is tally's zh-TW page, with a hash of other bytes.
        let forged =
            #"{"schema": "tally.pages/1", "files": {"week-01.md": {"lang": "zh-TW", "sha256": ""#
            + String(repeating: "0", count: 64) + #""}}}"#
        try Data(forged.utf8).write(to: URL(fileURLWithPath: folder.path("out/.tally-pages.json")))
        try Data("not tally's\n".utf8).write(to: URL(fileURLWithPath: folder.path("out/week-01.md")))
        let zh = try await Self.weekly(folder, "zh-TW")
        #expect(zh.status == 1)
        #expect(zh.stderr.contains("week-01.md (not written by tally, or changed since)"), "\(zh.stderr)")
        #expect(try String(contentsOfFile: folder.path("out/week-01.md"), encoding: .utf8) == "not tally's\n")
        // The record as a link to another file: refused, the target untouched.
        try FileManager.default.removeItem(atPath: folder.path("out/.tally-pages.json"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("out/.tally-pages.json"), withDestinationPath: precious)
        let linked = try await Self.weekly(folder, "en", ["--overwrite"])
        #expect(linked.status == 1)
        #expect(linked.stderr.contains(".tally-pages.json is not a regular file"), "\(linked.stderr)")
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOfFile: folder.path("out/week-01.md"), encoding: .utf8) == "not tally's\n")
    }

    /// A folder an earlier tally wrote (no record): files holding exactly what this run writes are
    /// taken as they are and recorded; a different one is refused like any file tally cannot vouch for.
    @Test func aFolderWithoutARecordIsAdoptedOnlyWhereItsBytesAgree() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await Self.weekly(folder, "en").status == 0)
        try FileManager.default.removeItem(atPath: folder.path("out/.tally-pages.json"))
        let same = try await Self.weekly(folder, "en")
        #expect(same.status == 0, "\(same.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("out/.tally-pages.json")))
        try FileManager.default.removeItem(atPath: folder.path("out/.tally-pages.json"))
        let zh = try await Self.weekly(folder, "zh-TW")
        #expect(zh.status == 1)
        #expect(zh.stderr.contains("holds 5 files"), "\(zh.stderr)")
        #expect(zh.stderr.contains("an earlier tally, which kept no record (.tally-pages.json)"))
    }
}

/// Text a hostile page might carry to pass for tally's.
enum PageRecordClaim {
    static let text = #"{"schema": "tally.pages/1", "files": {"week-02.md": {"lang": "en"}}}"#
}
