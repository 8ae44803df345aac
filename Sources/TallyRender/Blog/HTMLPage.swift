/// A self-contained HTML page made from the Markdown tally writes: the same blocks, so both
/// formats always say the same thing and a part added to the Markdown appears here too.
/// Inline CSS (light and dark by `prefers-color-scheme`, print rules, a 390 px phone layout),
/// inline SVG charts, no scripts and no outside requests. Tables get a `<caption>` (the heading
/// they stand under) and `scope` on their header cells.
package enum HTMLPage {
    /// The same page in another language: announced in the head (`<link rel="alternate" hreflang>`)
    /// and linked under the title (`<a hreflang lang>`, named in its own language).
    package struct Alternate: Sendable, Equatable {
        /// The other page's language.
        package let language: ReportLanguage
        /// The link to it, relative to this page and already a URL (percent-encoded).
        package let href: String
    }

    /// The page for a Markdown `document`. `charts` maps an image's file name (as linked from the
    /// Markdown) to its SVG text, drawn inline; `link` rewrites link targets (`.md` → `.html`).
    /// An image whose SVG is not given is left out with its alt text in a paragraph, so nothing
    /// outside the file is ever requested. `alternates` are the same page in other languages, linked
    /// under the first heading. `navigation` (one Markdown line of links: `WeeklySite.navigation`) stands above the
    /// title in small type, so it costs the first screen one short line; `meta`: the head's preview tags.
    package static func render(
        markdown document: String, title: String, language: ReportLanguage, charts: [String: Chart] = [:],
        link: @escaping (String) -> String = { $0 }, alternates: [Alternate] = [], navigation: String? = nil,
        meta: Meta? = nil
    ) -> String {
        let inline = MarkdownInline(link: link)
        var body = navigation.map { "<nav class=\"site\"><p>\(inline.html($0))</p></nav>\n" } ?? ""
        var caption = ""
        var underHeading = false
        var chartNumber = 0
        for block in document.components(separatedBy: "\n\n") {
            let text = block.trimmingTrailingNewlines()
            guard !text.isEmpty else { continue }
            // A chart right under its heading keeps the table after it "under the heading": its caption would
            // repeat the heading's words a third time (heading, chart title, caption), so only screen readers hear it.
            defer { underHeading = headingLevel(text) != nil || (underHeading && text.hasPrefix("![")) }
            if let (level, heading) = headingLevel(text) {
                caption = heading
                body += "<h\(level)>\(inline.html(heading))</h\(level)>\n"
                if level == 1, !alternates.isEmpty, !body.contains("<nav class=\"languages\"") {
                    body += languageLinks(alternates, language)
                }
            } else if text.hasPrefix("|") {
                body += table(text, caption: caption, captionShown: !underHeading, inline)
            } else if text.hasPrefix("> ") {
                let lines = text.split(separator: "\n").map { String($0.dropFirst(2)) }
                body += "<blockquote><p>\(inline.html(lines.joined(separator: " ")))</p></blockquote>\n"
            } else if text.hasPrefix("- ") {
                let items = text.split(separator: "\n").map { "<li>\(inline.html(String($0.dropFirst(2))))</li>" }
                body += "<ul>\n" + items.joined(separator: "\n") + "\n</ul>\n"
            } else if text.hasPrefix("!["),
                let (alt, file, _) = MarkdownInline.link(in: Array(text.dropFirst()), at: 0)
            {
                if let chart = charts[file] {
                    // Both layouts are inline; the style sheet shows the phone one below 600 px.
                    chartNumber += 1
                    body += "<figure>\n<div class=\"wide\">\n" + inlineSVG(chart.svg, number: chartNumber) + "</div>\n"
                    if let phone = chart.phone {
                        chartNumber += 1
                        body += "<div class=\"phone\">\n" + inlineSVG(phone, number: chartNumber) + "</div>\n"
                    }
                    body += "</figure>\n"
                } else {
                    body += "<p>\(inline.html(alt))</p>\n"
                }
            } else {
                body += "<p>\(inline.html(text.split(separator: "\n").joined(separator: " ")))</p>\n"
            }
        }
        return """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta http-equiv="Content-Security-Policy"
              content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
            <title>\(HTMLText.escape(title))</title>
            \(meta.map { $0.head(title: title, language: language) } ?? "")\
            \(alternates.map(alternateLink).joined())<style>
            \(style)</style>
            </head>
            <body>
            <main>
            \(body)</main>
            </body>
            </html>

            """
    }

    /// What a link preview (LINE, Facebook, a search result) reads in the head: `<meta name="description">` and the
    /// Open Graph tags (`og:title` is the page's title). `url` and `image` are absolute (`site_url`), or absent.
    package struct Meta: Sendable, Equatable {
        /// One plain line saying what the page says first.
        package var description: String
        /// The page's own public address, if known.
        package var url: String?
        /// The share image's public address, if one shows this page's result and its address is known.
        package var image: String?

        package init(description: String, url: String? = nil, image: String? = nil) {
            self.description = description
            self.url = url
            self.image = image
        }

        /// The tags, one a line, each ending in a newline.
        func head(title: String, language: ReportLanguage) -> String {
            func tag(_ attribute: String, _ name: String, _ content: String) -> String {
                "<meta \(attribute)=\"\(name)\" content=\"\(HTMLText.escape(content))\">\n"
            }
            var head = tag("name", "description", description)
            head += tag("property", "og:type", "website")
            head += tag("property", "og:title", title)
            head += tag("property", "og:description", description)
            head += tag("property", "og:locale", language.rawValue.replacingAll("-", with: "_"))
            if let url { head += tag("property", "og:url", url) }
            if let image {
                head += tag("property", "og:image", image)
                head += tag("property", "og:image:width", String(Int(ShareImage.width)))
                head += tag("property", "og:image:height", String(Int(ShareImage.height)))
                head += tag("name", "twitter:card", "summary_large_image")
            }
            return head
        }
    }

    /// The head's announcement of a page in another language (a line, or nothing without alternates).
    static func alternateLink(_ alternate: Alternate) -> String {
        "<link rel=\"alternate\" hreflang=\"\(alternate.language.rawValue)\" href=\"\(HTMLText.escape(alternate.href))\">\n"
    }

    /// The links under the title to the same page in the other languages, each named in its own language.
    static func languageLinks(_ alternates: [Alternate], _ language: ReportLanguage) -> String {
        let links = alternates.map {
            "<a href=\"\(HTMLText.escape($0.href))\" hreflang=\"\($0.language.rawValue)\" lang=\"\($0.language.rawValue)\">"
                + HTMLText.escape($0.language.nativeName) + "</a>"
        }
        return "<nav class=\"languages\"><p>\(HTMLText.escape(language.otherLanguagesLead))"
            + links.joined(separator: " · ") + "</p></nav>\n"
    }

    /// A chart drawn inline: its SVG, and the phone layout shown instead on narrow screens, if there is one.
    package struct Chart: Sendable, Equatable {
        /// The SVG of the chart file.
        package let svg: String
        /// The phone layout (`SVGChart.phoneBars`), shown below 600 px.
        package let phone: String?

        /// A chart, with its phone layout if any.
        package init(svg: String, phone: String? = nil) {
            self.svg = svg
            self.phone = phone
        }
    }

    /// `## Heading` → (2, "Heading").
    static func headingLevel(_ text: String) -> (Int, String)? {
        let hashes = text.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), text.dropFirst(hashes).hasPrefix(" "), !text.contains("\n") else { return nil }
        return (hashes, String(text.dropFirst(hashes + 1)))
    }

    /// A Markdown table (header, alignment row, rows) as an HTML table. Each data cell carries its
    /// column's name (`data-label`), so on a phone every row folds into lines of "name value" under
    /// the first text column (the option) and nothing scrolls sideways; a desktop keeps the full table. A cell
    /// whose text already starts with its column's name (「便利貼 5」 under 便利貼) is not labelled twice. The caption
    /// is only for screen readers when the table stands right under its heading (`captionShown` false).
    static func table(_ text: String, caption: String, captionShown: Bool = true, _ inline: MarkdownInline) -> String {
        let lines = text.split(separator: "\n").map { cells(String($0)) }
        guard lines.count >= 2 else { return "<p>\(inline.html(text))</p>\n" }
        let alignments = lines[1].map { $0.hasSuffix(":") ? " class=\"num\"" : "" }
        func align(_ column: Int) -> String { column < alignments.count ? alignments[column] : "" }
        let captionClass = captionShown ? "" : " class=\"heard\""
        var html =
            "<div class=\"table\"><table>\n<caption\(captionClass)>\(inline.html(caption))</caption>\n<thead><tr>"
        for (column, cell) in lines[0].enumerated() {
            html += "<th scope=\"col\"\(align(column))>\(inline.html(cell))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        let names = lines[0].map { MarkdownInline.plain($0) }
        for row in lines.dropFirst(2) {
            html += "<tr>"
            for (column, cell) in row.enumerated() {
                let named = column < names.count && !MarkdownInline.plain(cell).hasPrefix(names[column])
                let label = named ? " data-label=\"\(HTMLText.escape(names[column]))\"" : ""
                html += "<td\(align(column))\(label)>\(inline.html(cell))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table></div>\n"
    }

    /// The cells of one table line, split at unescaped `|` and trimmed of the padding.
    static func cells(_ line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in line.dropFirst() {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "|" {
                cells.append(current.trimming(" "))
                current = ""
            } else {
                current.append(character)
            }
        }
        return cells
    }

    /// An SVG chart for inlining: without its XML declaration, with ids made unique on the page
    /// (every chart file names its title `chart-title`), and scaled to the page's width.
    static func inlineSVG(_ svg: String, number: Int) -> String {
        var text = svg
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>\n") { text = String(text[end.upperBound...]) }
        // Only the attributes `SVGChart.header` writes are renumbered: text is escaped (a `"` is `&quot;`), so an
        // option named `chart-title` or `id="chart-title"` can never match, and stays as written.
        return text.replacingAll("id=\"chart-title\"", with: "id=\"chart-\(number)-title\"")
            .replacingAll("id=\"chart-desc\"", with: "id=\"chart-\(number)-desc\"")
            .replacingAll(
                "aria-labelledby=\"chart-title chart-desc\"",
                with: "aria-labelledby=\"chart-\(number)-title chart-\(number)-desc\"")
    }

    /// The page's style sheet. A zh-TW column heading keeps its words whole (`word-break: keep-all`): a squeezed
    /// table would otherwise break 「選的人數」 a character a line; the text itself carries no invisible joiner, so
    /// find-in-page and copy find the words as written.
    static let style = """
        :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #ffffff; --muted: #5f6368; --line: #d0d4d9;
          --stripe: #f4f6f8; --accent: #2f5f9e; }
        @media (prefers-color-scheme: dark) {
          :root { --fg: #e8eaed; --bg: #16181b; --muted: #a8adb4; --line: #3c4047; --stripe: #1f2226;
            --accent: #8ab4f8; }
          figure svg { filter: invert(0.88) hue-rotate(180deg); }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body { margin: 0; color: var(--fg); background: var(--bg); line-height: 1.55;
          font-family: system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK TC', 'Noto Sans TC', 'PingFang TC',
            'Microsoft JhengHei', 'WenQuanYi Micro Hei', sans-serif; }
        main { max-width: 52rem; margin: 0 auto; padding: 1rem; overflow-wrap: anywhere; }
        h1 { font-size: 1.6rem; line-height: 1.25; }
        nav.site { font-size: 0.8rem; line-height: 1.3; } nav.site p { margin: 0; } nav.site + h1 { margin-top: 0.3rem; }
        h2 { font-size: 1.3rem; margin-top: 2rem; border-bottom: 1px solid var(--line); }
        h3 { font-size: 1.1rem; } h4 { font-size: 1rem; }
        a { color: var(--accent); }
        code { font-size: 0.9em; overflow-wrap: anywhere; }
        blockquote { margin: 1rem 0; padding: 0.25rem 1rem; border-left: 4px solid var(--accent); }
        .table { max-width: 100%; overflow-x: auto; margin: 1rem 0; }
        table { border-collapse: collapse; font-size: 0.9rem; overflow-wrap: normal; }
        td { min-width: 2.5em; } td:not(.num) { min-width: 5em; overflow-wrap: anywhere; }
        caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; color: var(--muted); }
        caption.heard { display: block; position: absolute; width: 1px; height: 1px; padding: 0; overflow: hidden;
          clip-path: inset(50%); white-space: nowrap; }
        th, td { border-bottom: 1px solid var(--line); padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
        :lang(zh) th { word-break: keep-all; }
        tbody tr:nth-child(even) { background: var(--stripe); }
        .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        figure { margin: 1rem 0; }
        figure svg { display: block; max-width: 100%; height: auto; }
        figure .phone { display: none; }
        @media (max-width: 600px) { figure .wide:has(+ .phone) { display: none; } figure .phone { display: block; } }
        @media (max-width: 480px) { main { padding: 0.75rem; }
          .table, .table table, .table tbody, .table tr, .table td { display: block; width: 100%; }
          .table thead, .table caption { position: absolute; width: 1px; height: 1px; overflow: hidden;
            clip: rect(0 0 0 0); }
          .table tr { padding: 0.4rem 0; border-bottom: 1px solid var(--line); }
          .table td { display: inline-block; width: auto; min-width: 0; border: 0; padding: 0 0.9rem 0 0;
            text-align: left; white-space: normal; }
          .table td::before { content: attr(data-label) " "; color: var(--muted); font-size: 0.85em; }
          .table td:not(.num) { display: block; font-weight: 600; }
          .table td:not(.num) ~ td:not(.num) { font-weight: normal; }
          .table td:first-child.num:has(+ td:not(.num)) { float: left; font-weight: 600; padding-right: 0.5rem; }
          .table td:first-child.num:has(+ td:not(.num))::before, .table td:first-child.num + td:not(.num)::before {
            content: none; } }
        @media print { :root { --fg: #000; --bg: #fff; --stripe: #f2f2f2; --line: #999; }
          figure svg { filter: none; } main { max-width: none; padding: 0; }
          .table { overflow: visible; } h2, h3 { break-after: avoid; } table, figure { break-inside: avoid; }
          a { color: inherit; } }

        """
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = Substring(self)
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}
