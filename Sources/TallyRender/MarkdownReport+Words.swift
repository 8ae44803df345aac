import TallyCore

/// The report's words, both languages side by side. Sentences are functions of already formatted pieces
/// (numbers, escaped user text, times), so each language orders them its own way. Every column that counts
/// people says "Voters" / 人數, as the prose does.
extension ReportLanguage {
    package var title: String { pick("Vote tally", "投票統計") }

    /// Counted voters and votes, then (when something is excluded) what was left out as test data.
    package func headline(_ voters: Int, _ votes: Int, _ allVoters: Int?, _ allVotes: Int?) -> String {
        let counted = pick(
            "**Counted: \(plural(voters, "voter")), \(plural(votes, "vote")).**",
            "**計入 \(number(voters)) 人、\(number(votes)) 票**。")
        guard let allVoters, let allVotes else { return counted }
        let (leftVoters, leftVotes) = (allVoters - voters, allVotes - votes)
        return counted
            + pick(
                " Left out as test data: \(plural(leftVoters, "voter")), \(plural(leftVotes, "vote")).",
                "另有 \(number(leftVoters)) 人、\(number(leftVotes)) 票屬於測試資料，沒有計入。")
    }

    package var noVotes: String { pick("There are no votes yet.", "目前還沒有任何投票。") }

    /// The page's as-of time (`ReaderTimes.until`: a week's last day, or a moment) and the one place the page
    /// names its zone for every time it shows.
    package func asOf(_ time: String, _ zone: String) -> String {
        pick(
            "As of \(time). Times are in \(zone).",
            "統計至\(spaced(time, after: false))，時間以\(spaced(zone))為準。")
    }

    /// The as-of item of the activity list: `統計至 9/25（五）`, `As of Fri 25 Sep`.
    package func asOfItem(_ time: String) -> String { pick("As of \(time)", "統計至\(spaced(time, after: false))") }

    /// Between the as-of item and what it adds (the time since the last vote).
    package var itemAddition: String { pick(" — ", "，") }

    /// Under 30 counted voters, one sentence after the headline: a direction, not a conclusion.
    package func smallSample(_ voters: Int) -> String {
        pick(
            "**Small sample:** with only \(plural(voters, "voter")) counted, read these numbers as a direction, "
                + "not a conclusion.",
            "**樣本很小**：只計入 \(number(voters)) 人，這些數字只能看出方向，不足以下結論。")
    }

    /// How the ranges are computed (the moderators' page; the public page says what they mean: `shortMethod`).
    package var intervals: String {
        pick(
            "Each likely range is the 95% Wilson interval of its share: where the true share most likely lies.",
            "誤差範圍用 Wilson 法計算，信心水準 95%：真正的比例多半落在這個範圍裡。")
    }

    /// What the ranges and (with `chances`) the chance of leading mean, and what the words of the column "Against
    /// the leader" that the page's tables show (`standings`, the leader's aside) mean: at most three plain sentences
    /// in the words poll news uses (誤差範圍, margin of error; 範圍, never 區間: docs/glossary.md), each word quoted
    /// exactly as `standing` writes it in the table, so the method and the table never name one thing twice.
    /// `ratio` is `LeadModel.probablyBehindRatio` as text. The public page's method; the moderators' page has the
    /// whole one.
    package func shortMethod(chances: Bool, standings: [ReportModel.Standing], ratio: String) -> String {
        let range = pick(
            "The likely range works like a poll's margin of error: the real share is probably inside it, and fewer "
                + "voters make it wider.",
            "誤差範圍：有 95% 的把握，真正的比例落在這個範圍裡；投票的人越少，範圍越寬。")
        guard chances else { return range }
        let chance = pick(
            "The chance of leading is how likely each option is to be the real favourite, given the votes so far.",
            "領先機率：依目前的選擇推算，這個選項其實是第一名的機會。")
        let meanings: [String] = [ReportModel.Standing.behind, .probablyBehind, .notDistinguishable].compactMap {
            guard standings.contains($0) else { return nil }
            let word = quote(standing($0))
            switch $0 {
            case .behind:
                return pick("\(word) means its chance is small enough to rule out", "\(word)表示它領先的機會小到可以排除")
            case .probablyBehind:
                return pick(
                    "\(word) means the leader is at least \(ratio) times as likely to lead",
                    "\(word)表示第一名領先的機會至少是它的 \(ratio) 倍")
            default:
                return pick(
                    "\(word) means the votes so far cannot separate it from the leader",
                    "\(word)表示目前的票還分不出它和第一名誰領先")
            }
        }
        guard !meanings.isEmpty else { return range + sentenceGap + chance }
        return range + sentenceGap + chance + sentenceGap
            + pick("In the table, " + englishList(meanings) + ".", "表中" + meanings.joined(separator: "，") + "。")
    }

