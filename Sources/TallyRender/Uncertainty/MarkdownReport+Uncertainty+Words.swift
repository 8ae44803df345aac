import TallyCore

/// The words of the chance of leading and the chosen-together pairs, both languages side by side. Names come
/// in already escaped and quoted; numbers already formatted.
extension ReportLanguage {
    package var chanceColumn: String { pick("Chance of leading", "領先機率") }

    /// What the chance and the standings mean (one paragraph): the level of "behind" as a percentage, the
    /// ratio of "probably behind", and (the largest table's number of options, how often all its 95% ranges
    /// hold at once) when a table has two options or more.
    func chanceMeaning(_ level: String, _ ratio: String, _ together: (count: Int, share: String)?) -> String {
        pick(
            "*Chance of leading*: the chance that the option truly has the most voters in its section. The model "
                + "allows options to be exactly as popular as each other (they then share the chance equally), and "
                + "treats a close count as a possible tie until the counts say otherwise. The word beside each "
                + "option reads the same chance: the options other than the leader are lined up from the least "
                + "likely to lead, and each is called *behind* up to the last one whose chance is at most \(level) "
                + "divided by the number of options at least as likely to lead as it, the leader aside (so a race "
                + "with more runners needs a lower chance; a truly tied option is called behind in at most about 5% "
                + "of polls); *probably behind* when the leader is at least "
                + "\(ratio) times as likely to lead; otherwise the data *can't tell it apart* from the leader. "
                + "Options are ranked by voters, and options open for the same time are compared over the same voters: "
                + "down the table neither the chance nor the word improves (where the model would give a lower option "
                + "more, the options share it as a run). An option added during the poll is compared over the voters "
                + "who could choose it, against the others' shares among the same voters, in a line of its own under "
                + "the table. Chances are shown to 10 points when compared over fewer than 30 voters, to 5 points under "
                + "120: the model is not more exact than that there."
                + (together.map {
                    " Each 95% range on its own is right 95% of the time; all \($0.count) ranges of a table are right "
                        + "at once less often, about \($0.share) of the time."
                } ?? ""),
            "「領先機率」：這個選項在這個區塊裡真正最多人選的機率。計算時允許幾個選項其實一樣受歡迎"
                + "（這時這幾個選項平分機率）；票數接近時，先當作可能平手，等票數拉開了再說。"
                + "「與第一名相比」這一欄也是看這個機率：把第一名以外的選項從最不可能領先的排起，一直到最後一個領先機率"
                + "不超過 \(level) 除以「領先機率不比它低的選項數」（第一名不算）的選項，都標為「落後」"
                + "（搶第一的選項越多，門檻越嚴；其實平手的選項被誤標為落後的機會最多約 5%）；"
                + "第一名領先的機率至少是它的 \(ratio) 倍，就標為「可能落後」；其餘的和第一名「分不出高下」。"
                + "名次依人數排；同時開放的選項用同一群人比較，往下排的選項，領先機率和標示都不會比上面的好"
                + "（模型若給下面的選項較高的機率，就把這幾個選項當成一組平分）。投票期間才加入的選項，"
                + "只和加入後能選它的那群人比較（其他選項也只算同一群人），寫在表格下方的一行。"
                + "用不到 30 人比較的機率只標到 10 個百分點，不到 120 人標到 5 個百分點：模型在這種人數下沒有更準。"
                + (together.map {
                    "每個 95% 範圍單獨來看，有 95% 的機會涵蓋真正的比例；一張表的 \($0.count) 個範圍要同時都涵蓋，機會就只有約 \($0.share)。"
                } ?? ""))
    }

    /// The data cannot tell the first apart from the options named (the runner-up, or the run of options it can't
    /// tell apart): their names, then every chance of leading, the first's first.
    func coinToss(_ names: [String], _ chances: [String]) -> String {
        guard names.count > 1 else {
            return pick(
                "The data can't yet tell it apart from \(names[0]) (chance of leading \(chances[0]) and \(chances[1])).",
                "不過目前的資料還分不出第一名和第二名\(names[0])誰領先（領先機率分別約 \(chances[0]) 和 \(chances[1])）。")
        }
        return pick(
            "The data can't yet tell it apart from \(englishList(names)) (chances of leading \(englishList(chances))).",
            "不過目前的資料還分不出\(chineseList(["第一名"] + names))誰領先（領先機率分別約 \(chineseList(chances))）。")
    }

    /// The options tied for first (already named by the headline) share the chance of leading equally.
    func tiedChance(_ count: Int, _ chance: String) -> String {
        pick(
            "The data can't tell them apart: each has about a \(chance) chance of truly leading.",
            "\(count == 2 ? "兩者" : "這 \(count) 個選項")目前分不出高下，各約有 \(chance) 的機會是真正的第一。")
    }

    /// The second is behind (the table's "behind"): its name, then both chances of leading.
    func clearLead(_ second: String, _ firstChance: String, _ secondChance: String) -> String {
        pick(
            "That lead is clear: a \(firstChance) chance of truly leading, against \(secondChance) for \(second).",
            "領先很明確：領先機率 \(firstChance)，第二名\(second)只有 \(secondChance)。")
    }

    /// The second is probably behind (the table's "probably behind"): its name, then both chances of leading.
    func likelyLead(_ second: String, _ firstChance: String, _ secondChance: String) -> String {
        pick(
            "\(second) is probably behind (chance of leading \(secondChance), against \(firstChance)).",
            "第二名\(second)可能落後（領先機率 \(secondChance)，第一名是 \(firstChance)）。")
    }

