import Testing

@testable import TallyCore
@testable import TallyRender

/// The sentences under a ranking, for each case the demo does not show (the goldens hold the coin toss).
@Suite("Chance of leading and chosen together in Markdown")
struct UncertaintyMarkdownTests {
    /// Section `original`: option 1 chosen by 100 sessions, option 2 by 10, 5 of them with option 1.
    /// Section `community`: only option 3 has voters. Option 4 is never chosen.
    static func model(
        _ patterns: [ChoicePattern],
        sections: [(id: Int64, section: String)] = [
            (1, "original"), (2, "original"), (3, "community"), (4, "community"),
        ]
    ) throws -> ReportModel {
        let at = Instant(seconds: 1_789_754_400)
        var voters: [Int64: Int] = [:]
        for pattern in patterns { for id in pattern.optionIDs { voters[id, default: 0] += pattern.sessions } }
        let sessions = patterns.reduce(0) { $0 + $1.sessions }
        var options: [ReportFigures.Option] = []
        for (id, section) in sections {
            let count: Int = voters[id] ?? 0
            options.append(
                ReportFigures.Option(
                    id: id, content: "option \(id)", section: section, createdAt: at, voters: count, votes: count,
                    votersAll: count, votesAll: count))
        }
        let figures = ReportFigures(
            options: options,
            totals: .init(
                votersAll: sessions, votesAll: sessions * 2, voters: sessions, votes: sessions * 2, firstVoteAll: at,
                lastVoteAll: at),
            exclusions: .init(listed: [], total: 0), days: [],
            timeline: .init(firstVote: at, lastVote: at, longestGap: nil),
            usage: [], statuses: [], approved: [], anomalies: [], choices: patterns)
        return try ReportModel(figures: figures, parameters: ReportParameters(asOf: at.adding(seconds: 60)))
    }

