import Foundation
import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// The HTML pages in a real browser: Debian's `chromium`, headless. The pages have no scripts
/// (their Content-Security-Policy forbids them), so the measuring script lives in a wrapper page
/// made by the test, which loads each page unchanged into a 390 px wide frame (a phone) and
/// reads the rendered layout: no horizontal overflow, every chart drawn with a size and inside
/// the page, and no element made from user text.
@Suite("HTML in headless chromium", .serialized, .timeLimit(.minutes(20)))
struct BrowserTests {
    /// Found the way it is run (`timeout chromium …` through PATH), not at a fixed path: a chromium
    /// outside PATH skips the suite instead of failing it with "timeout exited 127".
    static let available = OutsideProgram.isInstalled("chromium") && OutsideProgram.isInstalled("timeout")
    /// Under CI the browser is required (`.ci/run` installs it), so a missing one fails instead of skipping.
    static let required = OutsideProgram.isCI
    static let phoneWidth = 390
    static let demoFolder = ToolProcess.repository.appendingPathComponent("reports/demo")

    /// What the wrapper measured in one frame.
    struct Measure: Decodable {
        let page: String
        let clientWidth: Int
        let scrollWidth: Int
        let scrollHeight: Int
        let lang: String
        /// Each inline chart: left, right, width, height, and whether it is displayed and visible.
        let charts: [[Double]]
        let chartsVisible: [Bool]
        /// Elements that user text must never become.
        let forbidden: Int
        let text: String
        /// The body's computed background and text colours.
        let background: String
        let color: String
        /// The first table's first row: its top (CSS px from the page's top), the width of its first text
        /// cell (the option) and that cell's font size; nil without a table.
        let firstRowTop: Double?
        let optionWidth: Double?
        let optionFontSize: Double?
        /// Table boxes whose content is wider than the box (a sideways scroll inside the page).
        let tablesOverflowing: Int
        /// Whether the first table shows its header row (desktop) or folds its rows (phone).
        let headerShown: Bool
        /// The rendered size in CSS px of every text of the inline charts.
        let chartTextSizes: [Double]
        /// The text a reader sees (`innerText`), code left out: for the English-leak check.
        let visible: String
    }

    /// Runs headless chromium on `url` and returns the page's DOM after load.
    /// With `dark`, the browser prefers a dark colour scheme (`--force-dark-mode`).
    static func dumpDOM(_ url: URL, profile: String, dark: Bool = false) async throws -> String {
        try await ToolProcess.run(
            "timeout",
            [
                "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)",
                "--allow-file-access-from-files", "--window-size=900,900", "--dump-dom", url.absoluteString,
            ] + (dark ? ["--force-dark-mode"] : []))
    }