    /// The line of an option added later (`LateOptionLine`): when, how many could choose it, its share among them
    /// against the most chosen other option's among the same voters, and how the two compare there.
    func lateOption(_ line: LateOptionLine) -> String {
        let when = line.since
        if line.most {
            return pick(
                "\(line.name) was added on \(when): \(line.chose) of the \(plural(line.sessions, "voter")) who could choose it "
                    + "did (\(line.share)), the most among them (next: \(line.other), \(line.otherShare)); chances of "
                    + "leading among them \(line.chance) and \(line.otherChance).",
                "\(line.name)在\(spaced(when))加入：加入後能選它的 \(number(line.sessions)) 人中，有 \(number(line.chose)) 人選了"
                    + "（\(line.share)），是這群人中最多的（其次是\(line.other)，\(line.otherShare)）；"
                    + "在這群人中的領先機率分別約 \(line.chance) 和 \(line.otherChance)。")
        }
        let start = pick(
            "\(line.name) was added on \(when): \(line.chose) of the \(plural(line.sessions, "voter")) who could choose it did "
                + "(\(line.share)), against \(line.otherShare) for \(line.other) among the same voters; ",
            "\(line.name)在\(spaced(when))加入：加入後能選它的 \(number(line.sessions)) 人中，有 \(number(line.chose)) 人選了"
                + "（\(line.share)），同一群人中\(line.other)是 \(line.otherShare)；")
        switch line.standing {
        case .behind?:
            return start
                + pick(
                    "it is behind (chance of leading \(line.chance), against \(line.otherChance)).",
                    "它落後（領先機率 \(line.chance)，\(line.other)是 \(line.otherChance)）。")
        case .probablyBehind?:
            return start
                + pick(
                    "it is probably behind (chance of leading \(line.chance), against \(line.otherChance)).",
                    "它可能落後（領先機率 \(line.chance)，\(line.other)是 \(line.otherChance)）。")
        default:
            return start
                + pick(
                    "the data can't tell them apart (chances of leading \(line.chance) and \(line.otherChance)).",
                    "目前的資料分不出兩者誰領先（領先機率分別約 \(line.chance) 和 \(line.otherChance)）。")
        }
    }

    /// Only one option of the section has voters.
    func onlyOne(_ name: String) -> String { pick("Only \(name) has voters here.", "這個區塊只有\(name)有人選。") }

    /// Pairs chosen together clearly more often than independent voters would.
    func oftenTogether(_ pairs: [ChosenPair]) -> String {
        pick("Often chosen by the same voters: ", "特別常被同一個人一起選的：") + pairList(pairs) + pick(".", "。")
    }

    /// Pairs chosen together clearly less often than independent voters would.
    func rarelyTogether(_ pairs: [ChosenPair]) -> String {
        pick("Rarely chosen by the same voters: ", "特別少被同一個人一起選的：") + pairList(pairs) + pick(".", "。")
    }

    /// The pairs of `oftenTogether` and `rarelyTogether`: the first pair says what the lift means; the next
    /// ones only give it.
    private func pairList(_ pairs: [ChosenPair]) -> String {
        pairs.enumerated().map { index, pair in
            pick(
                "\(pair.first) and \(pair.second) (\(plural(pair.voters, "voter")), "
                    + "\(pair.lift)\(index == 0 ? " what chance would give)" : ")")",
                "\(pair.first)和\(pair.second)（\(number(pair.voters)) 人，\(index == 0 ? "是純屬巧合時的 \(pair.lift)" : pair.lift)）"
            )
        }.joined(separator: pick("; ", "；"))
    }

    /// No pair is clearly above or below what independent voters would give.
    var noClearPair: String {
        pick(
            "No two options were chosen by the same voters notably more (or less) often than chance would give.",
            "沒有哪兩個選項特別常（或特別少）被同一個人一起選。")
    }

    /// No two options of the section were chosen by the same voter.
    var neverTogether: String { pick("No voter chose two options of this section.", "沒有人在這個區塊選了兩個選項。") }

    /// The small-sample caution after the pairs sentence.
    func togetherCaution(_ voters: Int) -> String {
        pick(" With \(plural(voters, "voter")) this is a hint, not a finding.", "只有 \(number(voters)) 人，這只是線索，還不是結論。")
    }

    /// The range cell of an option created after the last counted vote: the day it was added (`ReaderTimes.date`).
    func notYetVotable(_ since: String) -> String {
        pick("— (added \(since))", "\(spaced(since, before: false))加入，之後沒有人投票")
    }

    /// After the range of an option created mid-poll: the day it was added (`ReaderTimes.date`) and the counted
    /// voters who could choose it (the range's denominator).
    func votableAmong(_ since: String, _ voters: Int) -> String {
        pick(
            " (of the \(plural(voters, "voter")) since \(since))",
            "（\(spaced(since, before: false))加入後投票的 \(number(voters)) 人中）")
    }
}

/// What the line of an option added later says (`ReportLanguage.lateOption`): names quoted, shares and chances
/// formatted, `since` the day it was added (`ReaderTimes.date`); `most` when it has more voters than any other option
/// among the same voters, `standing` its word from that comparison.
struct LateOptionLine {
    let name: String
    let since: String
    let sessions: Int
    let chose: Int
    let share: String
    let other: String
    let otherShare: String
    let chance: String
    let otherChance: String
    let most: Bool
    let standing: ReportModel.Standing?
}

/// Two options named in a chosen-together sentence: quoted names, shared voters, lift text (`2.1×`).
struct ChosenPair {
    let first: String
    let second: String
    let voters: Int
    let lift: String
}