    /// A section's heading above its ranking: `name` is `sectionName` or `unknownSectionName`.
    package func sectionHeading(_ name: String) -> String { pick("Ranking: ", "排名：") + name }

    /// A section the vote page knows, by its key.
    package func sectionName(_ section: String) -> String {
        pick(
            ["original": "original options", "community": "community options (from approved notes)"][section]
                ?? section,
            ["original": "原本的選項", "community": "網友提議的選項（來自通過的便利貼）"][section] ?? section)
    }

    /// A section the vote page does not know (escaped name).
    package func unknownSectionName(_ section: String) -> String {
        pick("section \(section) (not a section the vote page knows)", "\(section) 區塊（投票頁面沒有這個區塊）")
    }

    /// Who is first (quoted names) and with how many voters; a tie when several.
    package func leaders(_ names: [String], _ voters: Int) -> String {
        pick(
            names.count == 1
                ? "\(names[0]) leads with \(plural(voters, "voter"))."
                : "Tied for first with \(plural(voters, "voter")) each: \(englishList(names)).",
            names.count == 1
                ? "\(names[0])領先，有 \(number(voters)) 人選。"
                : "\(chineseList(names))並列第一，各有 \(number(voters)) 人選。")
    }

    package var sameLeadersWithExcluded: String {
        pick("Counting the test data too, the top is the same.", "若把排除的測試資料也算進來，第一名不變。")
    }

    package func otherLeadersWithExcluded(_ names: [String], _ voters: Int) -> String {
        pick(
            "Counting the test data too, \(englishList(names)) would be first with "
                + "\(plural(voters, "voter"))\(names.count > 1 ? " each" : "").",
            "若把排除的測試資料也算進來，第一名會是\(chineseList(names))（\(names.count > 1 ? "各 " : "")\(number(voters)) 人）。")
    }

    /// A section nobody has chosen from yet, said of its options (a reader knows options, not a page's "section"):
    /// how many, and, when they were all added during the poll, the days they were added (`ReaderTimes.date`).
    package func noVotesYet(_ options: Int, added: (first: String, last: String)?) -> String {
        let these = options == 1 ? "這個選項" : options == 2 ? "這兩個選項" : "這 \(number(options)) 個選項"
        guard let added else {
            return pick("No votes for \(options == 1 ? "this option" : "these options") yet.", "\(these)還沒有人投票。")
        }
        guard added.first != added.last else {
            return pick("Added \(added.first); no votes yet.", "\(these)\(spaced(added.first))才加入，之後還沒有人投票。")
        }
        return pick(
            "Added from \(added.first) to \(added.last); no votes yet.",
            "\(these)在\(spaced(added.first))到\(spaced(added.last))之間加入，之後還沒有人投票。")
    }
    package var rank: String { pick("Rank", "名次") }
    package var option: String { pick("Option", "選項") }
    /// The column of an option's distinct counted sessions (ranking tables, the ranges' table, promoted options):
    /// the people who chose it, 「選的人數」, not a bare 「人數」, which the page's other tables count differently.
    package var voters: String { pick("Voters", "選的人數") }
    /// The daily table's column: distinct counted sessions that voted that day.
    package var dailyVoters: String { pick("Voters", "投票人數") }
    /// The notes table's column: distinct sessions that wrote the notes of a status.
    package var noteWriters: String { pick("Written by", "提議人數") }
    package var votes: String { pick("Votes", "票數") }
    package var share: String { pick("Share", "比例") }
    package var range: String { pick("Likely range", "誤差範圍") }
    package var againstLeader: String { pick("Against the leader", "與第一名相比") }

