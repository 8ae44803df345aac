import TallyCore

/// The weekly pages' words (`week-NN.md`, `index.md`), both languages side by side.
extension ReportLanguage {
    /// `Week 1: Sat 19 Sep to Fri 25 Sep`, `第 1 週：9/19（六）至 9/25（五）` (dates from `ReaderTimes.date`).
    package func weekTitle(_ number: Int, _ first: String, _ last: String) -> String {
        pick(
            "Week \(number): \(first) to \(last)",
            "第 \(number) 週：\(spaced(first, before: false))至\(spaced(last, after: false))")
    }

    /// The week's first and last day (`ReaderTimes.date`), and that the page counts every vote cast by its end.
    package func weekSpan(_ number: Int, _ first: String, _ last: String) -> String {
        pick(
            "Week \(number) runs from \(first) to \(last); this page counts every vote cast by the end of the week.",
            "第 \(number) 週是\(spaced(first))到\(spaced(last))，這一頁計入這一週結束前投下的每一票。")
    }

    package var thisWeekHeading: String { pick("This week", "本週") }

    /// Counted votes cast during the week and voters whose first vote it was.
    package func thisWeek(_ votes: Int, _ newVoters: Int) -> String {
        pick(
            votes == 0 && newVoters == 0
                ? "No counted votes this week."
                : "**\(plural(votes, "counted vote")) this week; \(plural(newVoters, "new voter")).**",
            votes == 0 && newVoters == 0
                ? "本週沒有計入的票。"
                : "**本週計入 \(number(votes)) 票，新加入的投票者 \(number(newVoters)) 人**。")
    }

    /// Votes and new sessions of excluded sessions during the week (only when there are some).
    package func excludedThisWeek(_ votes: Int, _ sessions: Int) -> String {
        pick(
            "Test data added \(plural(votes, "vote")) this week, not counted (\(plural(sessions, "new voter"))).",
            "本週另有 \(number(votes)) 票屬於測試資料，沒有計入（來自 \(number(sessions)) 個新出現的人）。")
    }

    /// Since the previous week (week 1 has no comparison: there is no earlier week).
    package func changesHeading(_ previousWeek: Int) -> String {
        pick("Changes since week \(previousWeek)", "與第 \(previousWeek) 週相比")
    }

    /// Counted voters then and now.
    package func votersChange(_ before: Int, _ after: Int) -> String {
        countChange(pick("Counted voters", "計入的投票者"), before, after)
    }

    /// Counted votes then and now.
    package func votesChange(_ before: Int, _ after: Int) -> String {
        countChange(pick("Counted votes", "計入的票數"), before, after)
    }

    /// `Counted votes: 43 → 50 (+7)`, `計入的票數：43 → 50（+7）`.
    private func countChange(_ label: String, _ before: Int, _ after: Int) -> String {
        let change = after == before ? pick("no change", "沒有變化") : signed(after - before)
        return label + colon + "\(number(before)) → \(number(after))" + pick(" (\(change))", "（\(change)）")
    }

    /// Options added during the week (names already quoted and escaped), or none: by name, as readers know them.
    package func optionsAdded(_ options: [String]) -> String {
        pick(
            options.isEmpty ? "Options added: none" : "Options added: \(englishList(options))",
            options.isEmpty ? "新增的選項：無" : "新增的選項：\(chineseList(options))")
    }

    package var decisionsHeading: String { pick("Notes decided this week", "本週審核的便利貼") }
    package var noDecisions: String { pick("No notes were decided this week.", "本週沒有審核任何便利貼。") }

    /// When the database has no moderation history (only the vote page's tables).
    package var decisionsUnavailable: String {
        pick(
            "Not available: this database has no moderation history (only the vote page's own tables).",
            "無法提供：這個資料庫沒有審核紀錄（只有投票頁面自己的資料表）。")
    }

    package var rejectedWithoutText: String {
        pick("The text of rejected notes is not shown.", "退回的便利貼不列出內容。")
    }

    /// In place of a rejected note's text on a public page.
    package var withheldNote: String { pick("(not shown)", "（不公開）") }

    package var whenColumn: String { pick("When", "時間") }
    package var noteColumn: String { pick("Note", "便利貼") }
    package var decisionColumn: String { pick("Decision", "決定") }

    /// A decision in words (`approve`, `reject`, `reopen`, `promote`, or another action as stored); the option a
    /// note was promoted to by number only on the moderators' page (`optionID` nil elsewhere).
    package func decision(_ action: String, _ optionID: Int64?) -> String {
        switch (self, action) {
        case (.english, "approve"): "approved"
        case (.english, "reject"): "rejected"
        case (.english, "reopen"): "reopened"
        case (.english, "promote"): optionID.map { "promoted to option #\($0)" } ?? "promoted to an option"
        case (.english, _): "recorded as \(action)"
        case (.traditionalChinese, "approve"): "通過"
        case (.traditionalChinese, "reject"): "退回"
        case (.traditionalChinese, "reopen"): "重新審核"
        case (.traditionalChinese, "promote"): optionID.map { "升為選項 #\($0)" } ?? "升為選項"
        case (.traditionalChinese, _): "記錄為 \(action)"
        }
    }

