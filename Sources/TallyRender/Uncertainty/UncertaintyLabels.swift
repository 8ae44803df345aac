/// The words of the chance of leading and the chosen-together pairs, in one language. Kept apart
/// from `ReportLabels` so these figures can change without touching every other label. Names come
/// in already escaped and quoted; numbers already formatted.
package struct UncertaintyLabels: Sendable {
    /// Column: the chance of leading.
    package let chanceColumn: String
    /// What the chance and the standings mean (one paragraph): the level of "behind" as a percentage, the
    /// ratio of "probably behind", and (the largest table's number of options, how often all its 95% ranges
    /// hold at once) when a table has two options or more.
    package let method: @Sendable (_ level: String, _ ratio: String, _ together: (Int, String)?) -> String
    /// The data cannot tell the top two apart: names and their chances of leading.
    package let coinToss:
        @Sendable (_ first: String, _ second: String, _ firstChance: String, _ secondChance: String)
            -> String
    /// The options tied for first (already named by the headline) share the chance of leading equally.
    package let tiedChance: @Sendable (_ count: Int, _ chance: String) -> String
    /// The second is behind (the table's "behind"): names and their chances of leading.
    package let clearLead:
        @Sendable (_ first: String, _ second: String, _ firstChance: String, _ secondChance: String) -> String
    /// The second is probably behind (the table's "probably behind"): names and their chances of leading.
    package let likelyLead:
        @Sendable (_ first: String, _ second: String, _ firstChance: String, _ secondChance: String) -> String
    /// Only one option of the section has voters.
    package let onlyOne: @Sendable (_ name: String) -> String
    /// Pairs chosen together clearly more often than independent voters would: (first name, second name,
    /// shared voters, lift text).
    package let together: @Sendable (_ pairs: [(String, String, Int, String)]) -> String
    /// Pairs chosen together clearly less often than independent voters would (same fields).
    package let apart: @Sendable (_ pairs: [(String, String, Int, String)]) -> String
    /// No pair is clearly above or below what independent voters would give.
    package let noClearPair: String
    /// The range cell of an option created after the last counted vote: its local creation date (MM-DD).
    package let notYetVotable: @Sendable (_ since: String) -> String
    /// After the range of an option created mid-poll: its local creation date (MM-DD) and the counted voters
    /// who could choose it (the range's denominator).
    package let votableAmong: @Sendable (_ since: String, _ voters: Int) -> String
    /// No two options of the section were chosen by the same voter.
    package let neverTogether: String
    /// The small-sample caution after the pairs sentence.
    package let togetherCaution: @Sendable (_ voters: Int) -> String
}

extension UncertaintyLabels {
    /// English.
    package static let english = UncertaintyLabels(
        chanceColumn: "Chance of leading",
        method: { level, ratio, together in
            "*Chance of leading*: the chance that the option truly has the most voters in its section. The model "
                + "allows options to be exactly as popular as each other (they then share the chance equally), and "
                + "treats a close count as a possible tie until the counts say otherwise. The word beside each "
                + "option reads the same chance: the options other than the leader are lined up from the least "
                + "likely to lead, and each is called *behind* up to the last one whose chance is at most \(level) "
                + "divided by the number of options at least as likely to lead as it, the leader aside (so a race "
                + "with more runners needs a lower chance; a truly tied option is called behind in at most about 5% "
                + "of polls); *probably behind* when the leader is at least "
                + "\(ratio) times as likely to lead; otherwise the data *can't tell it apart* from the leader. An "
                + "option added during the poll is counted among the voters who could choose it and placed by its "
                + "chance of leading; options open for the same time are ranked by voters."
                + (together.map { count, share in
                    " Each 95% range on its own is right 95% of the time; all \(count) ranges of a table are right "
                        + "at once less often, about \(share) of the time."
                } ?? "")
        },
        coinToss: { first, second, a, b in
            "The data can't yet tell it apart from \(second) (chance of leading \(a) and \(b))."
        },
        tiedChance: { _, chance in "The data can't tell them apart: each has about a \(chance) chance of truly leading."
        },
        clearLead: { _, second, a, b in
            "That lead is clear: a \(a) chance of truly leading, against \(b) for \(second)."
        },
        likelyLead: { _, second, a, b in
            "\(second) is probably behind (chance of leading \(b), against \(a)), but not clearly enough to call."
        },
        onlyOne: { name in "Only \(name) has voters here." },
        together: { "Often chosen by the same voters: " + englishPairs($0) + "." },
        apart: { "Rarely chosen by the same voters: " + englishPairs($0) + "." },
        noClearPair: "No two options were chosen by the same voters notably more (or less) often than chance "
            + "would give.",
        notYetVotable: { since in "— (added \(englishDate(since)))" },
        votableAmong: { since, voters in
            " (of the \(voters == 1 ? "1 voter" : "\(voters) voters") since \(englishDate(since)))"
        },
        neverTogether: "No voter chose two options of this section.",
        togetherCaution: { voters in
            " With \(voters == 1 ? "1 voter" : "\(voters) voters") this is a hint, not a finding."
        })