    package func standing(_ standing: ReportModel.Standing) -> String {
        switch (self, standing) {
        case (.english, .leader): "leader"
        case (.english, .notDistinguishable): "can't tell apart"
        case (.english, .probablyBehind): "probably behind"
        case (.english, .behind): "behind"
        case (.traditionalChinese, .leader): "第一名"
        case (.traditionalChinese, .notDistinguishable): "分不出高下"
        case (.traditionalChinese, .probablyBehind): "可能落後"
        case (.traditionalChinese, .behind): "落後"
        }
    }

    package var exclusionsHeading: String { pick("Voters left out", "沒有計入的投票者") }

    /// The rule `--exclude-before` applied, with its time.
    package func cutoffRule(_ time: String) -> String {
        pick(
            "Voters whose first vote is before \(time) are left out with all their votes, not just the early ones.",
            "第一票早於\(spaced(time))的人，所有的票都不計入，不只是較早的那幾票。")
    }

    /// How many sessions were excluded by name.
    package func namedRule(_ count: Int) -> String {
        pick("\(plural(count, "voter")) left out by name.", "另外指名排除 \(number(count)) 人。")
    }

    /// The excluded totals; the moderators' page adds what an operator can do about them (readers cannot).
    package func excludedTotals(_ sessions: Int, _ votes: Int, moderators: Bool = true) -> String {
        guard moderators else {
            return pick(
                "Left out: \(plural(sessions, "voter")), \(plural(votes, "vote")). Nothing is deleted.",
                "共排除 \(number(sessions)) 人、\(number(votes)) 票。這些票都還留在資料庫裡，沒有刪除。")
        }
        return pick(
            "Left out: \(plural(sessions, "voter")), \(plural(votes, "vote")). Nothing is deleted; without the "
                + "exclusion they would be counted.",
            "共排除 \(number(sessions)) 人、\(number(votes)) 票。這些票都還留在資料庫裡，沒有刪除；拿掉排除條件，就會再算進來。")
    }

    /// When the public page describes the excluded sessions instead of listing them: when they voted first.
    package func excludedWhen(_ from: String, _ to: String) -> String {
        pick(
            from == to ? "Their first vote came at \(from)." : "Their first votes came between \(from) and \(to).",
            from == to ? "這些人的第一票都在\(spaced(from))。" : "這些人的第一票都在\(spaced(from))到\(spaced(to))之間。")
    }

    package var nothingExcluded: String { pick("Nobody is left out.", "沒有排除任何人。") }

    /// When the ledger list was cut.
    package func listedFirst(_ listed: Int, _ total: Int) -> String {
        pick(
            "Listed: the first \(listed) of \(total), by first vote.",
            "依第一票時間列出前 \(number(listed)) 人，共 \(number(total)) 人。")
    }

    package var session: String { pick("Voter id", "投票者代號") }
    package var firstVote: String { pick("First vote", "第一票") }
    package var reason: String { pick("Reason", "原因") }
    package var reasonCutoff: String { pick("first vote before the cutoff", "第一票早於排除時間") }
    package var reasonNamed: String { pick("excluded by name", "指名排除") }
    package var reasonNotInData: String { pick("not in the data", "資料中沒有這個投票者") }
    /// A session whose id a public page does not show.
    package var withheldSession: String { pick("(id withheld)", "（代號不公開）") }

