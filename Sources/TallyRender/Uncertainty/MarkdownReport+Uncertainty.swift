import Foundation
import TallyCore

/// The chance of leading and the chosen-together pairs in the Markdown report.
extension MarkdownReport {
    /// A chance no more precisely than its calibration supports at the number of voters it is computed over
    /// (docs/statistics.md, "Precision"): to 10 points under 30 voters, to 5 under 120, else to the whole point.
    /// Never rounds to 0% or 100% unless it is exactly that ("<10%", ">90%" at the ends).
    static func chanceText(_ chance: Double, among voters: Int) -> String {
        let step = Double(chanceStep(voters)) / 100
        if chance <= 0 { return "0%" }
        if chance >= 1 { return "100%" }
        if chance < step / 2 { return "<" + NumberText.percent(step, decimals: 0) }
        if chance > 1 - step / 2 { return ">" + NumberText.percent(1 - step, decimals: 0) }
        return NumberText.percent((chance / step).rounded() * step, decimals: 0)
    }

    /// The step, in points, a chance computed over `voters` voters is shown to (`chanceText`).
    static func chanceStep(_ voters: Int) -> Int { voters < 30 ? 10 : voters < 120 ? 5 : 1 }

    /// An option's chance as its table cell and sentences show it: over the voters it is compared among.
    static func chanceText(_ option: ReportModel.RankedOption, _ model: ReportModel) -> String? {
        option.chanceOfLeading.map { chanceText($0, among: option.eligible ?? model.totals.voters) }
    }

    /// The 95% range; for an option created mid-poll, the range among the voters who could choose it, with
    /// when it became votable and how many they are; for an option nobody could yet choose (created after the
    /// last counted vote), when it became votable and that no voter could choose it: no range, which would
    /// read as "unpopular".
    static func rangeCell(_ option: ReportModel.RankedOption, _ model: ReportModel, _ l: ReportLanguage) -> String {
        let since = option.createdAt.map { ReaderTimes(model, l).date(model.parameters.zone.local($0)) }
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
        let together = largest > 1 ? NumberText.percent(pow(0.95, Double(largest)), decimals: 0) : nil
        return [
            l.chanceMeaning(
                NumberText.percent(record.behindLevel, decimals: 0),
                NumberText.fixed(record.probablyBehindRatio, decimals: 0), together.map { (largest, $0) })
        ]
    }

    /// How sure the order at the top of a section is (the headline's "how sure"): the runner-up among the options
    /// open for as long as the first (one comparison) with the same word the table gives it and both chances of
    /// leading, the figure that word reads; when the data can't tell the first apart from several, the whole group.
    /// Options added later have their own lines (`lateOptionLines`). Nil without votes.
    static func orderSentence(
        _ section: ReportModel.Section, _ model: ReportModel, _ l: ReportLanguage
    ) -> String? {
        guard model.chanceModel != nil, let first = section.options.first, first.voters > 0 else { return nil }
        let peers = section.options.dropFirst().filter {
            $0.eligible == first.eligible && $0.chanceOfLeading != nil && $0.voters > 0
        }
        guard let second = peers.first, let firstChance = chanceText(first, model),
            let secondChance = chanceText(second, model)
        else {
            return section.options.dropFirst().contains { $0.voters > 0 } ? nil : l.onlyOne(quoted(first.content, l))
        }
        if second.rank == first.rank {
            // Tied at the top: the headline named them; equal counts get equal chances by construction.
            return l.tiedChance(section.options.filter { $0.rank == first.rank }.count, firstChance)
        }
        let name = quoted(second.content, l)
        switch second.standing {
        case .behind?: return l.clearLead(name, firstChance, secondChance)
        case .probablyBehind?: return l.likelyLead(name, firstChance, secondChance)
        default:
            // Every option the data can't tell apart from the first: a run, named as one.
            let group = peers.filter { $0.standing == .notDistinguishable }
            return l.coinToss(
                group.map { quoted($0.content, l) }, [firstChance] + group.compactMap { chanceText($0, model) })
        }
    }

    /// One line per option added later than its section's first options: when, how many could choose it, its share
    /// among them against the most chosen other option's share among the same voters, and its word and chance from
    /// that comparison; with fewer than `ReportModel.smallSampleThreshold` such voters, a hint, not a finding.
    static func lateOptionLines(
        _ section: ReportModel.Section, _ model: ReportModel, _ l: ReportLanguage
    ) -> [String] {
        section.options.compactMap { option -> String? in
            guard let same = option.sameVoters, let created = option.createdAt,
                let own = same.options.first(where: { $0.id == option.id }),
                let best = same.options.first(where: { $0.id != option.id })
            else { return nil }
            let since = ReaderTimes(model, l).date(model.parameters.zone.local(created))
            let share = { (voters: Int) in NumberText.percent(Double(voters) / Double(same.sessions), decimals: 0) }
            let name = section.options.first { $0.id == best.id }.map { quoted($0.content, l) } ?? ""
            var line = l.lateOption(
                LateOptionLine(
                    name: quoted(option.content, l), since: since,
                    sessions: same.sessions, chose: own.voters, share: share(own.voters), other: name,
                    otherShare: share(best.voters), chance: chanceText(own.chance, among: same.sessions),
                    otherChance: chanceText(best.chance, among: same.sessions), most: own.voters > best.voters,
                    standing: option.standing))
            if same.sessions < ReportModel.smallSampleThreshold { line += l.togetherCaution(same.sessions) }
            return line
        }
    }

    /// Which options went together most often, with the small-sample caution; empty without the chance model, and on
    /// a public page when no pair stands out.
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
            // A public page names a pair only when one stands out: "no pair stands out" is a sentence about nothing.
            // The moderators' page (`--internal`) says so, to show the check ran.
            let moderators = model.parameters.audience.showsIdentifiers
            if !section.covotes.contains(where: { $0.voters > 0 }) {
                if moderators { sentences.append(l.neverTogether) }
            } else if together.isEmpty && apart.isEmpty {
                if moderators { sentences.append(l.noClearPair) }
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