    /// The heading of a section's rank changes.
    package func movesHeading(_ sectionName: String) -> String { pick("Moves — \(sectionName)", "名次變化：\(sectionName)") }

    /// When a section had no counted votes at the week's start.
    package var noEarlierRanking: String {
        pick(
            "Nobody had voted in this section before this week, so there are no earlier places to compare.",
            "這個區塊在本週以前沒有人投票，沒有先前的名次可以比較。")
    }

    /// Voters gained during the week.
    package var votersGainedColumn: String { pick("New this week", "本週新增") }
    /// Places moved.
    package var moveColumn: String { pick("Places", "名次變化") }

    /// A move in places: gained (positive), lost (negative), none; nil for a new option.
    package func move(_ places: Int?) -> String {
        guard let places else { return pick("new", "新") }
        return places > 0 ? "▲ \(places)" : places < 0 ? "▼ \(-places)" : "="
    }

    /// A week's ranking chart's title (with the section heading).
    package func weekRankingChartTitle(_ sectionHeading: String, _ week: Int) -> String {
        pick("\(sectionHeading) — week \(week)", "\(sectionHeading)（第 \(week) 週）")
    }

    package func weekDailyChartTitle(_ week: Int) -> String {
        pick("Counted votes per day — week \(week)", "每天計入的票數（第 \(week) 週）")
    }

    package var indexTitle: String { pick("Weekly tallies", "每週統計") }

    /// How weeks are counted, and what a week's page holds (`quiet`: some week on the index is a quiet one, whose
    /// page is one sentence without charts or fingerprint).
    package func indexIntro(_ launch: String, _ zone: String, quiet: Bool) -> String {
        pick(
            "Week 1 starts on the launch day, \(launch) (\(zone)); every week is seven days. "
                + "Each week's page counts every vote cast before the week ended, with charts and a data fingerprint"
                + (quiet ? "; a week in which nothing changed is one sentence saying so." : "."),
            "第 1 週從上線當天\(spaced(launch))開始（\(zone)），每週七天。每週的頁面計入那一週結束前投下的每一票，"
                + "附上圖表和資料指紋" + (quiet ? "；沒有新的票、也沒有任何變動的那幾週，頁面只用一句話交代。" : "。"))
    }

    /// One line per week: link text, then the totals at its end and the week's own figures.
    package func indexLine(
        _ title: String, _ link: String, _ voters: Int, _ votes: Int, _ newVoters: Int, _ weekVotes: Int
    ) -> String {
        pick(
            "- [\(title)](\(link)): \(plural(voters, "voter")), \(plural(votes, "vote")) in all; this week "
                + "\(signed(newVoters)) voters, \(signed(weekVotes)) votes",
            "- [\(title)](\(link))：累計 \(number(voters)) 人、\(number(votes)) 票；"
                + "本週 \(signed(newVoters)) 人、\(signed(weekVotes)) 票")
    }

    /// One line for a run of quiet weeks (`WeeklyTally.isQuiet`) on the index: the first and last week, their days,
    /// the link to the last one's page, and the totals that stood through them.
    package func quietWeeks(
        _ first: Int, _ last: Int, _ from: String, _ to: String, _ link: String, _ voters: Int, _ votes: Int
    ) -> String {
        let weeks =
            first == last
            ? pick("Week \(first)", "第 \(first) 週") : pick("Weeks \(first)–\(last)", "第 \(first)–\(last) 週")
        return pick(
            "- [\(weeks): \(from) to \(to)](\(link)): no new votes; still \(plural(voters, "voter")), "
                + "\(plural(votes, "vote")) in all",
            "- [\(weeks)：\(spaced(from, before: false))至\(spaced(to, after: false))](\(link))：沒有新的票，累計仍是 \(number(voters)) 人、\(number(votes)) 票"
        )
    }

    /// A quiet week's whole page, one sentence: nothing came in, and the tally stands as on the page of the last week
    /// that had news (its number and link; nil when no earlier week had any).
    package func quietWeek(_ lastNews: (number: Int, link: String)?, _ voters: Int, _ votes: Int) -> String {
        let nothing = pick("No votes came in this week, and no notes or options changed", "本週沒有新的票，便利貼和選項也沒有變動")
        guard votes > 0 else { return nothing + pick("; no votes have been counted yet.", "；目前還沒有計入任何票。") }
        let standing = pick(
            "\(plural(voters, "voter")) and \(plural(votes, "vote"))", "累計 \(number(voters)) 人、\(number(votes)) 票")
        guard let lastNews else { return nothing + pick(": the tally still stands at \(standing).", "，\(standing)。") }
        return nothing
            + pick(
                ": the tally still stands as on [week \(lastNews.number)'s page](\(lastNews.link)), at \(standing).",
                "，結果和[第 \(lastNews.number) 週](\(lastNews.link))相同：\(standing)。")
    }
}

/// `+3`, `0`, `-2`.
func signed(_ value: Int) -> String { (value > 0 ? "+" : "") + ReportLanguage.english.number(value) }

/// `09`.
func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