    package func activityHeading(_ zone: String) -> String { pick("Votes by day (\(zone))", "每天的投票（\(zone)）") }

    package var firstCountedVote: String { pick("First counted vote", "計入的第一票") }
    package var lastCountedVote: String { pick("Last counted vote", "計入的最後一票") }
    package var asOfLabel: String { pick("As of", "統計至") }

    /// Time since the last vote, and the local days after it without votes (first and last date).
    package func sinceLastVote(_ duration: String, _ quietDays: Int, _ from: String?, _ to: String?) -> String {
        var text = pick("\(duration) since the last vote", "距離最後一票已經 \(duration)")
        if quietDays == 1, let from {
            text += pick("; no votes on \(from)", "；\(spaced(from, before: false))那天沒有人投票")
        } else if quietDays > 1, let from, let to {
            text += pick("; no votes from \(from) to \(to)", "；\(spaced(from, before: false))到\(spaced(to))每天都沒有人投票")
        }
        return text + pick(".", "。")
    }

    package var longestGap: String { pick("Longest quiet gap", "最長的空窗期") }

    /// The gap's length and ends; `ongoing` when it runs up to the as-of time.
    package func gapText(_ duration: String, _ from: String, _ to: String, _ ongoing: Bool) -> String {
        pick(
            ongoing
                ? "\(duration), from \(from) until the end of the count (no vote since)"
                : "\(duration), from \(from) to \(to)",
            ongoing ? "\(duration)，從\(spaced(from))到統計截止（之後沒有再投票）" : "\(duration)，從\(spaced(from))到\(spaced(to))")
    }

    package var noCountedVotes: String { pick("No counted votes yet.", "還沒有計入的票。") }
    package var day: String { pick("Day", "日期") }
    package var onlyDaysWithVotes: String { pick("Only days with votes are listed.", "只列出有人投票的日子。") }

    /// Votes whose time cannot be read have no day.
    package func votesWithoutDay(_ votes: Int) -> String {
        pick(
            "\(plural(votes, "vote")) whose time cannot be read \(votes == 1 ? "is" : "are") counted but "
                + "\(votes == 1 ? "has" : "have") no day.",
            "有 \(number(votes)) 票讀不出時間：已計入總數，但不屬於任何一天。")
    }

    package var usageHeading: String { pick("How votes were used", "每人投了幾票") }
    package var votesUsed: String { pick("Votes used", "投了幾票") }
    /// The usage table's count of voters who used that many votes.
    package var usageVoters: String { pick("Voters", "人數") }
    package var stackedColumn: String { pick("2 or more on one option", "其中重複投同一選項") }

    package func stackingSentence(_ stacking: Int, _ sessions: Int) -> String {
        pick(
            "\(stacking) of \(plural(sessions, "voter")) put two or more of their votes on one option.",
            "\(number(sessions)) 人中，有 \(number(stacking)) 人把兩票以上投給同一個選項。")
    }

    package var suggestionsHeading: String { pick("Suggestions (sticky notes)", "便利貼（網友的建議）") }
    package var status: String { pick("Status", "狀態") }
    package var notes: String { pick("Notes", "則數") }
    package var promotedColumn: String { pick("Promoted to options", "已升為選項") }

    /// A known status's words; nil for others (shown as stored, escaped).
    package func statusName(_ status: String) -> String? {
        pick(
            ["pending": "pending", "approved": "approved", "rejected": "rejected"][status],
            ["pending": "待審", "approved": "已通過", "rejected": "已退回"][status])
    }

    package var noNotes: String { pick("No notes.", "沒有便利貼。") }

