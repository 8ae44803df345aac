import Foundation
import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// Issue 46 "Written for her readers", what a native zh-TW editor and an English editor would change on the demo's
/// week 1: one count per table that means what its heading says, the method's words the table's words, one meaning
/// per column heading, no invisible characters, nothing printed about a comparison week 1 cannot make, and an empty
/// section said of its options and their day. Each check reads the committed pages (reports/demo), both languages.
extension ReaderPagesTests {
    /// The committed week page of a language.
    func week1(_ language: ReportLanguage) throws -> String {
        try String(
            contentsOf: Self.demoFolder.appendingPathComponent("\(language.rawValue)/week-01.md"), encoding: .utf8)
    }

    /// The cells of the first table after the line `heading`, row by row (header first, the alignment row left out).
    static func table(after heading: String, in page: String) throws -> [[String]] {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == heading }, "no “\(heading)”")
        let rows = lines[start...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return rows.enumerated().filter { $0.offset != 1 }.map { row in
            row.element.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    // MARK: 1. The ranges' table counts the voters its ranges are of

    @Test(arguments: ReportLanguage.allCases)
    func theRangesTableCountsVotersAsTheRankingAndTheHeadlineDo(_ language: ReportLanguage) throws {
        let page = try week1(language)
        let section = language.sectionName("original")
        let ranking = try Self.table(after: "## " + language.sectionHeading(section), in: page)
        let ranges = try Self.table(after: "### " + language.fullTable(section), in: page)
        #expect(ranges.first?[1] == (language == .english ? "Voters" : "選的人數"), "\(ranges.first ?? [])")
        #expect(ranking.first?[2] == ranges.first?[1], "one heading for one count")
        // The same counts as the ranking's, option by option: 10, 10, 6, 5, 5; the votes (13, 12, …) are not it.
        let counted = ranges.dropFirst().map { [$0[0], $0[1]] }
        #expect(counted == ranking.dropFirst().map { [$0[1], $0[2]] })
        #expect(counted.map { $0[1] } == ["10", "10", "6", "5", "5"])
        // The control: the demo's leaders have more votes than voters, so the old column would have failed.
        let first = try #require(model.sections.first?.options.first)
        #expect(first.votes != first.voters)
    }

    // MARK: 3. The method names the table's words, in at most three sentences

    @Test(arguments: ReportLanguage.allCases)
    func theMethodDefinesExactlyTheWordsTheTableShows(_ language: ReportLanguage) throws {
        let page = try week1(language)
        let paragraph = try #require(
            page.components(separatedBy: "\n\n").first {
                $0.hasPrefix(language == .english ? "The likely range" : "誤差範圍：")
            })
        let sentences =
            language == .english
            ? paragraph.components(separatedBy: ". ").count : paragraph.filter { $0 == "。" }.count
        #expect(sentences <= 3, "\(paragraph)")
        let marks = language == .english ? "“[^”]+”" : "「[^」]+」"
        let quoted = Set(Self.matches(marks, paragraph).map { String($0.dropFirst().dropLast()) })
        var words: Set<String> = []
        for section in model.sections {
            let table = try Self.table(after: "### " + language.fullTable(language.sectionName(section.name)), in: page)
            words.formUnion(table.dropFirst().map { $0[3] })
        }
        words.subtract(["—", language.standing(.leader)])
        #expect(!words.isEmpty)
        #expect(quoted == words, "method: \(quoted); table: \(words)")
        // The wording the editors asked for: a poll's margin of error, the real favourite.
        #expect(
            paragraph.contains(
                language == .english
                    ? "The likely range works like a poll's margin of error" : "誤差範圍：有 95% 的把握，真正的比例落在這個範圍裡"))
        #expect(
            paragraph.contains(
                language == .english
                    ? "how likely each option is to be the real favourite" : "領先機率：依目前的選擇推算，這個選項其實是第一名的機會"))
        // The words are the table's by construction: every standing the method can name is quoted as the table says.
        let all = language.shortMethod(
            chances: true, standings: [.behind, .probablyBehind, .notDistinguishable], ratio: "3")
        for standing in [ReportModel.Standing.behind, .probablyBehind, .notDistinguishable] {
            #expect(all.contains(language.quote(language.standing(standing))), "\(all)")
        }
    }

    // MARK: 4. One meaning per column heading

    @Test(arguments: ReportLanguage.allCases)
    func eachCountHasItsOwnHeading(_ language: ReportLanguage) throws {
        let page = try week1(language)
        let zh = language == .traditionalChinese
        let daily = try Self.table(after: "## " + language.activityHeading(language.zoneName("Asia/Taipei")), in: page)
        let usage = try Self.table(after: "## " + language.usageHeading, in: page)
        let notes = try Self.table(after: "## " + language.suggestionsHeading, in: page)
        let ranking = try Self.table(after: "## " + language.sectionHeading(language.sectionName("original")), in: page)
        #expect(ranking.first == (zh ? ["名次", "選項", "選的人數", "比例"] : ["Rank", "Option", "Voters", "Share"]))
        #expect(daily.first?[1] == (zh ? "投票人數" : "Voters"))
        #expect(notes.first?[3] == (zh ? "提議人數" : "Written by"))
        #expect(language.usageHeading == (zh ? "每人投了幾票" : "How votes were used"))
        #expect(
            usage.first
                == (zh ? ["投了幾票", "人數", "其中重複投同一選項"] : ["Votes used", "Voters", "2 or more on one option"]))
        // A bare 「人數」 heads one column only: the usage table's count of people.
        if zh {
            let headers = MarkdownTableHeaders.all(in: page)
            #expect(headers.filter { $0 == "人數" }.count == 1, "\(headers)")
        }
    }

    // MARK: 5. No invisible characters

    @Test(arguments: ReportLanguage.allCases)
    func publicPagesCarryNoWordJoinerAndTheHeadingsAreFound(_ language: ReportLanguage) throws {
        for (name, page) in try publicPages(language) {
            #expect(!page.unicodeScalars.contains { $0.value == 0x2060 }, "\(language) \(name): a U+2060")
        }
        let page = try week1(language)
        #expect(page.contains(language == .english ? "| Rank |" : "| 名次 |"))
        // What kept 「人數」 whole in a squeezed column is the HTML page's style, not a character in the text (the
        // Markdown in a blog's phone column is measured by MarkdownPhoneTests).
        let html = try String(
            contentsOf: Self.demoFolder.appendingPathComponent("\(language.rawValue)/week-01.html"), encoding: .utf8)
        #expect(html.contains(":lang(zh) th { word-break: keep-all; }"))
    }

    // MARK: 6. Week 1 compares with nothing; no sentence about no pair

    @Test(arguments: ReportLanguage.allCases)
    func weekOneShowsNoComparisonAndNoEmptyPairSentence(_ language: ReportLanguage) throws {
        let page = try week1(language)
        let zh = language == .traditionalChinese
        for leftover in [
            zh ? "與上線前相比" : "Changes since", "0 → 15", "0 → 43", language.noEarlierRanking,
            language.movesHeading(language.sectionName("original")), "沒有哪兩個選項", "No two options were chosen",
        ] {
            #expect(!page.contains(leftover), "\(language): “\(leftover)”")
        }
        // The notes decided that week stay, under "This week".
        let thisWeek = try #require(page.range(of: "## " + language.thisWeekHeading))
        let decided = try #require(page.range(of: "### " + language.decisionsHeading))
        #expect(thisWeek.upperBound < decided.lowerBound)
        // The moderators' page still says that no pair stands out: the check ran.
        var parameters = ReportParameters.demo()
        parameters.audience = .moderators
        let moderators = MarkdownReport.render(
            try Analyzer(parameters: parameters).report(from: Demo.inMemory()), language: language)
        #expect(moderators.contains(zh ? "沒有哪兩個選項特別常" : "No two options were chosen by the same voters"))
    }

    /// The control: a week after the first still compares with the week before (the demo launched three days
    /// earlier, so its week 2 has votes and the promoted options).
    @Test(arguments: ReportLanguage.allCases)
    func aLaterWeekStillComparesWithTheWeekBefore(_ language: ReportLanguage) throws {
        let calendar = WeekCalendar(launch: Zone.parseDate("2026-09-16")!, zone: WeeklySiteTests.zone)
        let tallies = try WeeklyAnalyzer(calendar: calendar, parameters: .demo())
            .tallies(from: Demo.inMemory(), through: StoredTimestamp.parse("2026-09-29 16:00:00")!)
        let week2 = try #require(tallies.dropFirst().first)
        #expect(!week2.isQuiet)
        let edition = try #require(LanguageEdition.all([language]).first)
        let page = WeeklyMarkdown.render(week2, edition: edition)
        #expect(page.contains("## " + language.changesHeading(1)), "\(page)")
        #expect(page.contains("### " + language.movesHeading(language.sectionName("original"))))
        let first = WeeklyMarkdown.render(try #require(tallies.first), edition: edition)
        #expect(!first.contains(language.movesHeading(language.sectionName("original"))))
    }

    // MARK: 7. An empty section is said of its options and their day

    @Test(arguments: ReportLanguage.allCases)
    func anEmptySectionSaysWhichOptionsAndSinceWhen(_ language: ReportLanguage) throws {
        let page = try week1(language)
        let sentence = language == .english ? "Added Thu 24 Sep; no votes yet." : "這兩個選項 9/24（四）才加入，之後還沒有人投票。"
        #expect(page.contains("\n\n" + sentence + "\n\n"), "\(language)")
        #expect(!page.contains("區塊還沒有人投票") && !page.contains("No votes in this section"))
        // One date format on the page: the range cells name the day as the rest of the page does.
        #expect(!page.contains("Sep 24") && !page.contains("9/24 "), "\(language)")
        // The words for one option, several days, and options open from the start.
        #expect(
            language.noVotesYet(1, added: nil)
                == (language == .english ? "No votes for this option yet." : "這個選項還沒有人投票。"))
        let days = language == .english ? ("Tue 22 Sep", "Thu 24 Sep") : ("9/22（二）", "9/24（四）")
        #expect(
            language.noVotesYet(3, added: days)
                == (language == .english
                    ? "Added from Tue 22 Sep to Thu 24 Sep; no votes yet."
                    : "這 3 個選項在 9/22（二）到 9/24（四）之間加入，之後還沒有人投票。"))
    }
}

/// The header cells of every Markdown table of a page (the line above each alignment row).
enum MarkdownTableHeaders {
    static func all(in page: String) -> [String] {
        let lines = page.split(separator: "\n")
        return zip(lines, lines.dropFirst()).filter { $0.1.hasPrefix("| -") || $0.1.hasPrefix("| :") }.flatMap {
            $0.0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }
}
