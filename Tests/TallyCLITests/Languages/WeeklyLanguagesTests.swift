import Foundation
import Testing

/// `tally weekly --lang en,zh-TW`: every page, index and chart once per language, named with the
/// language (`week-01.en.md`, `week-01.zh-TW.md`), the JSON once, and each page linking the same page
/// in the other language (Markdown links read through cmark-gfm; HTML with `hreflang` and its own
/// `<html lang>`, followed by chromium). One language alone keeps today's names (WeeklyCommandTests).
@Suite("tally weekly in two languages", .timeLimit(.minutes(10)))
struct WeeklyLanguagesTests {
    static let names: [String] = {
        var names = ["week-01.json", "week-02.json"]
        for language in ["en", "zh-TW"] {
            names += [
                "week-01.\(language).md", "week-01-daily.\(language).svg", "week-01-ranking-original.\(language).svg",
                "week-02.\(language).md", "index.\(language).md",
                "week-01.\(language).html", "week-02.\(language).html", "index.\(language).html",
            ]
        }
        return names.sorted()
    }()

    /// Writes the demo's two weeks in both languages into `folder/out`.
    static func writeBoth(_ folder: TemporaryDirectory, _ extra: [String] = []) async throws -> TallyProcess.Result {
        try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-10-03", "--lang", "en,zh-TW", "--html", "--reports", "out"]
                + extra, in: folder.url.path)
    }

    /// The targets of the links in a cmark-gfm rendering (`<a href="…">`), percent-decoded.
    static func links(_ html: String) -> [String] {
        html.components(separatedBy: "<a href=\"").dropFirst().compactMap {
            $0.components(separatedBy: "\"").first?.removingPercentEncoding
        }
    }

    @Test func everyPageOncePerLanguageAndTheJSONOnce() async throws {
        let folder = try TemporaryDirectory()
        let result = try await Self.writeBoth(folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try WeeklyCommandTests.names(in: folder.path("out")) == Self.names)
        #expect(result.stdout.contains("\(Self.names.count) files written, 0 unchanged."), "\(result.stdout)")
        // Each edition is the one-language page with the language link under its title and its own charts.
        let single = try TemporaryDirectory()
        for language in ["en", "zh-TW"] {
            try FileManager.default.createDirectory(atPath: single.path(language), withIntermediateDirectories: true)
            let alone = try await TallyProcess.run(
                ["weekly", "--demo", "--through", "2026-10-03", "--lang", language, "--reports", "out"],
                in: single.path(language))
            #expect(alone.status == 0, "\(alone.stderr)")
            let page = try String(contentsOfFile: folder.path("out/week-01.\(language).md"), encoding: .utf8)
            let link =
                language == "en" ? "Also in: [繁體中文](week-01.zh-TW.md)\n\n" : "其他語言：[English](week-01.en.md)\n\n"
            let expected = try String(contentsOfFile: single.path("\(language)/out/week-01.md"), encoding: .utf8)
                .replacingOccurrences(of: "-daily.svg)", with: "-daily.\(language).svg)")
                .replacingOccurrences(of: "-original.svg)", with: "-original.\(language).svg)")
                .replacingOccurrences(of: "(index.md)", with: "(index.\(language).md)")
                .replacingOccurrences(of: "(week-02.md)", with: "(week-02.\(language).md)")
            let title = try #require(expected.range(of: "\n\n"))
            #expect(page == String(expected[..<title.upperBound]) + link + expected[title.upperBound...])
        }
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder.path("out/week-01.json")))
                == Data(contentsOf: URL(fileURLWithPath: single.path("en/out/week-01.json"))),
            "the JSON holds no language")
    }

    /// Every link of every Markdown page, as cmark-gfm reads it, names a file that was written, and
    /// the language links name the same page in the other language.
    @Test(.enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (Debian package cmark-gfm)"))
    func markdownLinksResolveThroughCmarkGfm() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await Self.writeBoth(folder).status == 0)
        for name in Self.names where name.hasSuffix(".md") {
            let markdown = try String(contentsOfFile: folder.path("out/\(name)"), encoding: .utf8)
            let rendering = try await CommonMark.render(markdown)
            #expect(rendering.strayAsterisks == 0, "\(name)")
            let links = Self.links(rendering.html)
            #expect(!links.isEmpty, "\(name)")
            for link in links {
                #expect(FileManager.default.fileExists(atPath: folder.path("out/\(link)")), "\(name) links to \(link)")
            }
            let other = name.contains(".en.") ? "zh-TW" : "en"
            let own = name.contains(".en.") ? "en" : "zh-TW"
            #expect(links.first == name.replacingOccurrences(of: ".\(own).", with: ".\(other)."), "\(name)")
        }
        // Images too: the charts each page shows are its own language's.
        let zh = try await CommonMark.render(
            String(contentsOfFile: folder.path("out/week-01.zh-TW.md"), encoding: .utf8))
        #expect(zh.html.contains("src=\"week-01-daily.zh-TW.svg\""))
    }

    @Test func htmlPagesNameTheirLanguageAndLinkTheOther() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await Self.writeBoth(folder).status == 0)
        let zh = try String(contentsOfFile: folder.path("out/week-02.zh-TW.html"), encoding: .utf8)
        #expect(zh.contains("<html lang=\"zh-TW\">"))
        #expect(zh.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"week-02.en.html\">\n<style>"))
        #expect(
            zh.contains(
                "<nav class=\"languages\"><p>其他語言：<a href=\"week-02.en.html\" hreflang=\"en\" lang=\"en\">English</a>"))
        let en = try String(contentsOfFile: folder.path("out/index.en.html"), encoding: .utf8)
        #expect(en.contains("<html lang=\"en\">"))
        #expect(en.contains("<a href=\"index.zh-TW.html\" hreflang=\"zh-TW\" lang=\"zh-TW\">繁體中文</a>"))
        #expect(en.contains("<a href=\"week-01.en.html\">"), "the index links its own language's weeks")
        #expect(!en.contains("Also in: [繁"), "the HTML draws its own links, not the Markdown's")
    }

    /// chromium resolves every `hreflang` link of every HTML page to a page that loads and whose
    /// `<html lang>` is the language the link promises.
    @Test(.enabled(if: OutsideProgram.mayRun(needing: "chromium", "timeout"), "needs chromium"))
    func chromiumFollowsEveryLanguageLinkToAPageInThatLanguage() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await Self.writeBoth(folder).status == 0)
        let pages = Self.names.filter { $0.hasSuffix(".html") }
        let frames = pages.map { "<iframe src=\"out/\($0)\"></iframe>" }.joined()
        let wrapper = """
            <!DOCTYPE html><html><body>\(frames)<script>
            window.addEventListener("load", () => {
              const pages = [...document.querySelectorAll("iframe")].map(f => ({
                url: f.contentWindow.location.href, lang: f.contentDocument.documentElement.lang,
                links: [...f.contentDocument.querySelectorAll("a[hreflang]")].map(a => [a.href, a.hreflang, a.lang]),
                heads: [...f.contentDocument.querySelectorAll("link[rel=alternate]")].map(l => [l.href, l.hreflang]) }));
              const out = document.createElement("pre"); out.id = "result";
              out.textContent = JSON.stringify(pages); document.body.appendChild(out);
            });
            </script></body></html>
            """
        try Data(wrapper.utf8).write(to: folder.url.appendingPathComponent("links.html"))
        let dom = try await ToolProcess.run(
            "timeout",
            [
                "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.path("p"))",
                "--allow-file-access-from-files", "--dump-dom",
                folder.url.appendingPathComponent("links.html")
                    .absoluteString,
            ])
        let json = try #require(
            dom.components(separatedBy: "<pre id=\"result\">").dropFirst().first?.components(separatedBy: "</pre>")
                .first)
        struct Page: Decodable {
            let url: String
            let lang: String
            let links: [[String]]
            let heads: [[String]]
        }
        let loaded = try JSONDecoder().decode(
            [Page].self, from: Data(json.replacingOccurrences(of: "&amp;", with: "&").utf8))
        #expect(loaded.count == pages.count)
        let languageOf = Dictionary(uniqueKeysWithValues: loaded.map { ($0.url, $0.lang) })
        for page in loaded {
            #expect(page.lang == (page.url.hasSuffix(".en.html") ? "en" : "zh-TW"), "\(page.url)")
            #expect(page.links.count == 1, "\(page.url)")
            #expect(page.heads.count == 1, "\(page.url)")
            for link in page.links + page.heads {
                #expect(languageOf[link[0]] == link[1], "\(page.url) links \(link) to a page in that language")
                #expect(link[1] != page.lang)
            }
        }
    }
}
