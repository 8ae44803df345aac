extension ReportModel {
    /// Adds the chances of leading, the standings against the leader, the adjacent-order chances and
    /// the chosen-together pairs to ranked sections (`LeadModel`, `Covote`), and places options added later
    /// among the others by their chance of leading (`placedByChance`). Returns the model's record; nil when
    /// nobody is counted (nothing added) or the figures have no choice sets (figures put together by hand:
    /// the standings are still set, with the options' covariances taken as zero, but no chances are shown
    /// and no pairs listed).
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
            guard section.options.contains(where: { $0.voters > 0 && $0.share != nil }) else {
                sections[index] = section
                continue
            }
            // The model sees the options by share among the voters who could choose them (`rank`).
            let result = LeadModel.run(
                options: section.options.map { LeadModel.Option(voters: $0.voters, eligible: $0.eligible ?? sessions) },
                shared: { shared[$0 * ids.count + $1] })
            let chances = section.options.indices.map { section.options[$0].share == nil ? nil : result.leading[$0] }
            let order = placedByChance(section.options, chances: chances, sessions: sessions)
            var options = ranks(order.map { section.options[$0] }, countedVoters: sessions)
            let leaders = Set(options.indices.filter { options[$0].rank == 1 && options[$0].voters > 0 })
            let standings = LeadModel.standings(leading: order.map { chances[$0] }, leaders: leaders)
            for (position, model) in order.enumerated() {
                options[position].chanceOfLeading = chances[model]
                options[position].standing = standings[position].map(Standing.init)
            }
            let adjacent = result.order(order)
            sections[index] = Section(
                name: section.name, isKnown: section.isKnown, options: options,
                leaders: options.filter { $0.rank == 1 && $0.voters > 0 },
                leadersAll: section.leadersAll.compactMap { leader in options.first { $0.id == leader.id } },
                orderChances: zip(options, options.dropFirst()).enumerated().map {
                    OrderChance(higher: $1.0.id, lower: $1.1.id, chance: adjacent[$0])
                },
                covotes: section.covotes)
        }
        return figures.choices == nil ? nil : ChanceModel(sessions: sessions)
    }

    /// The options' order (indices into `options`): options open for the same time (the same number of counted
    /// voters could choose them) keep their order by voters, the mission's rule; where options open for
    /// different times meet, the one more likely to lead comes first (then by share, as `options` are). An
    /// option chosen by 80% of the 30 voters who could choose it thus ranks above options with more voters but
    /// little chance, and one chosen by its only voter does not rank above a clear leader. Options with no
    /// chance (nobody could choose them) come last.
    static func placedByChance(_ options: [RankedOption], chances: [Double?], sessions: Int) -> [Int] {
        var classes: [Int: [Int]] = [:]
        var classOrder: [Int] = []
        for index in options.indices where chances[index] != nil {
            let key = eligibleCount(options[index], sessions)
            if classes[key] == nil { classOrder.append(key) }
            classes[key, default: []].append(index)
        }
        var heads = classOrder.map { classes[$0]![...] }
        var order: [Int] = []
        while let pick = heads.indices.filter({ !heads[$0].isEmpty }).min(by: { a, b in
            let (x, y) = (heads[a].first!, heads[b].first!)
            return chances[x]! != chances[y]! ? chances[x]! > chances[y]! : x < y
        }) {
            order.append(heads[pick].removeFirst())
        }
        return order + options.indices.filter { chances[$0] == nil }
    }
}

extension ReportModel.Standing {
    init(_ standing: LeadModel.Standing) {
        switch standing {
        case .leader: self = .leader
        case .even: self = .notDistinguishable
        case .probablyBehind: self = .probablyBehind
        case .behind: self = .behind
        }
    }
}