    /// Approved notes, from how many sessions, and the most from one session.
    package func approvedSummary(_ notes: Int, _ sessions: Int, _ largest: Int) -> String {
        if notes == 2 && sessions == 1 {
            return pick("Two approved notes, both by one author.", "通過的兩則便利貼，都是同一個人寫的。")
        }
        if sessions == 1 {
            return pick(
                "\(plural(notes, "approved note")), all by one author.", "通過的 \(number(notes)) 則便利貼，全都是同一個人寫的。")
        }
        var text = pick(
            "\(plural(notes, "approved note")) by \(plural(sessions, "author"))",
            "通過的 \(number(notes)) 則便利貼，由 \(number(sessions)) 個人寫的")
        if largest > 1 { text += pick("; one author wrote \(largest) of them", "；其中一人寫了 \(number(largest)) 則") }
        return text + pick(".", "。")
    }

    package var noApproved: String { pick("No approved notes.", "還沒有通過的便利貼。") }
    /// After an approved note's text (`--internal`): it was changed on D1 after the decision; `who`, `action`
    /// and `decided` (the text decided on) are already cell text.
    package func changedAfterDecision(_ action: String, _ who: String, _ decided: String) -> String {
        pick(
            "— changed on D1 after the decision (\(action) by \(who)); the text decided on: “\(decided)”",
            "— 在決定（\(who) 的 \(action)）之後於 D1 被改過；當時決定的內容：「\(decided)」")
    }

    /// When the database has only the vote page's tables: promotion links and moderation history are not available.
    package var moderationRecordUnavailable: String {
        pick(
            "This database has no moderation record, so which note became which option cannot be shown.",
            "這個資料庫沒有審核紀錄，所以無法列出哪則便利貼升成了哪個選項。")
    }

    package var note: String { pick("Note", "便利貼") }
    package var becameOption: String { pick("Became option", "升為選項") }
    /// The "became option" cell of a promoted note on a public page, which names no option by number.
    package var promotedValue: String { pick("yes", "是") }
    /// The heading of the approved notes (each by its text, and whether it became an option).
    package var approvedNotesHeading: String { pick("Approved notes", "通過的便利貼") }
    package var promotedHeading: String { pick("Promoted options", "便利貼升成的選項") }
    package var votableSince: String { pick("Votable since", "開放投票時間") }
    package var promotedWithoutVotes: String { pick("The promoted options have no votes yet.", "這些選項目前還沒有人投票。") }
    /// In place of a promoted note's option that does not exist.
    package var missingOption: String { pick("(no such option)", "（找不到這個選項）") }
    /// In place of a note's session when none is recorded.
    package var noSession: String { pick("(no voter recorded)", "（沒有記錄投票者）") }

    package var anomaliesHeading: String { pick("Data checks", "資料檢查") }

    /// No anomalies, and what was checked (`--internal`).
    package func anomaliesNone(_ checked: [String]) -> String {
        pick(
            "Nothing found. Checked: \(checked.joined(separator: "; ")).",
            "沒有發現異常。檢查了：\(checked.joined(separator: "、"))。")
    }

    /// No anomalies, in one sentence under "How this was counted" (public pages).
    package var anomaliesNoneBrief: String {
        pick(
            "The data checks (for example, for voters over the vote limit or votes for options that do not exist) "
                + "found nothing wrong.",
            "資料檢查（例如有沒有人投超過票數上限、有沒有投給不存在的選項）沒有發現異常。")
    }

    package var anomaliesIntro: String {
        pick("Flagged rows stay in every count unless their voters are left out.", "這些資料仍然計入所有數字，除非把投下這些票的人排除。")
    }

    package var kind: String { pick("Kind", "類型") }
    package var countColumn: String { pick("Count", "數量") }
    package var examples: String { pick("First examples", "前幾個例子") }

