extension ReportModel {
    /// Adds the chances of leading, the adjacent-order chances and the chosen-together pairs to ranked
    /// sections, from the figures' choice sets. Returns how the resamples were drawn; nil (and nothing
    /// added) when the figures have no choice sets or nobody is counted.
    static func addUncertainty(
        _ sections: inout [Section], figures: ReportFigures, parameters: ReportParameters
    ) -> Resampling? {
        guard let choices = figures.choices, figures.totals.voters > 0 else { return nil }
        let sessions = figures.totals.voters
        let resamples = LeadBootstrap.defaultResamples
        let seed = Resampling.seed(
            fingerprint: figures.fingerprint, choices: choices, parameters: parameters, resamples: resamples)
        let voted = sections.map { section in section.options.contains { $0.voters > 0 } }
        let results = LeadBootstrap(seed: seed, resamples: resamples).run(
            sections: sections.indices.map { voted[$0] ? sections[$0].options.map(\.id) : [] }, patterns: choices)
        for index in sections.indices {
            var section = sections[index]
            section.covotes = Covote.pairs(
                options: section.options.map { ($0.id, $0.voters) }, patterns: choices, sessions: sessions)
            if voted[index] {
                let result = results[index]
                var chance: [Int64: Double] = [:]
                for (position, option) in section.options.enumerated() {
                    chance[option.id] = result.leading[position]
                }
                func withChance(_ option: RankedOption) -> RankedOption {
                    var option = option
                    option.chanceOfLeading = chance[option.id]
                    return option
                }
                section = Section(
                    name: section.name, isKnown: section.isKnown, options: section.options.map(withChance),
                    leaders: section.leaders.map(withChance), leadersAll: section.leadersAll.map(withChance),
                    orderChances: zip(section.options, section.options.dropFirst()).enumerated().map {
                        OrderChance(higher: $1.0.id, lower: $1.1.id, chance: result.order[$0])
                    },
                    covotes: section.covotes)
            }
            sections[index] = section
        }
        return Resampling(
            resamples: resamples, seed: seed, method: LeadBootstrap.method(sessions: sessions), sessions: sessions)
    }
}
