import Foundation
import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// The Markdown as a blogger publishes it: `cmark-gfm -e table` makes the HTML, a plain blog's style sheet
/// (no table scroll box, no word breaking) dresses it, and headless chromium lays it out in a 390 × 844 px
/// phone frame. The ranking must read there: no sideways scroll, the first row on the first screen, and no
/// column squeezed so that its figures wrap.
@Suite("Markdown in a phone column", .serialized, .timeLimit(.minutes(10)))
struct MarkdownPhoneTests {
    static let available = BrowserTests.available && OutsideProgram.isInstalled("cmark-gfm")

    /// A plain blog theme: a centred column, 16 px text, bordered table cells.
    static let blogStyle = """
        body { margin: 0 auto; max-width: 42rem; padding: 0 16px; font: 16px/1.6 sans-serif; }
        img { max-width: 100%; }
        table { border-collapse: collapse; margin: 1rem 0; }
        th, td { border: 1px solid #ccc; padding: 4px 8px; }
        """

    /// What the frame measured.
    struct Measure: Decodable {
        let page: String
        let clientWidth: Int
        let scrollWidth: Int
        /// Per table: its width, the bottom of its first body row (CSS px from the page's top), and the narrowest
        /// content width of each column divided by the cells' font size (in em).
        let tables: [Table]
        /// The right edge of the widest element outside the tables (CSS px): text a phone cannot wrap.
        let outside: Double

        struct Table: Decodable {
            let width: Double
            let firstRowBottom: Double
            let columnEms: [Double]
            /// Per column: whether one of its body cells runs to a second line.
            let bodyWraps: [Bool]

            /// Every column has room for two characters, or else none of its figures wraps: a narrow column of
            /// short numbers (the rank) reads, even when a blog's theme breaks its two-character heading (the
            /// Markdown carries no invisible joiner to stop that: find-in-page must find 名次; tally's own HTML keeps
            /// a zh-TW heading whole with `word-break: keep-all`).
            var columnsRead: Bool {
                zip(columnEms, bodyWraps).allSatisfy { em, wraps in em >= 1.9 || !wraps }
            }
        }
    }

    /// `markdown` through cmark-gfm into a page with the blog style sheet.
    static func blogPage(_ markdown: String, language: ReportLanguage) async throws -> String {
        let body = try await CommonMark.render(markdown).html
        return """
            <!DOCTYPE html><html lang="\(language.rawValue)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1"><style>\(blogStyle)</style></head>
            <body>\(body)</body></html>
            """
    }

