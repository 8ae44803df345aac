import Foundation
import TallyCore

/// The chance of leading and the chosen-together pairs in the Markdown report.
extension MarkdownReport {
    /// A chance as a whole percentage: the model's normal approximation is not good to a tenth of a
    /// point. Never rounds to 0% or 100% unless it is exactly that.
    static func chanceText(_ chance: Double) -> String {
        if chance <= 0 { return "0%" }
        if chance >= 1 { return "100%" }
        if chance < 0.005 { return "<1%" }
        if chance > 0.995 { return ">99%" }
        return NumberText.percent(chance, decimals: 0)
    }

    /// The 95% range; for an option created mid-poll, the range among the voters who could choose it, with
    /// when it became votable and how many they are; for an option nobody could yet choose (created after the
    /// last counted vote), when it became votable and that no voter could choose it: no range, which would
    /// read as "unpopular".
    static func rangeCell(_ option: ReportModel.RankedOption, _ model: ReportModel, _ l: ReportLanguage) -> String {
        let since = option.createdAt.map { created in
            let local = model.parameters.zone.local(created)
            return "\(pad2(local.month))-\(pad2(local.day))"
        }
        if let interval = option.interval {
            guard let eligible = option.eligible, eligible > 0, let since else { return ReportText.range(interval) }
            return ReportText.range(interval) + l.votableAmong(since, eligible)
        }
        guard option.eligible == 0, let since else { return "—" }
        return l.notYetVotable(since)
    }

    /// The paragraph that says what the chance of leading and the standings mean; none when nobody is counted.
    static func chanceMethod(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        guard let record = model.chanceModel else { return [] }
        // How often all of a table's 95% ranges hold at once, were they independent: 0.95^k for the
        // largest table (the simulation in docs/statistics.md finds the same within a few points).
        let largest = model.sections.map { $0.options.count }.max() ?? 0
        let together = largest > 1 ? chanceText(pow(0.95, Double(largest))) : nil
        return [
            l.chanceMeaning(
                chanceText(record.behindLevel), NumberText.fixed(record.probablyBehindRatio, decimals: 0),
                together.map { (largest, $0) })
        ]
    }

    /// How sure the order at the top of a section is (the headline's "how sure"): the runner-up's standing,
    /// the same word the table gives it, with both chances of leading, the figure that word reads. Nil
    /// without votes.
    static func orderSentence(
        _ section: ReportModel.Section, _ model: ReportModel, _ l: ReportLanguage
    ) -> String? {
        guard model.chanceModel != nil, let first = section.options.first, first.voters > 0 else { return nil }
        guard let second = section.options.dropFirst().first(where: { $0.chanceOfLeading != nil }), second.voters > 0,
            let firstChance = first.chanceOfLeading, let secondChance = second.chanceOfLeading
        else {
            return l.onlyOne(quoted(first.content, l))
        }
        if second.rank == first.rank {
            // Tied at the top: the headline named them; equal counts get equal chances by construction.
            return l.tiedChance(section.options.filter { $0.rank == first.rank }.count, chanceText(firstChance))
        }
        let name = quoted(second.content, l)
        let chances = (chanceText(firstChance), chanceText(secondChance))
        switch second.standing {
        case .behind?: return l.clearLead(name, chances.0, chances.1)
        case .probablyBehind?: return l.likelyLead(name, chances.0, chances.1)
        default: return l.coinToss(name, chances.0, chances.1)
        }
    }

    /// Which options went together most often, with the small-sample caution; empty without the chance model.
    static func togetherSentences(
        _ section: ReportModel.Section, _ model: ReportModel, _ l: ReportLanguage
    ) -> [String] {
        guard model.chanceModel != nil else { return [] }
        var sentences: [String] = []
        if section.options.filter({ $0.voters > 0 }).count >= 2 {
            let names = Dictionary(uniqueKeysWithValues: section.options.map { ($0.id, $0.content) })
            func described(_ pair: Covote) -> ChosenPair {
                ChosenPair(
                    first: quoted(names[pair.a] ?? "", l), second: quoted(names[pair.b] ?? "", l), voters: pair.voters,
                    lift: NumberText.fixed(pair.lift, decimals: 1) + "×")
            }
            // Only pairs clearly off the budget-aware baseline are named (Covote.standing), most shared voters first.
            let together = section.covotes.filter { $0.standing == .together }.prefix(2)
            let apart = section.covotes.filter { $0.standing == .apart }.prefix(2)
            if !section.covotes.contains(where: { $0.voters > 0 }) {
                sentences.append(l.neverTogether)
            } else if together.isEmpty && apart.isEmpty {
                sentences.append(l.noClearPair)
            } else {
                if !together.isEmpty { sentences.append(l.oftenTogether(together.map(described))) }
                if !apart.isEmpty { sentences.append(l.rarelyTogether(apart.map(described))) }
            }
            // The caution is for a pair named on few voters; "no pair stands out" needs none.
            let named = !together.isEmpty || !apart.isEmpty
            if model.isSmallSample && named { sentences[sentences.count - 1] += l.togetherCaution(model.totals.voters) }
        }
        return sentences
    }
}
