extension ReportModel {
    /// Adds the chances of leading, the standings against the leader, the adjacent-order chances and
    /// the chosen-together pairs to ranked sections (`LeadModel`, `Covote`). Returns the model's record; nil when
    /// nobody is counted (nothing added) or the figures have no choice sets (figures put together by hand:
    /// the standings are still set, with the options' covariances taken as zero, but no chances are shown
    /// and no pairs listed).
    ///
    /// One comparison per set of options open for the same time (the same counted sessions could choose them,
    /// issue 47): the options open longest are compared over every session that could choose them; an option added
    /// later is compared over the sessions that could choose it, against every option those sessions could choose,
    /// each counted among the same sessions (`SameVoters`), so early voters, who chose among fewer options, do not
    /// make it read as weaker. Within each set the chance and the word never improve down the ranking
    /// (`LeadModel.judge`). Only an option ranked first (the most voters) is called the leader.
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
            let comparisons = compared(section.options, sessions: sessions, patterns: figures.choices)
            var options = section.options
            for position in options.indices {
                guard let found = comparisons.figures[position] else { continue }
                options[position].chanceOfLeading = found.chance
                options[position].sameVoters = found.sameVoters
                let standing = found.standing.map(Standing.init)
                // The word "leader" is the rank's: an option that leads only its own comparison is not called it.
                options[position].standing =
                    options[position].rank == 1 && options[position].voters > 0
                    ? .leader : (standing == .leader ? .notDistinguishable : standing)
            }
            sections[index] = Section(
                name: section.name, isKnown: section.isKnown, options: options,
                leaders: options.filter { $0.rank == 1 && $0.voters > 0 },
                leadersAll: section.leadersAll.compactMap { leader in options.first { $0.id == leader.id } },
                orderChances: zip(options, options.dropFirst()).enumerated().map {
                    OrderChance(higher: $1.0.id, lower: $1.1.id, chance: comparisons.order[$0])
                },
                covotes: section.covotes)
        }
        return figures.choices == nil ? nil : ChanceModel(sessions: sessions)
    }

    /// What the comparisons give one option.
    struct Compared {
        let chance: Double
        let standing: LeadModel.Standing?
        let sameVoters: SameVoters?
    }

    /// The comparisons of one ranked section (`addUncertainty`): per option (in the section's order) its figures,
    /// nil for an option nobody could choose, and per adjacent pair the chance the higher truly has more voters,
    /// from the comparison that holds both (that of the option open for less time).
    static func compared(
        _ options: [RankedOption], sessions: Int, patterns: [ChoicePattern]?
    ) -> (figures: [Compared?], order: [Double]) {
        let eligible = options.map { eligibleCount($0, sessions) }
        let usable = options.indices.filter { eligible[$0] > 0 && options[$0].share != nil }
        // Eligibility is nested (a later option's sessions also saw every earlier one), so one count is one set.
        let classes = Array(Set(usable.map { eligible[$0] })).sorted(by: >)
        var figures = [Compared?](repeating: nil, count: options.count)
        var ahead: [Int: (positions: [Int: Int], ahead: [[Double]])] = [:]
        for size in classes {
            let members = usable.filter { eligible[$0] == size }
            // The options these sessions could choose, counted among them.
            let inRun = usable.filter { eligible[$0] >= size }
            let among = patterns?.filter { $0.couldChoose(options[members[0]].id) }
            // The options of this class count their voters as the data says (a vote cast before its option existed
            // stays in its voters, as in the table, and changes no denominator); the others, among these sessions.
            let voters = inRun.map { option -> Int in
                guard let among, eligible[option] > size else { return min(options[option].voters, size) }
                let id = options[option].id
                return among.reduce(0) { $0 + ($1.optionIDs.contains(id) ? $1.sessions : 0) }
            }
            // The model sees them by voters among these sessions (then the section's order).
            let order = inRun.indices.sorted { voters[$0] != voters[$1] ? voters[$0] > voters[$1] : $0 < $1 }
            let runIDs = order.map { options[inRun[$0]].id }
            let shared = among.map { Covote.sharedVoters(ids: runIDs, patterns: $0) }
            let top = order.map { voters[$0] }.max() ?? 0
            let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { (inRun[$1], $0) })
            let judged = LeadModel.judge(
                options: order.map { LeadModel.Option(voters: voters[$0], eligible: size) },
                shared: { a, b in shared.map { $0[a * runIDs.count + b] } ?? 0 },
                members: members.map { position[$0]! },
                leaders: Set(order.indices.filter { voters[order[$0]] == top && top > 0 }))
            let late = size != classes[0]
            let same =
                late
                ? SameVoters(
                    sessions: size,
                    options: order.enumerated().map { at, run in
                        SameVoters.Entry(id: options[inRun[run]].id, voters: voters[run], chance: judged.leading[at])
                    }) : nil
            for member in members {
                let at = position[member]!
                figures[member] = Compared(chance: judged.leading[at], standing: judged.standings[at], sameVoters: same)
            }
            ahead[size] = (position, judged.result.ahead)
        }
        let order = zip(options.indices, options.indices.dropFirst()).map { a, b -> Double in
            guard figures[a] != nil else { return 0 }
            guard figures[b] != nil else { return 1 }
            let run = ahead[min(eligible[a], eligible[b])]!
            return run.ahead[run.positions[a]!][run.positions[b]!]
        }
        return (figures, order)
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
