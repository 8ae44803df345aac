extension ReportModel {
    /// Adds the chances of leading, the standings against the leader, the adjacent-order chances and
    /// the chosen-together pairs to ranked sections (`LeadModel`, `Covote`). Returns the model's
    /// record; nil when nobody is counted (nothing added) or the figures have no choice sets (figures
    /// put together by hand: the standings are still set, with the options' covariances taken as zero,
    /// but no chances are shown and no pairs listed).
    static func addUncertainty(_ sections: inout [Section], figures: ReportFigures) -> ChanceModel? {
        guard figures.totals.voters > 0 else { return nil }
        let sessions = figures.totals.voters
        let choices = figures.choices ?? []
        for index in sections.indices {
            var section = sections[index]
            let ids = section.options.map(\.id)
            let shared = Covote.sharedVoters(ids: ids, patterns: choices)
            section.covotes =
                figures.choices == nil
                ? []
                : Covote.pairs(options: section.options.map { ($0.id, $0.voters) }, shared: shared, patterns: choices)
            guard section.options.contains(where: { $0.voters > 0 }) else {
                sections[index] = section
                continue
            }
            let result = LeadModel.run(
                options: section.options.map { LeadModel.Option(voters: $0.voters, eligible: $0.eligible ?? sessions) },
                shared: { shared[$0 * ids.count + $1] })
            var figuresOf: [Int64: (leading: Double, behind: Double)] = [:]
            for (position, option) in section.options.enumerated() {
                figuresOf[option.id] = (result.leading[position], result.behind[position])
            }
            func withChance(_ option: RankedOption) -> RankedOption {
                var option = option
                guard let figures = figuresOf[option.id], option.eligible != 0 else { return option }
                option.chanceOfLeading = figures.leading
                option.chanceBehind = option.rank == 1 ? nil : figures.behind
                option.standing =
                    option.rank == 1
                    ? .leader : figures.behind >= LeadModel.behindThreshold ? .behind : .notDistinguishable
                return option
            }
            sections[index] = Section(
                name: section.name, isKnown: section.isKnown, options: section.options.map(withChance),
                leaders: section.leaders.map(withChance), leadersAll: section.leadersAll.map(withChance),
                orderChances: zip(section.options, section.options.dropFirst()).enumerated().map {
                    OrderChance(higher: $1.0.id, lower: $1.1.id, chance: result.order[$0])
                },
                covotes: section.covotes)
        }
        return figures.choices == nil ? nil : ChanceModel(sessions: sessions)
    }
}