    /// Traditional Chinese as written in Taiwan.
    package static let traditionalChinese = UncertaintyLabels(
        chanceColumn: "領先機率",
        method: { level, ratio, together in
            "*領先機率*：這個選項在這個區塊裡真正最多人選的機率。計算時允許幾個選項其實一樣受歡迎"
                + "（這時這幾個選項平分機率）；票數接近時，先當作可能平手，等票數拉開了再說。"
                + "旁邊的字看的也是這個機率：把第一名以外的選項從最不可能領先的排起，一直到最後一個領先機率"
                + "不超過 \(level) 除以「領先機率不比它低的選項數」（第一名不算）的選項，都標為*落後*"
                + "（搶第一的選項越多，門檻越嚴；其實平手的選項被誤標為落後的機會最多約 5%）；"
                + "第一名領先的機率至少是它的 \(ratio) 倍，就標為*可能落後*；其餘的和第一名*分不出高下*。"
                + "投票期間才加入的選項，只算加入後有機會選它的人，並依領先機率排進名次；同時開放的選項依人數排名。"
                + (together.map { count, share in
                    "每個 95% 範圍單獨來看，有 95% 的機會涵蓋真正的比例；一張表的 \(count) 個範圍要同時都涵蓋，機會就只有約 \(share)。"
                } ?? "")
        },
        coinToss: { first, second, a, b in
            "不過目前的資料還分不出第一名和第二名\(second)誰領先（領先機率分別約 \(a) 和 \(b)）。"
        },
        tiedChance: { count, chance in
            "目前的資料分不出\(count == 2 ? "兩者" : "這 \(count) 個選項")誰領先，各約 \(chance) 的機率領先。"
        },
        clearLead: { _, second, a, b in
            "領先很明確：領先機率 \(a)，第二名\(second)只有 \(b)。"
        },
        likelyLead: { _, second, a, b in
            "第二名\(second)可能落後（領先機率 \(b)，第一名是 \(a)），但還不到能確定的程度。"
        },
        onlyOne: { name in "這個區塊只有\(name)有人選。" },
        together: { "特別常被同一個人一起選的：" + chinesePairs($0) + "。" },
        apart: { "特別少被同一個人一起選的：" + chinesePairs($0) + "。" },
        noClearPair: "沒有哪兩個選項特別常（或特別少）被同一個人一起選。",
        notYetVotable: { since in "—（\(chineseDate(since)) 加入，之後沒有人投票）" },
        votableAmong: { since, voters in "（\(chineseDate(since)) 加入後投票的 \(voters) 人中）" },
        neverTogether: "沒有人在這個區塊選了兩個選項。",
        togetherCaution: { voters in "只有 \(voters) 人，這只是線索，還不是結論。" })
}

/// The pairs of `together` and `apart` in English: (names, shared voters, lift). The first pair says what the
/// lift means; the next ones only give it.
private func englishPairs(_ pairs: [(String, String, Int, String)]) -> String {
    pairs.enumerated().map { index, pair in
        let (a, b, voters, lift) = pair
        return "\(a) and \(b) (\(voters == 1 ? "1 voter" : "\(voters) voters"), \(lift)"
            + (index == 0 ? " what chance would give)" : ")")
    }.joined(separator: "; ")
}

/// The pairs of `together` and `apart` in Traditional Chinese, as `englishPairs`.
private func chinesePairs(_ pairs: [(String, String, Int, String)]) -> String {
    pairs.enumerated().map { index, pair in
        let (a, b, voters, lift) = pair
        return "\(a)和\(b)（\(voters) 人，" + (index == 0 ? "是純屬巧合時的 \(lift)）" : "\(lift)）")
    }.joined(separator: "；")
}

/// `09-24` (a local MM-DD) as an English reader writes it in a sentence: `Sep 24`.
func englishDate(_ monthDay: String) -> String {
    let parts = monthDay.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 2, (1...12).contains(parts[0]) else { return monthDay }
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return "\(months[parts[0] - 1]) \(parts[1])"
}

/// `09-24` (a local MM-DD) as a Taiwanese reader writes it in a sentence: `9/24`.
func chineseDate(_ monthDay: String) -> String {
    let parts = monthDay.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 2 else { return monthDay }
    return "\(parts[0])/\(parts[1])"
}
