/// The words of the chance of leading and the chosen-together pairs, in one language. Kept apart
/// from `ReportLabels` so these figures can change without touching every other label. Names come
/// in already escaped and quoted; numbers already formatted.
public struct UncertaintyLabels: Sendable {
    /// Column: the chance of leading.
    public let chanceColumn: String
    /// What the chance means and how exact it is (one paragraph): resamples, the error in points.
    public let method: @Sendable (_ resamples: String, _ errorPoints: String) -> String
    /// The top two are a coin toss: names and their chances of leading.
    public let coinToss:
        @Sendable (_ first: String, _ second: String, _ firstChance: String, _ secondChance: String)
            -> String
    /// The first is ahead of the second in most resamples, clearly (95% or more).
    public let clearLead: @Sendable (_ first: String, _ second: String, _ chance: String) -> String
    /// The first is ahead of the second in most resamples, but not clearly.
    public let likelyLead: @Sendable (_ first: String, _ second: String, _ chance: String) -> String
    /// Only one option of the section has voters.
    public let onlyOne: @Sendable (_ name: String) -> String
    /// The pairs chosen together most often: (first name, second name, shared voters, lift text).
    public let together: @Sendable (_ pairs: [(String, String, Int, String)]) -> String
    /// No two options of the section were chosen by the same voter.
    public let neverTogether: String
    /// The small-sample caution after the pairs sentence.
    public let togetherCaution: @Sendable (_ voters: Int) -> String
}

extension UncertaintyLabels {
    /// English.
    public static let english = UncertaintyLabels(
        chanceColumn: "Chance of leading",
        method: { resamples, error in
            "*Chance of leading*: how often the option has the most voters in its section when the counted "
                + "voters are drawn again at random \(resamples) times (a bootstrap over voters, each voter's "
                + "votes kept together; ties split evenly). Each chance is within about ±\(error) percentage "
                + "points of its exact bootstrap value."
        },
        coinToss: { first, second, a, b in
            "Which of \(first) and \(second) leads is a coin toss (chance of leading \(a) and \(b))."
        },
        clearLead: { first, second, chance in
            "\(first) is ahead of \(second) in \(chance) of the resamples: the lead is clear."
        },
        likelyLead: { first, second, chance in
            "\(first) is ahead of \(second) in \(chance) of the resamples: a likely lead, not a certain one."
        },
        onlyOne: { name in "Only \(name) has voters here, so it leads in every resample." },
        together: { pairs in
            let parts = pairs.enumerated().map { index, pair in
                let (a, b, voters, lift) = pair
                // The first pair says what the lift means; the next ones only give it.
                return "\(a) and \(b) (\(voters == 1 ? "1 voter" : "\(voters) voters"), \(lift)"
                    + (index == 0 ? " what independent choices would give)" : ")")
            }
            return "Chosen together most often: " + parts.joined(separator: "; ") + "."
        },
        neverTogether: "No voter chose two options of this section.",
        togetherCaution: { voters in
            " With \(voters == 1 ? "1 voter" : "\(voters) voters") this is a hint, not a finding."
        })

    /// Traditional Chinese as written in Taiwan.
    public static let traditionalChinese = UncertaintyLabels(
        chanceColumn: "領先機率",
        method: { resamples, error in
            "*領先機率*：把計入的投票者隨機重抽 \(resamples) 次（以人為單位重新抽樣，"
                + "同一人的票一起抽；平手時平分），這個選項在該區得到最多人選的比例。"
                + "每個機率與無限次重抽的結果相差約 ±\(error) 個百分點以內。"
        },
        coinToss: { first, second, a, b in
            "\(first)和\(second)誰領先，就像擲硬幣一樣難說（領先機率 \(a) 與 \(b)）。"
        },
        clearLead: { first, second, chance in
            "在 \(chance) 的重抽樣中，\(first)領先\(second)：領先很明確。"
        },
        likelyLead: { first, second, chance in
            "在 \(chance) 的重抽樣中，\(first)領先\(second)：可能領先，但不確定。"
        },
        onlyOne: { name in "這一區只有\(name)有人選，所以每次重抽樣都是它領先。" },
        together: { pairs in
            let parts = pairs.enumerated().map { index, pair in
                let (a, b, voters, lift) = pair
                return "\(a)和\(b)（\(voters) 位投票者，" + (index == 0 ? "是各自獨立選擇時的 \(lift)）" : "\(lift)）")
            }
            return "最常被同一批人一起選的：" + parts.joined(separator: "；") + "。"
        },
        neverTogether: "沒有投票者在這一區選了兩個選項。",
        togetherCaution: { voters in "只有 \(voters) 位投票者，這只是線索，不是結論。" })
}

extension ReportLanguage {
    /// The chance-of-leading and chosen-together words in this language.
    public var uncertainty: UncertaintyLabels {
        switch self {
        case .english: return .english
        case .traditionalChinese: return .traditionalChinese
        }
    }
}
