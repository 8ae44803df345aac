import TallyCore

/// The chance of leading and the chosen-together pairs in the Markdown report.
extension MarkdownReport {
    /// Within this distance of 50% the order of the top two is called a coin toss.
    static let coinTossMargin = 0.1
    /// From this chance on a lead is called clear.
    static let clearLead = 0.95

    /// A chance as a whole percentage: the Monte Carlo error is about a point, so decimals would
    /// claim more than the resampling knows. Never rounds to 0% or 100% unless it is exactly that.
    static func chanceText(_ chance: Double) -> String {
        if chance <= 0 { return "0%" }
        if chance >= 1 { return "100%" }
        if chance < 0.005 { return "<1%" }
        if chance > 0.995 { return ">99%" }
        return NumberText.percent(chance, decimals: 0)
    }

    /// `2,000`: digits in groups of three, the same in both languages.
    static func thousands(_ value: Int) -> String {
        var digits = String(value)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits = String(digits.dropLast(3))
        }
        return ([Substring(digits)] + groups).joined(separator: ",")
    }

    /// The paragraph that says what the chance of leading is and how exact; none without resampling.
    static func chanceMethod(_ model: ReportModel, _ u: UncertaintyLabels) -> [String] {
        guard let resampling = model.resampling else { return [] }
        let resamples = thousands(resampling.resamples)
        // Twice the largest standard error: about a 95% bound on the Monte Carlo error.
        return [u.method(resamples, NumberText.fixed(2 * resampling.maximumError * 100, decimals: 1))]
    }

    /// How sure the order at the top of a section is (the headline's "how sure"); nil without resampling or votes.
    static func orderSentence(
        _ section: ReportModel.Section, _ model: ReportModel, _ l: ReportLabels, _ u: UncertaintyLabels
    ) -> String? {
        guard model.resampling != nil, let first = section.options.first, first.voters > 0 else { return nil }
        let second = section.options.dropFirst().first
        guard let second, second.voters > 0, let order = section.orderChances.first else {
            return u.onlyOne(quoted(first.content, l))
        }
        let firstAhead = order.chance >= 0.5
        let (ahead, behind) = firstAhead ? (first, second) : (second, first)
        let chance = max(order.chance, 1 - order.chance)
        if abs(order.chance - 0.5) <= coinTossMargin {
            return u.coinToss(
                quoted(first.content, l), quoted(second.content, l),
                first.chanceOfLeading.map(chanceText) ?? "—", second.chanceOfLeading.map(chanceText) ?? "—")
        } else if chance >= clearLead {
            return u.clearLead(quoted(ahead.content, l), quoted(behind.content, l), chanceText(chance))
        }
        return u.likelyLead(quoted(ahead.content, l), quoted(behind.content, l), chanceText(chance))
    }

    /// Which options went together most often, with the small-sample caution; empty without resampling.
    static func togetherSentences(
        _ section: ReportModel.Section, _ model: ReportModel, _ l: ReportLabels, _ u: UncertaintyLabels
    ) -> [String] {
        guard model.resampling != nil else { return [] }
        var sentences: [String] = []
        if section.options.filter({ $0.voters > 0 }).count >= 2 {
            let names = Dictionary(uniqueKeysWithValues: section.options.map { ($0.id, $0.content) })
            let strongest = section.covotes.filter { $0.voters > 0 }.prefix(2)
            if strongest.isEmpty {
                sentences.append(u.neverTogether)
            } else {
                sentences.append(
                    u.together(
                        strongest.map { pair in
                            (
                                quoted(names[pair.a] ?? "", l), quoted(names[pair.b] ?? "", l), pair.voters,
                                NumberText.fixed(pair.lift, decimals: 1) + "×"
                            )
                        }))
                if model.isSmallSample { sentences[sentences.count - 1] += u.togetherCaution(model.totals.voters) }
            }
        }
        return sentences
    }
}
