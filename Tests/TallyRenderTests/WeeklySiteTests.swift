import Foundation
import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// Issue 46 item 6: the weekly pages are a site readers move through and share. Each week's page links the index,
/// the previous, the next and the newest week and the vote page (`vote_url`), in the page's language, relatively
/// between the week files; the index opens with the current result; the HTML pages carry a description and the
/// `og:` tags a link preview reads, the share image only where it shows the page's result and its address is
/// known (`site_url`). Checked through cmark-gfm and in chromium at 390 px.
@Suite("The weekly site", .serialized, .timeLimit(.minutes(10)))
struct WeeklySiteTests {
    static let zone = try! Zone(parsing: "Asia/Taipei")
    /// Every character RFC 3986 allows that Markdown or HTML could read as structure: an entity (`&copy;`),
    /// parentheses that would end a link, emphasis, brackets, quotes.
    static let hostileVote = "https://example.org/v?a=1&copy;=2(x)*_[y]!$'+,;=~#f"
    static let site = WeeklySite(
        voteURL: try! WebAddress(parsing: hostileVote), siteURL: try! WebAddress(parsing: "https://example.org/tally"),
        shareImages: [.english: "img/share.en.png", .traditionalChinese: "img/share.zh-TW.png"])

    /// The demo through four weeks (weeks 2–4 quiet), launched 2026-09-19 in Taipei.
    static func tallies() throws -> ([WeeklyTally], WeekCalendar) {
        let calendar = WeekCalendar(launch: Zone.parseDate("2026-09-19")!, zone: zone)
        let tallies = try WeeklyAnalyzer(calendar: calendar, parameters: .demo())
            .tallies(from: Demo.inMemory(), through: StoredTimestamp.parse("2026-10-17 00:00:00")!)
        return (tallies, calendar)
    }

    /// Every file of a run in both languages, rendered, by name.
    static func files(site: WeeklySite = site) throws -> [String: String] {
        let (tallies, calendar) = try tallies()
        let planned = WeeklyPages.planned(
            tallies, calendar: calendar, editions: LanguageEdition.all([.english, .traditionalChinese]), html: true,
            site: site)
        return Dictionary(uniqueKeysWithValues: planned.map { ($0.name, $0.render()) })
    }

    /// Each `<a href>` of an HTML text, its target unescaped, with its text.
    static func links(_ html: String) -> [(href: String, text: String)] {
        ReaderPagesTests.matches("<a href=\"[^\"]*\"[^>]*>[^<]*</a>", html).map { anchor in
            let href = anchor.components(separatedBy: "href=\"")[1].components(separatedBy: "\"")[0]
            let text = anchor.components(separatedBy: ">")[1].components(separatedBy: "<")[0]
            return (unescape(href), unescape(text))
        }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x27;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The vote page's address as a link reaches a browser: the given text, its parentheses and brackets
    /// percent-encoded.
    static let voteHref = hostileVote.replacingOccurrences(of: "(", with: "%28").replacingOccurrences(
        of: ")", with: "%29"
    )
    .replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D")

    @Test(
        .enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (apt-get install cmark-gfm)"),
        arguments: ReportLanguage.allCases)
    func everyWeekLinksTheIndexItsNeighboursTheNewestAndTheVotePage(_ language: ReportLanguage) async throws {
        let files = try Self.files()
        let tag = language.rawValue
        for week in 1...4 {
            let markdown = try #require(files["week-0\(week).\(tag).md"])
            let html = try #require(files["week-0\(week).\(tag).html"])
            var expected = [(language == .english ? "All weeks" : "所有週次", "index.\(tag).md")]
            if week > 1 {
                expected.append((language.previousWeekLink(week - 1), "week-0\(week - 1).\(tag).md"))
            }
            if week < 4 { expected.append((language.nextWeekLink(week + 1), "week-0\(week + 1).\(tag).md")) }
            if week < 3 { expected.append((language.newestWeekLink(4), "week-04.\(tag).md")) }
            expected.append((language == .english ? "Vote" : "去投票", Self.voteHref))
            // cmark-gfm, the renderer a blog uses, reads the line under the title as exactly these links.
            let rendered = try await CommonMark.render(markdown).html
            let firstParagraphs = rendered.components(separatedBy: "</p>")
            let navigation = try #require(firstParagraphs.first { $0.contains("index.\(tag).md") })
            let links = Self.links(navigation)
            #expect(links.map(\.text) == expected.map(\.0), "week \(week) \(tag): \(links)")
            #expect(links.map(\.href) == expected.map(\.1), "week \(week) \(tag): \(links)")
            // The address stays one link: no emphasis, code or second link made from its characters.
            for element in ["<em>", "<strong>", "<code>"] { #expect(!navigation.contains(element), "\(navigation)") }
            // tally's own HTML page links the same pages, as HTML, and the same vote page.
            let ownNavigation = try #require(
                html.components(separatedBy: "</p>").first { $0.contains("index.\(tag).html") })
            #expect(
                Self.links(ownNavigation).map(\.href)
                    == expected.map { $0.1.hasSuffix(".md") ? String($0.1.dropLast(3)) + ".html" : $0.1 })
            // A page with a tally repeats the links at its end; a quiet week's page is one sentence under them.
            let count = rendered.components(separatedBy: "index.\(tag).md").count - 1
            #expect(count == (week == 1 ? 2 : 1), "week \(week) \(tag): \(count) lines of links")
        }
    }