    /// Loads every page in a 390 px frame of one wrapper page and returns the measurements, by page name.
    static func measure(
        _ pages: [String], in folder: TemporaryDirectory, dark: Bool = false, width: Int = phoneWidth
    ) async throws -> [String: Measure] {
        let frames = pages.enumerated().map { index, page in
            "<iframe id=\"f\(index)\" data-page=\"\(page)\" src=\"\(page)\" "
                + "style=\"width:\(width)px;height:844px;border:0\"></iframe>"
        }
        let wrapper = """
            <!DOCTYPE html><html><body style="margin:0">
            \(frames.joined(separator: "\n"))
            <script>
            window.addEventListener("load", () => {
              const results = [...document.querySelectorAll("iframe")].map(frame => {
                const d = frame.contentDocument, w = frame.contentWindow;
                // The charts laid out at this width: each figure holds a wide and a phone layout, one displayed.
                const charts = [...d.querySelectorAll("figure svg")].filter(s => s.getClientRects().length > 0);
                return {
                  page: frame.dataset.page, clientWidth: d.documentElement.clientWidth,
                  scrollWidth: d.documentElement.scrollWidth, scrollHeight: d.documentElement.scrollHeight,
                  lang: d.documentElement.lang,
                  charts: charts.map(s => { const r = s.getBoundingClientRect(); return [r.left, r.right, r.width, r.height]; }),
                  chartsVisible: charts.map(s => { const c = w.getComputedStyle(s);
                    return c.display !== "none" && c.visibility === "visible" && c.opacity !== "0"; }),
                  forbidden: d.querySelectorAll("script, img, iframe, object, embed, form, input, b, del, a[href^='javascript']").length,
                  text: d.body.textContent,
                  background: w.getComputedStyle(d.body).backgroundColor, color: w.getComputedStyle(d.body).color,
                  ...(() => {
                    const row = d.querySelector("table tbody tr");
                    const cell = row && [...row.cells].find(c => !c.classList.contains("num"));
                    const thead = d.querySelector("table thead");
                    return {
                      firstRowTop: row ? row.getBoundingClientRect().top + w.scrollY : null,
                      optionWidth: cell ? cell.getBoundingClientRect().width : null,
                      optionFontSize: cell ? parseFloat(w.getComputedStyle(cell).fontSize) : null,
                      headerShown: !!thead && thead.getBoundingClientRect().height > 2,
                    };
                  })(),
                  tablesOverflowing: [...d.querySelectorAll(".table")].filter(b => b.scrollWidth > b.clientWidth + 1).length,
                  chartTextSizes: charts.flatMap(s => {
                    const scale = s.getBoundingClientRect().width / s.viewBox.baseVal.width;
                    return [...s.querySelectorAll("text")].map(t => parseFloat(w.getComputedStyle(t).fontSize) * scale);
                  }),
                  // Last: it takes the code out of the page.
                  visible: (() => { d.querySelectorAll("code, pre").forEach(c => c.remove()); return d.body.innerText; })(),
                };
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
        let dom = try await dumpDOM(url, profile: folder.path("profile"), dark: dark)
        let json = try #require(
            dom.components(separatedBy: "<pre id=\"measure\">").dropFirst().first?.components(separatedBy: "</pre>")
                .first,
            "the wrapper page did not report: \(dom.prefix(500))")
        let unescaped = json.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let measures = try JSONDecoder().decode([Measure].self, from: Data(unescaped.utf8))
        return Dictionary(uniqueKeysWithValues: measures.map { ($0.page, $0) })
    }

    /// The demo's weekly pages (as committed; ReportsFolderTests keeps them current), the report in both
    /// languages, and pages full of hostile text.
    @Test(.enabled(if: available || required, "needs chromium (Debian package chromium)"))
    func pagesFitAPhoneShowEveryChartAndKeepUserTextInert() async throws {
        let folder = try TemporaryDirectory()
        var pages: [String: String] = [:]
        for language in ReportLanguage.allCases {
            for name in ["week-01.html", "week-02.html", "index.html"] {
                let file = Self.demoFolder.appendingPathComponent("\(language.rawValue)/\(name)")
                pages["\(language.rawValue)-\(name)"] = try String(contentsOf: file, encoding: .utf8)
            }
            let demo = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
            pages["\(language.rawValue)-report.html"] = HTMLReport.render(demo, language: language)
            pages["\(language.rawValue)-hostile.html"] = HTMLReport.render(
                try HostileTextTests.model(), language: language)
            let tally = try WeeklyHostileTextTests.tally()
            pages["\(language.rawValue)-hostile-week.html"] =
                WeeklyPages.html(tally, edition: .single(language)).content
        }
        for (name, content) in pages { try Data(content.utf8).write(to: folder.url.appendingPathComponent(name)) }
        // A control page that overflows, hides its chart and lets text become markup: the checks must see all three.
        let control =
            "<!DOCTYPE html><html lang=\"en\"><body><div style=\"width:600px\">wide</div><b>x</b>"
            + "<figure style=\"visibility:hidden\"><svg width=\"300\" height=\"100\"></svg></figure></body></html>"
        try Data(control.utf8).write(to: folder.url.appendingPathComponent("control.html"))
        let measures = try await Self.measure(pages.keys.sorted() + ["control.html"], in: folder)
        #expect(measures.count == pages.count + 1)
        let caught = try #require(measures["control.html"])
        #expect(caught.scrollWidth > caught.clientWidth && caught.chartsVisible == [false] && caught.forbidden == 1)
        for (name, content) in pages.sorted(by: { $0.key < $1.key }) {
            let measure = try #require(measures[name], "\(name) was not measured")
            #expect(
                measure.clientWidth > 300 && measure.clientWidth <= Self.phoneWidth, "\(name): \(measure.clientWidth)")
            #expect(measure.scrollWidth <= measure.clientWidth, "\(name) overflows sideways: \(measure.scrollWidth) px")
            #expect(measure.lang == String(name.prefix(2)) || measure.lang == "zh-TW" && name.hasPrefix("zh-TW"))
            let drawn = content.components(separatedBy: "<figure>").count - 1
            #expect(measure.charts.count == drawn, "\(name): \(measure.charts.count) of \(drawn) charts rendered")
            #expect(measure.chartsVisible.allSatisfy { $0 } && measure.chartsVisible.count == drawn, "\(name)")
            for chart in measure.charts {
                #expect(
                    chart[0] >= 0 && chart[1] <= Double(measure.clientWidth), "\(name): a chart sticks out: \(chart)")
                #expect(chart[2] > 200 && chart[3] > 50, "\(name): a chart is too small to see: \(chart)")
            }
            #expect(measure.forbidden == 0, "\(name): user text became markup")
            // A zh-TW page shows no English word outside option names, note text, names, numbers and code.
            if name.hasPrefix("zh-TW"), !name.contains("hostile") {
                let english = PageWords.englishWords(in: measure.visible)
                #expect(english.isEmpty, "\(name) shows English: \(Set(english).sorted())")
            }
        }
        // Charts on the demo's first week: the daily chart and the original options' ranking.
        #expect(measures["en-week-01.html"]?.charts.count == 2)
        #expect(measures["zh-TW-week-01.html"]?.charts.count == 2)
        // The demo's week 2 is quiet (issue 34.5): one sentence, no chart, no table, no ranking repeated.
        for name in ["en-week-02.html", "zh-TW-week-02.html"] {
            let measure = try #require(measures[name])
            #expect(measure.charts.isEmpty && measure.firstRowTop == nil, "\(name)")
            #expect(measure.visible.contains("15") && measure.visible.count < 200, "\(name): \(measure.visible)")
        }
        for name in ["en-hostile.html", "zh-TW-hostile.html", "en-hostile-week.html"] {
            let text = try #require(measures[name]?.text)
            #expect(text.contains("<b>bold</b> <script>alert(1)</script>"), "\(name): the text is shown as written")
            #expect(text.contains("*emph* _under_ ~strike~"), "\(name): emphasis marks in user text stay text")
            // A long name is shown whole and wraps (the page does not scroll sideways: checked above).
            #expect(text.contains(HostileTextTests.longName), "\(name): the long option name is cut")
        }
    }

    /// Phone first: at 390 px the headline and the first ranking row are on the first screen (844 px), the
    /// option names have room (at least 8 characters a line), the ranking's columns fold under the option
    /// instead of scrolling sideways; at 1280 px the full table with its header row. Light and dark. The report is
    /// rendered without flags: its charts are drawn all the same, their text at least 11 CSS px.
    @Test(.enabled(if: available || required, "needs chromium (Debian package chromium)"))
    func theResultIsOnAPhonesFirstScreen() async throws {
        let folder = try TemporaryDirectory()
        var pages: [String] = []
        let demo = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
        for language in ReportLanguage.allCases {
            let week = Self.demoFolder.appendingPathComponent("\(language.rawValue)/week-01.html")
            try FileManager.default.copyItem(
                at: week, to: folder.url.appendingPathComponent("\(language.rawValue)-week-01.html"))
            let report = "\(language.rawValue)-report.html"
            // No flags: the report draws its ranking chart inline without `--charts`.
            let html = HTMLReport.render(demo, language: language)
            try Data(html.utf8).write(to: folder.url.appendingPathComponent(report))
            pages += ["\(language.rawValue)-week-01.html", report]
        }
        for dark in [false, true] {
            let phone = try await Self.measure(pages, in: folder, dark: dark)
            let desktop = try await Self.measure(pages, in: folder, dark: dark, width: 1280)
            for page in pages {
                let small = try #require(phone[page], "\(page) was not measured")
                let top = try #require(small.firstRowTop, "\(page) has no table")
                #expect(top + 30 <= 844, "\(page) (dark: \(dark)): the first ranking row starts at \(top) px")
                let width = try #require(small.optionWidth)
                let size = try #require(small.optionFontSize)
                #expect(width >= 8 * size, "\(page): the option cell is \(width) px for \(size) px text")
                #expect(small.tablesOverflowing == 0 && small.scrollWidth <= small.clientWidth, "\(page) scrolls")
                #expect(!small.headerShown, "\(page): the phone layout folds the rows")
                // Chart text is readable on the phone: its phone layout is drawn at no less than 11 CSS px.
                #expect(
                    small.chartTextSizes.allSatisfy { $0 >= 11 } && !small.chartTextSizes.isEmpty,
                    "\(page) at 390 px: \(small.charts.count) charts, text \(small.chartTextSizes.min() ?? 0) px")
                let large = try #require(desktop[page])
                #expect(large.headerShown && large.tablesOverflowing == 0, "\(page): the desktop keeps the table")
                #expect(
                    large.chartTextSizes.allSatisfy { $0 >= 11 } && !large.chartTextSizes.isEmpty,
                    "\(page): \(large.charts.count) charts, text \(large.chartTextSizes)")
            }
        }
    }

    /// Light and dark by `prefers-color-scheme`: the same page, light by default and dark when the
    /// browser prefers it, with the text colour following.
    @Test(.enabled(if: available || required, "needs chromium (Debian package chromium)"))
    func pagesFollowTheColourScheme() async throws {
        let folder = try TemporaryDirectory()
        let page = Self.demoFolder.appendingPathComponent("zh-TW/week-01.html")
        try FileManager.default.copyItem(at: page, to: folder.url.appendingPathComponent("week-01.html"))
        let light = try await #require(try Self.measure(["week-01.html"], in: folder)["week-01.html"])
        let dark = try await #require(try Self.measure(["week-01.html"], in: folder, dark: true)["week-01.html"])
        #expect(light.background == "rgb(255, 255, 255)" && light.color == "rgb(29, 29, 31)")
        #expect(dark.background == "rgb(22, 24, 27)" && dark.color == "rgb(232, 234, 237)")
        #expect(dark.scrollWidth <= dark.clientWidth && dark.charts.count == 2)
    }

    /// Screenshots of the demo's first week at phone width, kept in reports/demo/ beside the pages.
    /// Chromium's pixels differ between versions and font sets, so the comparison is of the things that
    /// must hold: the image decodes (every chunk, zlib and scanline filters, by Support/png_ink.py), is
    /// 390 px wide, has ink, and is as tall as the committed one within 10%. Re-record with
    /// TALLY_RECORD_GOLDEN=1.
    @Test(
        .enabled(if: available || required, "needs chromium (Debian package chromium)"),
        arguments: ReportLanguage.allCases)
    func screenshotsOfTheDemoWeekAreValidAndCurrent(_ language: ReportLanguage) async throws {
        let folder = try TemporaryDirectory()
        let page = Self.demoFolder.appendingPathComponent("\(language.rawValue)/week-01.html")
        try FileManager.default.copyItem(at: page, to: folder.url.appendingPathComponent("week-01.html"))
        let height = try await #require(try Self.measure(["week-01.html"], in: folder)["week-01.html"]?.scrollHeight)
        let shot = folder.path("week-01.png")
        try await ToolProcess.run(
            "timeout",
            [
                "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=\(folder.path("profile"))",
                "--hide-scrollbars", "--window-size=\(Self.phoneWidth),\(height)", "--screenshot=\(shot)",
                folder.url.appendingPathComponent("week-01.html").absoluteString,
            ])
        let fresh = try Data(contentsOf: URL(fileURLWithPath: shot))
        let size = try #require(Self.pngSize(fresh), "chromium's screenshot is not a PNG")
        #expect(size.width == Self.phoneWidth)
        #expect(size.height == height)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Support/png_ink.py")
        let counts = try await ToolProcess.run("python3", [script.path, shot]).split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(counts.count == 2 && counts[0] > 0 && counts[1] == size.width * size.height)

        let committed = Self.demoFolder.appendingPathComponent("\(language.rawValue)/week-01.png")
        if GoldenFiles.recording {
            try fresh.write(to: committed)
            Issue.record(
                "re-recorded reports/demo/\(language.rawValue)/week-01.png; run again without TALLY_RECORD_GOLDEN")
            return
        }
        let stored = try #require(
            try? Data(contentsOf: committed),
            "missing reports/demo/\(language.rawValue)/week-01.png; record with TALLY_RECORD_GOLDEN=1")
        let storedSize = try #require(Self.pngSize(stored), "the committed screenshot is not a PNG")
        #expect(storedSize.width == Self.phoneWidth)
        #expect(
            abs(storedSize.height - size.height) * 10 <= size.height,
            "the page's length changed: \(storedSize.height) px committed, \(size.height) px now; re-record")
    }

    /// Issue 34.7: at 390 px a card of 票怎麼投 keeps its first column's name (no bare bold 「1」), a card of the
    /// notes decided never reads 「便利貼 便利貼 5」; at 1280 px no caption repeats the heading right above its table.
    @Test(.enabled(if: available || required, "needs chromium (Debian package chromium)"))
    func cardsKeepTheirLabelsAndCaptionsDoNotRepeatTheHeading() async throws {
        let folder = try TemporaryDirectory()
        let page = Self.demoFolder.appendingPathComponent("zh-TW/week-01.html")
        try FileManager.default.copyItem(at: page, to: folder.url.appendingPathComponent("week.html"))
        func run(width: Int) async throws -> [Int] {
            let wrapper = """
                <!DOCTYPE html><html><body style="margin:0">
                <iframe src="week.html" style="width:\(width)px;height:844px;border:0"></iframe>
                <script>
                window.addEventListener("load", () => {
                  const d = document.querySelector("iframe").contentDocument, w = d.defaultView;
                  const cells = [...d.querySelectorAll("td")];
                  // A first number cell followed by another number: its ::before must show the column's name.
                  const bare = cells.filter(td => td.cellIndex === 0 && td.classList.contains("num")
                    && td.nextElementSibling && td.nextElementSibling.classList.contains("num")
                    && !w.getComputedStyle(td, "::before").content.includes(td.closest("table").tHead.rows[0].cells[0].textContent)).length;
                  const twice = cells.filter(td => {
                    const label = w.getComputedStyle(td, "::before").content.replace(/^"|\\s*"$/g, "").trim();
                    return label.length > 0 && label !== "none" && td.textContent.startsWith(label);
                  }).length;
                  const captions = [...d.querySelectorAll("caption")].filter(c => c.getBoundingClientRect().height > 2
                    && /^H[1-6]$/.test(c.closest(".table").previousElementSibling.tagName)).length;
                  const out = document.createElement("pre");
                  out.id = "measure";
                  out.textContent = JSON.stringify([bare, twice, captions, cells.length]);
                  document.body.appendChild(out);
                });
                </script></body></html>
                """
            let url = folder.url.appendingPathComponent("m\(width).html")
            try Data(wrapper.utf8).write(to: url)
            let dom = try await Self.dumpDOM(url, profile: folder.path("profile"))
            let json = try #require(
                dom.components(separatedBy: "<pre id=\"measure\">").dropFirst().first?.components(separatedBy: "</pre>")
                    .first)
            return try JSONDecoder().decode([Int].self, from: Data(json.utf8))
        }
        let phone = try await run(width: Self.phoneWidth)
        #expect(phone[3] > 0 && phone[0] == 0, "at 390 px \(phone[0]) cards lose their first column's name")
        #expect(phone[1] == 0, "at 390 px \(phone[1]) cells repeat their column's name")
        let desktop = try await run(width: 1280)
        #expect(desktop[2] == 0, "at 1280 px \(desktop[2]) captions repeat the heading above them")
    }

    /// Width and height from a PNG's signature and IHDR chunk.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[12...15] == [0x49, 0x48, 0x44, 0x52]
        else { return nil }
        func integer(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (integer(16), integer(20))
    }
}
