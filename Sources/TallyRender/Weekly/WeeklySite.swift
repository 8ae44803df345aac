import TallyCore

/// What makes the weekly pages a site readers move through and share: the links between the pages (index,
/// previous, next and newest week), the way back to the vote page (`vote_url`), and the HTML head a link preview
/// reads (`og:` tags and a description). Links between week files are relative, so the folder can be published
/// anywhere; the only absolute addresses are the ones the settings give: the vote page, and the folder's own public
/// address (`site_url`), without which a page carries no `og:image` or `og:url` (a preview needs an absolute URL,
/// and tally cannot guess where the folder is published).
package struct WeeklySite: Sendable, Equatable {
    /// The vote page every page and the share image link back to (`vote_url`), if set.
    package var voteURL: WebAddress?
    /// The public address of the reports folder (`site_url`), if set.
    package var siteURL: WebAddress?
    /// Per language, the share image of the newest week (`--share`) as a path inside the reports folder
    /// (`share.png`, `img/share.zh-TW.png`), when one is written there.
    package var shareImages: [ReportLanguage: String]

    package init(voteURL: WebAddress? = nil, siteURL: WebAddress? = nil, shareImages: [ReportLanguage: String] = [:]) {
        self.voteURL = voteURL
        self.siteURL = siteURL
        self.shareImages = shareImages
    }

    /// The line of links on a week's page (at its top and its end): the index, the previous and the next week,
    /// the newest week (when this is not it) and the vote page. `weeks` are the run's week numbers, oldest first.
    package func navigation(week: Int, weeks: [Int], edition: LanguageEdition) -> String {
        let l = edition.language
        var links = [link(l.allWeeksLink, edition.name(WeeklyFiles.index))]
        if let position = weeks.firstIndex(of: week) {
            if position > 0 {
                let previous = weeks[position - 1]
                links.append(link(l.previousWeekLink(previous), edition.name(WeeklyFiles.markdown(previous))))
            }
            if position + 1 < weeks.count {
                let next = weeks[position + 1]
                links.append(link(l.nextWeekLink(next), edition.name(WeeklyFiles.markdown(next))))
            }
            if let newest = weeks.last, newest != week, newest != weeks[position + 1] {
                links.append(link(l.newestWeekLink(newest), edition.name(WeeklyFiles.markdown(newest))))
            }
        }
        return (links + voteLinks(l)).joined(separator: Self.separator)
    }

    /// The index's line of links: the newest week and the vote page (nothing when there is neither).
    package func indexNavigation(newest: Int?, edition: LanguageEdition) -> String? {
        let l = edition.language
        var links: [String] = []
        if let newest { links.append(link(l.newestWeekLink(newest), edition.name(WeeklyFiles.markdown(newest)))) }
        links += voteLinks(l)
        return links.isEmpty ? nil : links.joined(separator: Self.separator)
    }

    /// Between two links of a line: a middle dot, as between the language links.
    static let separator = " · "

    /// The link to the vote page, if there is one.
    func voteLinks(_ l: ReportLanguage) -> [String] {
        voteURL.map { ["[\(l.voteLink)](\($0.markdownTarget))"] } ?? []
    }

    /// A link to a file of the folder: relative, percent-encoded (`LanguageEdition.linkTarget`).
    func link(_ text: String, _ file: String) -> String {
        "[\(text)](\(LanguageEdition.linkTarget(file)))"
    }

    /// The head of a page's HTML for previews: `description` (the page's first sentences, Markdown), `page` the
    /// page's file name in the folder (its `og:url`, with `site_url`), `image` whether the page shows the newest week's
    /// result (only then is the share image, which shows it, its `og:image`).
    func meta(description: [String], page: String, image: Bool, language: ReportLanguage) -> HTMLPage.Meta {
        let url = siteURL.map { $0.appending(LanguageEdition.linkTarget(page)) }
        let imageURL =
            image
            ? shareImages[language].flatMap { path in
                siteURL.map {
                    $0.appending(
                        path.split(separator: "/").map { LanguageEdition.linkTarget(String($0)) }
                            .joined(separator: "/"))
                }
            } : nil
        return HTMLPage.Meta(
            description: Self.shortened(description.map(MarkdownInline.readerText), gap: language.sentenceGap),
            url: url, image: imageURL)
    }

    /// The most characters of a description: what link previews show before they cut.
    static let descriptionLength = 160

    /// `sentences` (plain text) as one line of at most `descriptionLength` characters: as many whole sentences as
    /// fit, so a preview never stops inside a word or a clause. Only a first sentence longer than that is cut, with
    /// an ellipsis, at its last space or Chinese clause mark that fits (a long option name can make it so).
    package static func shortened(_ sentences: [String], gap: String) -> String {
        var text = ""
        for sentence in sentences {
            let line = sentence.split(whereSeparator: \.isNewline).joined(separator: " ")
            let longer = text.isEmpty ? line : text + gap + line
            if longer.count <= descriptionLength {
                text = longer
                continue
            }
            if text.isEmpty {
                let head = Array(line.prefix(descriptionLength - 1))
                let end = head.lastIndex { $0 == " " || "，、；：".contains($0) } ?? head.count
                text = String(head[..<end]) + "…"
            }
            break
        }
        return text
    }
}

/// The weekly site's words.
extension ReportLanguage {
    /// The link to the index from a week's page.
    package var allWeeksLink: String { pick("All weeks", "所有週次") }
    package func previousWeekLink(_ week: Int) -> String { pick("← Week \(week)", "← 第 \(week) 週") }
    package func nextWeekLink(_ week: Int) -> String { pick("Week \(week) →", "第 \(week) 週 →") }
    package func newestWeekLink(_ week: Int) -> String { pick("Newest: week \(week)", "最新：第 \(week) 週") }
    /// The link back to the vote page.
    package var voteLink: String { pick("Vote", "去投票") }

    /// The heading the index opens with: the newest result.
    package var currentResultHeading: String { pick("The result so far", "目前結果") }
    /// Under the newest result: as of when, and the week whose page shows the whole tally (its link).
    package func currentResultSource(_ asOf: String, _ week: Int, _ link: String) -> String {
        pick(
            "As of \(asOf). [Week \(week)'s page](\(link)) has the full ranking and charts.",
            "統計至\(spaced(asOf, after: false))。[第 \(week) 週的頁面](\(link))有完整的排名和圖表。")
    }
    /// Before the newest result in the index's preview: when it stands (`ReaderTimes.until`).
    package func resultAsOf(_ asOf: String) -> String {
        pick("As of \(asOf): ", "統計至\(spaced(asOf, after: false))：")
    }
    /// The heading of the index's list of weeks.
    package var everyWeekHeading: String { pick("Every week", "每一週") }
}