    /// Lays out every page in a 390 × 844 frame and measures it.
    static func measure(_ pages: [String], in folder: TemporaryDirectory) async throws -> [String: Measure] {
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
                const tables = [...d.querySelectorAll("table")].map(t => {
                  const rows = [...t.rows];
                  const columns = rows[0].cells.length;
                  const ems = [], wraps = [];
                  for (let c = 0; c < columns; c++) {
                    ems.push(Math.min(...rows.map(r => {
                      const cell = r.cells[c], s = w.getComputedStyle(cell);
                      const content = cell.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
                      return content / parseFloat(s.fontSize);
                    })));
                    // A body cell of this column that runs to a second line (its text's rectangles on two rows).
                    wraps.push([...t.tBodies[0].rows].some(r => {
                      const range = d.createRange();
                      range.selectNodeContents(r.cells[c]);
                      const tops = new Set([...range.getClientRects()].map(q => Math.round(q.top)));
                      return tops.size > 1;
                    }));
                  }
                  const first = t.tBodies[0] && t.tBodies[0].rows[0];
                  return { width: t.getBoundingClientRect().width,
                    firstRowBottom: first ? first.getBoundingClientRect().bottom + w.scrollY : -1, columnEms: ems,
                    bodyWraps: wraps };
                });
                const outside = Math.max(0, ...[...d.body.querySelectorAll("*")].filter(e => !e.closest("table"))
                  .map(e => e.getBoundingClientRect().right));
                return { page: frame.dataset.page, clientWidth: d.documentElement.clientWidth,
                  scrollWidth: d.documentElement.scrollWidth, tables, outside };
              });
              const out = document.createElement("pre");
              out.id = "measure";
              out.textContent = JSON.stringify(results);
              document.body.appendChild(out);
            });
            </script></body></html>
            """
        let url = folder.url.appendingPathComponent("measure.html")
        try Data(wrapper.utf8).write(to: url)
        let dom = try await BrowserTests.dumpDOM(url, profile: folder.path("profile"))
        let json = try #require(
            dom.components(separatedBy: "<pre id=\"measure\">").dropFirst().first?.components(separatedBy: "</pre>")
                .first,
            "the wrapper page did not report: \(dom.prefix(500))")
        let unescaped = json.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let measures = try JSONDecoder().decode([Measure].self, from: Data(unescaped.utf8))
        return Dictionary(uniqueKeysWithValues: measures.map { ($0.page, $0) })
    }

    /// `--brief` of the demo in both languages, and the ranking table of the demo's weekly pages: the page does not
    /// scroll sideways, the brief's first ranking row ends on the first screen, and every column of a ranking
    /// table has room for two characters or, narrower, keeps its figures on one line (`Table.columnsRead`). The old
    /// eight-column table is the control: the check sees it fail.
    @Test(.enabled(if: available || BrowserTests.required, "needs chromium and cmark-gfm"))
    func theRankingReadsInAPhoneColumn() async throws {
        let folder = try TemporaryDirectory()
        let demo = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
        var pages: [String] = []
        for language in ReportLanguage.allCases {
            let tag = language.rawValue
            var documents = [
                ("brief", MarkdownReport.render(demo, language: language, selection: .briefing)),
                (
                    "week",
                    try String(
                        contentsOf: BrowserTests.demoFolder.appendingPathComponent("\(tag)/week-01.md"), encoding: .utf8
                    )
                ),
                ("full-brief", MarkdownReport.render(demo, language: language, selection: .briefing.withFullRanking)),
            ]
            // The control for the page's width: the week with its hash in one piece, as it was written before.
            let week = documents[1].1
            let hashLine = try #require(
                week.split(separator: "\n").first { $0.hasPrefix("Data fingerprint: `") || $0.hasPrefix("資料指紋：`") })
            let shown = try #require(hashLine.split(separator: "`").dropFirst().first)
            documents.append(
                (
                    "whole-hash",
                    week.replacingOccurrences(of: String(shown), with: shown.replacingOccurrences(of: " ", with: ""))
                ))
            for (name, markdown) in documents {
                try Data(try await Self.blogPage(markdown, language: language).utf8).write(
                    to: folder.url.appendingPathComponent("\(tag)-\(name).html"))
                pages.append("\(tag)-\(name).html")
            }
        }
        let measures = try await Self.measure(pages, in: folder)
        for language in ReportLanguage.allCases {
            let tag = language.rawValue
            let brief = try #require(measures["\(tag)-brief.html"])
            #expect(brief.scrollWidth <= brief.clientWidth, "\(tag) brief scrolls sideways: \(brief.scrollWidth) px")
            let first = try #require(brief.tables.first, "\(tag) brief has no table")
            #expect(first.firstRowBottom > 0 && first.firstRowBottom <= 844, "\(tag): first row ends at \(first)")
            for table in brief.tables {
                #expect(table.width <= Double(brief.clientWidth), "\(tag) brief: a table is \(table.width) px")
                #expect(table.columnsRead, "\(tag) brief: a column is \(table.columnEms) em, wraps \(table.bodyWraps)")
            }
            let week = try #require(measures["\(tag)-week.html"]?.tables.first, "\(tag) week has no table")
            #expect(week.width <= 390 && week.columnsRead, "\(tag) week: \(week)")
            // Nothing outside the tables runs past the column: the fingerprint's hash wraps in its four groups (the
            // full tables under "How this was counted" may be wider in English, by design). The whole hash did not.
            let page = try #require(measures["\(tag)-week.html"])
            #expect(page.outside <= Double(page.clientWidth), "\(tag) week: text runs to \(page.outside) px")
            let whole = try #require(measures["\(tag)-whole-hash.html"])
            #expect(
                whole.outside > Double(whole.clientWidth), "\(tag): the whole hash was not caught: \(whole.outside)")
            // The control: every column in one table squeezes some column under two characters, or overflows.
            let full = try #require(measures["\(tag)-full-brief.html"])
            let squeezed = try #require(full.tables.first)
            #expect(
                full.scrollWidth > full.clientWidth || !squeezed.columnsRead,
                "\(tag): the eight-column table was not caught: \(squeezed)")
        }
    }
}