    /// A kind of anomaly in words (with the vote budget).
    package func anomalyName(_ kind: AnomalyKind, _ budget: Int) -> String {
        switch (self, kind) {
        case (.english, .overBudget): "voters with more than \(plural(budget, "vote"))"
        case (.english, .unknownOption): "votes for options that do not exist"
        case (.english, .voteBeforeOption): "votes cast before their option existed"
        case (.english, .futureVote): "votes dated after the as-of time"
        case (.english, .unreadableVoteTime): "vote times that cannot be read"
        case (.english, .nonD1VoteTime): "vote times not in D1's form (normalised before comparing)"
        case (.english, .nonTextSessionID): "votes whose voter id is not plain text"
        case (.english, .unreadableOptionTime): "option times that cannot be read"
        case (.english, .unknownSection): "options in a section the vote page does not know"
        case (.english, .unknownStatus): "notes with a status moderation does not know"
        case (.traditionalChinese, .overBudget): "投了超過 \(budget) 票的人"
        case (.traditionalChinese, .unknownOption): "投給不存在選項的票"
        case (.traditionalChinese, .voteBeforeOption): "在選項建立之前投下的票"
        case (.traditionalChinese, .futureVote): "時間晚於統計截止時間的票"
        case (.traditionalChinese, .unreadableVoteTime): "讀不出時間的票"
        case (.traditionalChinese, .nonD1VoteTime): "不是 D1 格式的投票時間（比較前已統一換算）"
        case (.traditionalChinese, .nonTextSessionID): "投票者代號不是純文字的票"
        case (.traditionalChinese, .unreadableOptionTime): "讀不出建立時間的選項"
        case (.traditionalChinese, .unknownSection): "在投票頁面不認得的區塊裡的選項"
        case (.traditionalChinese, .unknownStatus): "審核流程不認得的便利貼狀態"
        }
    }

    /// An example vote: its id, session and option.
    package func exampleVote(_ id: Int64, _ session: String?, _ option: Int64?) -> String {
        let (voter, optionWord, separator) = pick(("voter", "option", ", "), ("投票者", "選項", "，"))
        var parts: [String] = []
        if let session { parts.append("\(voter) \(session)") }
        if let option { parts.append("\(optionWord) \(option)") }
        let joined = parts.joined(separator: separator)
        return pick(
            "vote \(id)" + (parts.isEmpty ? "" : " (\(joined))"), "第 \(id) 票" + (parts.isEmpty ? "" : "（\(joined)）"))
    }

    /// An example session and its number of votes.
    package func exampleSession(_ session: String, _ votes: Int) -> String {
        pick("voter \(session): \(plural(votes, "vote"))", "投票者 \(session)：\(number(votes)) 票")
    }

    package func exampleOption(_ id: Int64) -> String { pick("option \(id)", "選項 \(id)") }
    package func exampleNote(_ id: Int64) -> String { pick("note \(id)", "便利貼 \(id)") }

    package var settingsHeading: String { pick("Settings", "設定") }
    package var setting: String { pick("Setting", "設定") }
    package var value: String { pick("Value", "內容") }
    package var zoneSetting: String { pick("Time zone", "時區") }
    package var cutoffSetting: String { pick("Test data left out", "不計入的測試資料") }
    /// The value of `--exclude-before` (its time as `ReaderTimes.setting` writes it).
    package func cutoffValue(_ time: String) -> String {
        pick("voters whose first vote is before \(time)", "第一票早於\(spaced(time))的人")
    }
    package var namedSetting: String { pick("Also left out by name", "另外指名排除") }
    /// The value of the named exclusions on a public page: how many voters.
    package func namedValue(_ count: Int) -> String { pick(plural(count, "voter"), "\(number(count)) 人") }
    package var throughSetting: String { pick("Votes counted", "計入的票") }
    /// The value of `--through` (`ReaderTimes.until`).
    package func throughValue(_ time: String) -> String { pick("cast through \(time)", "到\(spaced(time))為止投下的票") }
    package var budgetSetting: String { pick("Votes per voter", "每人票數上限") }
    /// The value of the vote budget.
    package func budgetValue(_ votes: Int) -> String { pick(plural(votes, "vote"), "\(number(votes)) 票") }
    /// The value of an empty setting.
    package var noneValue: String { pick("none", "無") }
    /// The value of `--through` not given.
    package var allVotes: String { pick("all", "全部") }