    /// Counts in these sentences group digits by three, in both languages, as every other count does (docs/glossary.md).
    @Test func countsInTheseSentencesGroupTheirDigits() {
        // The day as the page writes every date (`ReaderTimes.date`).
        #expect(ReportLanguage.english.votableAmong("Thu 24 Sep", 12_345) == " (of the 12,345 voters since Thu 24 Sep)")
        #expect(
            ReportLanguage.traditionalChinese.votableAmong("9/24（四）", 12_345) == "（9/24（四）加入後投票的 12,345 人中）")
        #expect(ReportLanguage.english.togetherCaution(1) == " With 1 voter this is a hint, not a finding.")
        #expect(ReportLanguage.traditionalChinese.togetherCaution(1_000) == "只有 1,000 人，這只是線索，還不是結論。")
        let pair = ChosenPair(first: "“A”", second: "“B”", voters: 2_500, lift: "1.4×")
        #expect(
            ReportLanguage.english.oftenTogether([pair])
                == "Often chosen by the same voters: “A” and “B” (2,500 voters, 1.4× what chance would give).")
        #expect(
            ReportLanguage.traditionalChinese.rarelyTogether([pair]) == "特別少被同一個人一起選的：“A”和“B”（2,500 人，是純屬巧合時的 1.4×）。")
    }

    @Test func aClearLeadOneVotedOptionAndPairsAreSaidInBothLanguages() throws {
        let model = try UncertaintyMarkdownTests.model([
            ChoicePattern(optionIDs: [1], sessions: 95), ChoicePattern(optionIDs: [1, 2], sessions: 5),
            ChoicePattern(optionIDs: [2], sessions: 5), ChoicePattern(optionIDs: [3], sessions: 7),
        ])
        let english = MarkdownReport.render(model, language: .english)
        #expect(english.contains("That lead is clear: a 100% chance of truly leading, against 0% for “option 2”."))
        #expect(english.contains("Only “option 3” has voters here."))
        // The 5 sessions that chose two options chose these two: what independent voters would do too. No pair stands
        // out, so a public page says nothing about pairs (the moderators' page says so: ReaderPagesTests).
        #expect(!english.contains("No two options") && !english.contains("chosen by the same voters"))
        #expect(!english.contains("a hint, not a finding"))  // 112 voters: not a small sample
        let chinese = MarkdownReport.render(model, language: .traditionalChinese)
        #expect(chinese.contains("領先很明確：領先機率 100%，第二名「option 2」只有 0%。"))
        #expect(chinese.contains("這個區塊只有「option 3」有人選"))
        #expect(chinese.contains("| 領先機率 |"))
        let original = try #require(model.sections.first)
        #expect(original.options[0].chanceOfLeading! > 0.999)
        #expect(original.options.map(\.standing) == [.leader, .behind])
    }

    /// Four equally popular options, each session choosing two: independent voters would give each pair
    /// 64 × 2 / 12 ≈ 10.7 shared voters. 1+2 and 3+4 have 30 (together), 1+3 and 2+4 have 2 (apart).
    @Test func pairsClearlyAboveAndBelowTheBudgetAwareBaselineAreNamed() throws {
        let model = try UncertaintyMarkdownTests.model(
            [
                ChoicePattern(optionIDs: [1, 2], sessions: 30), ChoicePattern(optionIDs: [3, 4], sessions: 30),
                ChoicePattern(optionIDs: [1, 3], sessions: 2), ChoicePattern(optionIDs: [2, 4], sessions: 2),
            ], sections: [(1, "original"), (2, "original"), (3, "original"), (4, "original")])
        let pairs = try #require(model.sections.first?.covotes)
        #expect(pairs.map(\.expected).allSatisfy { abs($0 - 64.0 / 6) < 1e-9 })
        let english = MarkdownReport.render(model, language: .english)
        #expect(
            english.contains(
                "Often chosen by the same voters: “option 1” and “option 2” (30 voters, 2.8× what chance would "
                    + "give); “option 3” and “option 4” (30 voters, 2.8×)."
            ))
        #expect(
            english.contains(
                "Rarely chosen by the same voters: “option 1” and “option 3” (2 voters, 0.2× what"))
        let chinese = MarkdownReport.render(model, language: .traditionalChinese)
        #expect(chinese.contains("特別常被同一個人一起選的：「option 1」和「option 2」（30 人，是純屬巧合時的 2.8×）"))
        #expect(chinese.contains("特別少被同一個人一起選的："))
    }

    @Test func aLikelyLeadAndNoPairAtAllInASmallSample() throws {
        // 16 against 6 of 22 voters, nobody chose both: probably behind, not behind; and a small sample. The word in
        // the table and the sentence read the chance in the column.
        let model = try UncertaintyMarkdownTests.model([
            ChoicePattern(optionIDs: [1], sessions: 16), ChoicePattern(optionIDs: [2], sessions: 6),
        ])
        let english = MarkdownReport.render(model, language: .english)
        let (first, second) = try (
            #require(model.sections.first?.options.first), #require(model.sections.first?.options.last)
        )
        #expect(second.standing == .probablyBehind, "\(second)")
        let chances = try (
            #require(MarkdownReport.chanceText(first, model)), #require(MarkdownReport.chanceText(second, model))
        )
        #expect(
            english.contains(
                "“option 2” is probably behind (chance of leading \(chances.1), against \(chances.0))."
            ), "\(english)")
        let row = try #require(english.split(separator: "\n").last { $0.contains("| option 2 |") })
        #expect(row.contains("| probably behind ") && row.hasSuffix(" \(chances.1) |"), "\(row)")
        // No pair at all: a public page says nothing about pairs (the moderators' page does).
        #expect(!english.contains("No voter chose two options"))
        #expect(!english.contains("hint, not a finding"))
        #expect(!english.contains("Chosen together most often"))
    }

    @Test func withoutChoiceSetsThereIsNoColumnAndNoSentence() throws {
        var model = try UncertaintyMarkdownTests.model([ChoicePattern(optionIDs: [1], sessions: 3)])
        #expect(model.chanceModel != nil)
        let at = Instant(seconds: 1_789_754_400)
        let figures = ReportFigures(
            options: [
                .init(
                    id: 1, content: "x", section: "original", createdAt: at, voters: 3, votes: 3, votersAll: 3,
                    votesAll: 3)
            ],
            totals: .init(votersAll: 3, votesAll: 3, voters: 3, votes: 3, firstVoteAll: at, lastVoteAll: at),
            exclusions: .init(listed: [], total: 0), days: [],
            timeline: .init(firstVote: at, lastVote: at, longestGap: nil),
            usage: [], statuses: [], approved: [], anomalies: [])
        model = try ReportModel(figures: figures, parameters: ReportParameters(asOf: at))
        #expect(model.chanceModel == nil)
        #expect(model.sections.first?.covotes.isEmpty == true)
        let english = MarkdownReport.render(model, language: .english)
        #expect(!english.contains("Chance of leading"))
        #expect(JSONReport.render(model).contains("\"chance_model\": null"))
    }
}

extension UncertaintyMarkdownTests {
    /// Issue 21.4: an option created mid-poll shows its range among the voters who could choose it, and says
    /// so beside it, in both languages.
    @Test func aLateOptionsRangeSaysAmongWhom() throws {
        let model = try UncertaintyMarkdownTests.model([
            ChoicePattern(optionIDs: [1], votable: [1, 3, 4], sessions: 6),
            ChoicePattern(optionIDs: [2], votable: [1, 2, 3, 4], sessions: 4),
            ChoicePattern(optionIDs: [1, 3], votable: [1, 2, 3, 4], sessions: 2),
        ])
        let late = try #require(model.sections.first?.options.first { $0.id == 2 })
        #expect(late.eligible == 6 && late.share == 4.0 / 6.0)
        let english = MarkdownReport.render(model, language: .english)
        #expect(english.contains("30.0–90.3% (of the 6 voters since Fri 18 Sep)"), "\(english)")
        let chinese = MarkdownReport.render(model, language: .traditionalChinese)
        #expect(chinese.contains("30.0–90.3%（9/18（五）加入後投票的 6 人中）"), "\(chinese)")
    }
}
