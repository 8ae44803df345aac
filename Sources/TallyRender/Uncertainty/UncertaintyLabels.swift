/// The words of the chance of leading and the chosen-together pairs, in one language. Kept apart
/// from `ReportLabels` so these figures can change without touching every other label. Names come
/// in already escaped and quoted; numbers already formatted.
package struct UncertaintyLabels: Sendable {
    /// Column: the chance of leading.
    package let chanceColumn: String
    /// What the chance and the standings mean (one paragraph): the threshold of "behind" and its
    /// complement, both as percentages, and (the largest table's number of options, how often all its
    /// 95% ranges hold at once) when a table has two options or more.
    package let method: @Sendable (_ threshold: String, _ miss: String, _ together: (Int, String)?) -> String
    /// The data cannot tell the top two apart: names and their chances of leading.
    package let coinToss:
        @Sendable (_ first: String, _ second: String, _ firstChance: String, _ secondChance: String)
            -> String
    /// The options tied for first (already named by the headline) share the chance of leading equally.
    package let tiedChance: @Sendable (_ chance: String) -> String
    /// The second is behind (the chance that it truly has fewer voters is at the threshold or more).
    package let clearLead: @Sendable (_ first: String, _ second: String, _ chance: String) -> String
    /// The second is probably behind, but the data cannot tell it apart from the first.
    package let likelyLead: @Sendable (_ first: String, _ second: String, _ chance: String) -> String
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
        method: { threshold, miss, together in
            "*Chance of leading*: the chance that the option truly has the most voters in its section, from a "
                + "model in which options may be exactly as popular as each other (they then share the chance "
                + "equally) and which pulls the options together as far as the counts allow. An option is *behind* "
                + "when the chance that another option truly has more voters is \(threshold) or more; otherwise the "
                + "data cannot tell it apart from the leader (a truly tied option is called behind in under "
                + "\(miss) of polls)."
                + (together.map { count, share in
                    " Each 95% range holds in 95% of polls; all \(count) ranges of a table hold at once less often, "
                        + "in about \(share) of polls."
                } ?? "")
        },
        coinToss: { first, second, a, b in
            "The data cannot tell \(first) and \(second) apart (chance of leading \(a) and \(b))."
        },
        tiedChance: { chance in "The data cannot tell them apart: each has a \(chance) chance of truly leading." },
        clearLead: { first, second, chance in
            "\(first) leads clearly: the chance that \(second) truly has fewer voters is \(chance)."
        },
        likelyLead: { first, second, chance in
            "\(first) is probably ahead of \(second) (the chance that \(second) truly has fewer voters is "
                + "\(chance)), but the data cannot tell them apart."
        },
        onlyOne: { name in "Only \(name) has voters here." },
        together: { "Chosen together more often than chance: " + englishPairs($0) + "." },
        apart: { "Chosen together less often than chance: " + englishPairs($0) + "." },
        noClearPair: "No two options were chosen together clearly more or less often than independent voters "
            + "with the same number of choices would.",
        notYetVotable: { since in "— (0 voters since \(since))" },
        votableAmong: { since, voters in " (since \(since), among \(voters == 1 ? "1 voter" : "\(voters) voters"))" },
        neverTogether: "No voter chose two options of this section.",
        togetherCaution: { voters in
            " With \(voters == 1 ? "1 voter" : "\(voters) voters") this is a hint, not a finding."
        })

    /// Traditional Chinese as written in Taiwan.
    package static let traditionalChinese = UncertaintyLabels(
        chanceColumn: "領先機率",
        method: { threshold, miss, together in
            "*領先機率*：這個選項在該區真正得到最多人選的機率，來自一個允許選項一樣受歡迎的模型"
                + "（一樣受歡迎的選項平分機率），並在票數允許的範圍內把各選項拉近。"
                + "當另一個選項真正比它多人選的機率達 \(threshold) 以上時，標為*落後*；否則資料無法把它與領先者區分"
                + "（真正平手的選項被標為落後的情形不到 \(miss)）。"
                + (together.map { count, share in
                    "每個 95% 範圍在 95% 的投票中成立；一張表的 \(count) 個範圍同時成立的情形較少，約為 \(share)。"
                } ?? "")
        },
        coinToss: { first, second, a, b in
            "資料無法區分\(first)和\(second)（領先機率 \(a) 與 \(b)）。"
        },
        tiedChance: { chance in "資料無法區分它們：各有 \(chance) 的機率真正領先。" },
        clearLead: { first, second, chance in
            "\(first)明確領先：\(second)真正比較少人選的機率是 \(chance)。"
        },
        likelyLead: { first, second, chance in
            "\(first)可能領先\(second)（\(second)真正比較少人選的機率是 \(chance)），但資料無法區分兩者。"
        },
        onlyOne: { name in "這一區只有\(name)有人選。" },
        together: { "比隨機更常被一起選的：" + chinesePairs($0) + "。" },
        apart: { "比隨機更少被一起選的：" + chinesePairs($0) + "。" },
        noClearPair: "沒有哪兩個選項被一起選的次數明顯多於或少於選擇數相同、各自獨立選擇的投票者。",
        notYetVotable: { since in "—（\(since) 起 0 人可選）" },
        votableAmong: { since, voters in "（\(since) 起可選，\(voters) 位投票者中）" },
        neverTogether: "沒有投票者在這一區選了兩個選項。",
        togetherCaution: { voters in "只有 \(voters) 位投票者，這只是線索，不是結論。" })
}

/// The pairs of `together` and `apart` in English: (names, shared voters, lift). The first pair says what the
/// lift means; the next ones only give it.
private func englishPairs(_ pairs: [(String, String, Int, String)]) -> String {
    pairs.enumerated().map { index, pair in
        let (a, b, voters, lift) = pair
        return "\(a) and \(b) (\(voters == 1 ? "1 voter" : "\(voters) voters"), \(lift)"
            + (index == 0 ? " what independent voters with the same number of choices would give)" : ")")
    }.joined(separator: "; ")
}

/// The pairs of `together` and `apart` in Traditional Chinese, as `englishPairs`.
private func chinesePairs(_ pairs: [(String, String, Int, String)]) -> String {
    pairs.enumerated().map { index, pair in
        let (a, b, voters, lift) = pair
        return "\(a)和\(b)（\(voters) 位投票者，" + (index == 0 ? "是選擇數相同、各自獨立選擇時的 \(lift)）" : "\(lift)）")
    }.joined(separator: "；")
}