    /// The one line of settings under a brief report: zone, cutoff, named exclusions, as-of, through and
    /// the short fingerprint (nil when there is no hash, e.g. from D1's results).
    package func briefSettings(
        _ zone: String, _ cutoff: String?, _ named: Int, _ asOf: String, _ through: String?, _ hash: String?
    ) -> String {
        var parts = [zone]
        if let cutoff {
            let rule = pick(
                "voters whose first vote is before \(cutoff) left out as test data",
                "第一票早於\(spaced(cutoff))的人屬於測試資料，沒有計入")
            parts.append(rule)
        }
        if named > 0 { parts.append(pick("\(plural(named, "voter")) left out by name", "另外指名排除 \(named) 人")) }
        if let through { parts.append(pick("votes through \(through)", "只計入到\(spaced(through))為止的票")) }
        parts.append(pick("as of \(asOf)", "統計至\(spaced(asOf))"))
        if let hash { parts.append(pick("data fingerprint `\(hash)`", "資料指紋 `\(hash)`")) }
        return pick("Settings: ", "設定：") + parts.joined(separator: pick("; ", "；")) + pick(".", "。")
    }

    package var fingerprintHeading: String { pick("Data fingerprint", "資料指紋") }

    /// What the fingerprint is and how to check it.
    package var fingerprintIntro: String {
        pick(
            "Which data this report was made from: the rows it read (votes and options up to the time counted "
                + "until, notes as they stood then), the highest id in each table, the latest stored time, and a "
                + "SHA-256 over those rows. The same data always gives the same fingerprint; other data gives a "
                + "different one.",
            "下表記下這份報告讀到的資料：各資料表的列數（統計截止前的票和選項，以及當時的便利貼）、最大的編號、"
                + "最晚的儲存時間，以及用這些資料算出的 SHA-256。資料一樣，指紋就一樣；資料不同，指紋就不同。")
    }

    /// A public page's one fingerprint line (`hash` in code, grouped; nil when the report was made from D1's
    /// results, which cannot compute one).
    package func publicFingerprint(_ hash: String?) -> String {
        guard let hash else {
            return pick(
                "Data fingerprint: not available (this report was made from results computed on D1).",
                "資料指紋：無法提供（這份報告是用 D1 上算好的結果做的）。")
        }
        return pick(
            "Data fingerprint: \(hash) (the same data always gives the same fingerprint).",
            "資料指紋：\(hash)（資料一樣，指紋就一樣）。")
    }

    package var tableColumn: String { pick("Table", "資料表") }
    package var rowsColumn: String { pick("Rows", "列數") }
    package var highestIDColumn: String { pick("Highest id", "最大編號") }
    package var latestTime: String { pick("Latest stored time", "最晚的儲存時間") }
    /// The SHA-256 item, with the encoding's name.
    package func sha256Label(_ scheme: String) -> String { pick("SHA-256 (`\(scheme)`)", "SHA-256（`\(scheme)`）") }

    /// In place of the hash, for a report rendered from D1's results: why there is none.
    package var sha256NotOnD1: String {
        pick(
            "not available: this report was made from results computed on D1, which cannot compute a SHA-256; "
                + "the rows, highest ids and latest time above were counted there",
            "無法提供：這份報告是用 D1 上算好的結果做的，而 D1 不能計算 SHA-256；上面的列數、最大編號和最晚的儲存時間"
                + "都是在 D1 上算的。")
    }

    /// The line under the title of an `--internal` page: it lists identifiers, so it is not for publishing.
    package var internalNotice: String {
        pick(
            "> **Internal page.** It lists voter ids and moderators' names, for moderators only: "
                + "do not publish it (run without `--internal` for the public page).",
            "> **內部頁面。** 這一頁列出投票者代號和審核者的名字，只給審核者看，請不要公開"
                + "（不加 `--internal` 重跑，就會得到可以公開的頁面）。")
    }