    @Test(arguments: ReportLanguage.allCases)
    func theIndexOpensWithTheCurrentResult(_ language: ReportLanguage) throws {
        let files = try Self.files()
        let (tallies, _) = try Self.tallies()
        let index = try #require(files["index.\(language.rawValue).md"])
        let blocks = index.components(separatedBy: "\n\n")
        // Title, the other language, the newest week and the vote page, then the result.
        #expect(blocks[2].hasPrefix("[\(language.newestWeekLink(4))](week-04.\(language.rawValue).md)"))
        #expect(blocks[3] == "## " + language.currentResultHeading)
        let newest = try #require(tallies.last)
        let headline = MarkdownReport.render(
            newest.report, language: language, selection: try ReportSelection.parse(only: "headline"))
        #expect(headline.components(separatedBy: "\n\n")[1] == blocks[4], "\(blocks[4])")
        // As of the newest week's last day; the tally itself is on the latest page that has one (week 1).
        #expect(
            blocks[5]
                == language.currentResultSource(
                    language == .english ? "Fri 16 Oct" : "10/16（五）", 1, "week-01.\(language.rawValue).md"))
        #expect(index.range(of: "## " + language.currentResultHeading)!.lowerBound < index.range(of: "- [")!.lowerBound)
    }

    @Test(arguments: ReportLanguage.allCases)
    func htmlPagesCarryTheTagsALinkPreviewReads(_ language: ReportLanguage) throws {
        let tag = language.rawValue
        func meta(_ html: String, _ name: String) -> [String] {
            ReaderPagesTests.matches("<meta (name|property)=\"\(name)\" content=\"[^\"]*\">", html).map {
                Self.unescape($0.components(separatedBy: "content=\"")[1].components(separatedBy: "\"")[0])
            }
        }
        let files = try Self.files()
        for page in ["week-01", "week-04", "index"] {
            let html = try #require(files["\(page).\(tag).html"])
            let title = Self.unescape(
                try #require(
                    html.components(separatedBy: "<title>").dropFirst().first?.components(separatedBy: "</title>").first
                ))
            #expect(meta(html, "og:title") == [title])
            let description = meta(html, "description")
            #expect(description.count == 1 && meta(html, "og:description") == description)
            #expect(
                description.allSatisfy { !$0.isEmpty && $0.count <= 160 && !$0.contains("*") && !$0.contains("](") })
            #expect(meta(html, "og:url") == ["https://example.org/tally/\(page).\(tag).html"])
            // The share image shows the newest result: the index's and the newest week's, not an older week's.
            #expect(
                meta(html, "og:image") == (page == "week-01" ? [] : ["https://example.org/tally/img/share.\(tag).png"]))
        }
        // Week 1's description is what its page says first: who leads, in whole sentences (never "… Small sa…").
        let week1 = try #require(files["week-01.\(tag).html"])
        let first = try #require(meta(week1, "description").first)
        #expect(first.hasPrefix(language == .english ? "Tied for first" : "「做了好多事"), "\(first)")
        // The index's says the same answer as of its newest week's end, so the two previews differ.
        let indexPage = try #require(files["index.\(tag).html"])
        let index = try #require(meta(indexPage, "description").first)
        #expect(index.hasPrefix(language.resultAsOf(language == .english ? "Fri 16 Oct" : "10/16（五）")), "\(index)")
        #expect(index != first)
        for description in [first, index] {
            #expect(
                description.hasSuffix(language == .english ? "." : "。") && !description.contains("…"), "\(description)")
        }
        // Without the folder's address there is no absolute URL to give: no og:url, no og:image; the rest stays.
        let bare = try Self.files(site: WeeklySite(voteURL: Self.site.voteURL))
        for page in ["week-01", "week-04", "index"] {
            let html = try #require(bare["\(page).\(tag).html"])
            #expect(meta(html, "og:image").isEmpty && meta(html, "og:url").isEmpty)
            #expect(meta(html, "og:title").count == 1 && meta(html, "description").count == 1)
        }
        // Without a vote page, no link to one.
        let none = try Self.files(site: WeeklySite())
        #expect(!(none["week-01.\(tag).md"] ?? "").contains("example.org"))
        #expect((none["week-01.\(tag).md"] ?? "").contains("(index.\(tag).md)"))
    }

    /// A description keeps whole sentences; only a first sentence longer than a preview shows is cut, at a space
    /// or a Chinese clause mark, never inside a word.
    @Test func aDescriptionIsCutBetweenSentencesNeverInsideAWord() {
        let gap = ReportLanguage.english.sentenceGap
        let short = "Tied for first with 10 voters each."
        #expect(WeeklySite.shortened([short, String(repeating: "Small sample words. ", count: 8)], gap: gap) == short)
        let long = (0..<40).map { "word\($0)" }.joined(separator: " ") + "."
        let cut = WeeklySite.shortened([long], gap: gap)
        #expect(cut.hasSuffix("…") && cut.count <= 160)
        #expect(long.hasPrefix(String(cut.dropLast()) + " "), "\(cut)")
        let chinese = String(repeating: "這是一段很長的句子，", count: 20) + "。"
        let zh = WeeklySite.shortened([chinese], gap: "")
        #expect(zh.hasSuffix("子…") && zh.count <= 160, "\(zh)")
    }

    @Test func anAddressIsCheckedOnceAndWhatIsRefusedIsSaid() throws {
        for good in [
            "https://example.org/vote", "http://example.org", "HTTPS://Example.org:8443/v?x=1&y=2#top",
            "https://[2001:db8::1]/vote", "https://example.org/%E6%8A%95%E7%A5%A8",
        ] {
            #expect((try? WebAddress(parsing: good))?.text == good, "\(good)")
        }
        let refused: [(String, WebAddress.Problem)] = [
            ("", .empty), ("javascript:alert(1)", .notHTTP), ("ftp://example.org/", .notHTTP),
            ("//example.org/vote", .notHTTP), ("example.org/vote", .notHTTP), ("https://", .noHost),
            ("https:///vote", .noHost), ("https://user:secret@example.org/", .userInfo),
            ("https://example.org/a b", .character(" ")), ("https://example.org/\"><script>", .character("\"")),
            ("https://example.org/投票", .character("投")), ("https://example.org/\u{202E}", .character("\u{202E}")),
            ("https://example.org/a\\b", .character("\\")), ("https://example.org/%zz", .badPercent),
            ("https://example.org/`x`", .character("`")),
            ("https://example.org/" + String(repeating: "a", count: 2000), .tooLong(2020)),
        ]
        for (text, problem) in refused {
            #expect(throws: problem, "\(text)") { try WebAddress(parsing: text) }
        }
        #expect("\(WebAddress.Problem.character("\""))".contains("'\"' (U+0022)"))
        #expect(try WebAddress(parsing: "https://example.org/vote/?a=1#x").shown == "example.org/vote")
        #expect(
            try WebAddress(parsing: "https://example.org/t?x").appending("share.png")
                == "https://example.org/t/share.png")
    }

    /// The links in a phone's column: each HTML page and each Markdown page as a blog shows it (cmark-gfm and a plain
    /// theme), 390 px wide in chromium: nothing scrolls sideways, and every link of the line under the title is
    /// drawn, inside the column, in the page's language.
    @Test(.enabled(if: MarkdownPhoneTests.available || BrowserTests.required, "needs chromium and cmark-gfm"))
    func theLinksReadInAPhonesColumn() async throws {
        let folder = try TemporaryDirectory()
        let files = try Self.files()
        var pages: [String] = []
        for language in ReportLanguage.allCases {
            let tag = language.rawValue
            for name in ["week-01", "week-02", "index"] {
                let html = try #require(files["\(name).\(tag).html"])
                try Data(html.utf8).write(to: folder.url.appendingPathComponent("\(name).\(tag).html"))
                pages.append("\(name).\(tag).html")
                let markdown = try #require(files["\(name).\(tag).md"])
                try Data(try await MarkdownPhoneTests.blogPage(markdown, language: language).utf8).write(
                    to: folder.url.appendingPathComponent("blog-\(name).\(tag).html"))
                pages.append("blog-\(name).\(tag).html")
            }
        }
        let frames = pages.map {
            "<iframe data-page=\"\($0)\" src=\"\($0)\" style=\"width:390px;height:844px;border:0\"></iframe>"
        }
        let wrapper = """
            <!DOCTYPE html><html><body style="margin:0">
            \(frames.joined(separator: "\n"))
            <script>
            window.addEventListener("load", () => {
              const results = [...document.querySelectorAll("iframe")].map(frame => {
                const d = frame.contentDocument, w = frame.contentWindow;
                const links = [...d.querySelectorAll("a")].map(a => { const r = a.getBoundingClientRect();
                  const s = w.getComputedStyle(a);
                  return { href: a.getAttribute("href"), text: a.textContent, left: r.left, right: r.right,
                    width: r.width, height: r.height, shown: s.display !== "none" && s.visibility === "visible" }; });
                return { page: frame.dataset.page, clientWidth: d.documentElement.clientWidth,
                  scrollWidth: d.documentElement.scrollWidth, links };
              });
              const out = document.createElement("pre");
              out.id = "measure";
              out.textContent = JSON.stringify(results);
              document.body.appendChild(out);
            });
            </script></body></html>
            """
        struct Measure: Decodable {
            struct Link: Decodable {
                let href: String
                let text: String
                let left: Double
                let right: Double
                let width: Double
                let height: Double
                let shown: Bool
            }
            let page: String
            let clientWidth: Int
            let scrollWidth: Int
            let links: [Link]
        }
        let url = folder.url.appendingPathComponent("measure.html")
        try Data(wrapper.utf8).write(to: url)
        let dom = try await BrowserTests.dumpDOM(url, profile: folder.path("profile"))
        let json = try #require(
            dom.components(separatedBy: "<pre id=\"measure\">").dropFirst().first?.components(separatedBy: "</pre>")
                .first, "the wrapper page did not report: \(dom.prefix(500))")
        let measures = try JSONDecoder().decode([Measure].self, from: Data(Self.unescape(json).utf8))
        #expect(measures.count == pages.count)
        for measure in measures {
            let language: ReportLanguage = measure.page.contains("zh-TW") ? .traditionalChinese : .english
            #expect(
                measure.scrollWidth <= measure.clientWidth, "\(measure.page) scrolls sideways: \(measure.scrollWidth)")
            let vote = measure.links.filter { $0.href == Self.voteHref }
            #expect(!vote.isEmpty && vote.allSatisfy { $0.text == language.voteLink }, "\(measure.page): \(vote)")
            let home = measure.page.contains("index") ? language.newestWeekLink(4) : language.allWeeksLink
            #expect(measure.links.contains { $0.text == home }, "\(measure.page): no link “\(home)”")
            for link in measure.links {
                #expect(
                    link.shown && link.width > 0 && link.height > 0 && link.left >= 0
                        && link.right <= Double(measure.clientWidth) + 0.5,
                    "\(measure.page): the link \(link.text) is at \(link.left)–\(link.right)")
            }
        }
    }
}