    /// The heading of the page's last part: as-of time, method, exclusions, settings, fingerprint.
    package var countedHeading: String { pick("How this was counted", "這些數字怎麼算") }

    /// The heading of a section's full ranking table (ranges, standing, chance) under "How this was counted".
    package func fullTable(_ name: String) -> String {
        pick("Ranges and chances: \(name)", "誤差範圍與領先機率：\(name)")
    }

    /// The rule of the vote in plain words: votes each, stacking, the ranking counts people, shares over 100%.
    package func votingRule(_ votesEach: Int) -> String {
        pick(
            "Each voter had up to \(votesEach == 3 ? "three" : String(votesEach)) vote\(votesEach == 1 ? "" : "s") "
                + "and could give more than one to the same option; the ranking counts people, not votes, so the "
                + "shares add up to more than 100%.",
            "每人最多\(votesEach == 3 ? "三" : " \(votesEach) ")票，可以重複投給同一個選項；排名看的是有幾個人選，"
                + "不是幾票，所以各選項的比例加起來會超過 100%。")
    }

    /// A page's heading under the `title` setting: the author's title, then the page's own.
    package func titled(_ title: String, _ page: String) -> String { pick("\(title) — \(page)", "\(title)｜\(page)") }

    /// A sticky note named by its id (`note 6`), never `#6`, which names an option: on the moderators' pages only;
    /// a public page names a note by its text and shows no number.
    package func noteReference(_ id: Int64) -> String { pick("note \(id)", "便利貼 \(id)") }

    /// Days, hours, minutes or seconds of a duration.
    package func duration(_ count: Int, _ unit: ReportText.DurationUnit) -> String {
        switch (self, unit) {
        case (.english, .days): plural(count, "day")
        case (.english, .hours): plural(count, "hour")
        case (.english, .minutes): plural(count, "minute")
        case (.english, .seconds): plural(count, "second")
        case (.traditionalChinese, .days): "\(number(count)) 天"
        case (.traditionalChinese, .hours): "\(count) 小時"
        case (.traditionalChinese, .minutes): "\(count) 分鐘"
        case (.traditionalChinese, .seconds): "\(count) 秒"
        }
    }

    /// A piece (a date, a time, a zone) inside a zh-TW sentence, with the space that stands between Latin letters or
    /// digits and Chinese, and none beside full-width punctuation: ` 9/19（六）`, ` 09:12 `, `台灣時間`.
    /// `before` and `after` false leave that side bare (beside full-width punctuation or the end of the text).
    package func spaced(_ text: String, before: Bool = true, after: Bool = true) -> String {
        func latin(_ character: Character?) -> Bool { character.map { $0.isASCII && !$0.isWhitespace } ?? false }
        return (before && latin(text.first) ? " " : "") + text + (after && latin(text.last) ? " " : "")
    }

    /// Between two sentences of one paragraph.
    package var sentenceGap: String { pick(" ", "") }
    /// After a label in a list item.
    package var colon: String { pick(": ", "：") }
    /// How the language quotes user text in a sentence.
    package func quote(_ text: String) -> String { pick("“\(text)”", "「\(text)」") }

    /// `207,601`: Taiwan groups digits by three with a comma, as English does; the sign stays in front.
    package func number(_ value: Int) -> String { NumberText.grouped(Int64(value), separator: ",") }
}

/// `1 voter`, `15 voters`, `207,601 voters`.
func plural(_ count: Int, _ noun: String) -> String {
    "\(ReportLanguage.english.number(count)) \(noun)\(count == 1 ? "" : "s")"
}

/// `A`, `A and B`, `A, B and C`.
func englishList(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
}

/// `A`, `A和B`, `A、B和C` (the items are quoted 「…」, so no spaces are needed).
func chineseList(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: "、") + "和" + items.last!
}

extension NumberText {
    /// `value` with `separator` between groups of three digits: `207601` → `207,601`.
    package static func grouped(_ value: Int64, separator: String) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }
}
