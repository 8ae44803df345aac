import TallyCore

/// The ranking's figures: sections and their leaders, options, the chances and the chosen-together pairs
/// (`order_chance`: id the higher option, detail `ahead_of:<id>`; `covote`: id option a, detail `with:<id>`).
extension ReportRecords {
    /// `sections[]`: a `section` row, then its leaders' rows; a section's order chances sort with its pairs.
    mutating func addSections(_ sections: [ReportModel.Section]) {
        add(["sections"], .array([]))
        for (number, section) in sections.enumerated() {
            func at(_ key: String) -> [Step] { ["sections", .index(number), .key(key)] }
            let row = row("section")
            add(at("name"), .string(section.name), row, .section)
            add(at("known"), .bool(section.isKnown), row, .value)
            for (key, label, leaders) in [
                ("leaders", "counted", section.leaders), ("leaders_with_excluded", "with_excluded", section.leadersAll),
            ] {
                add(at(key), .array([]))
                for (index, leader) in leaders.enumerated() {
                    let row = self.row("leader", label: label, [.section: .text(section.name)])
                    add(at(key) + [.index(index)], .integer(leader.id), row, .id)
                }
            }
            add(at("order_chances"), .array([]))
            for (index, pair) in section.orderChances.enumerated() {
                let row = self.row("order_chance", order: [number, 0], [.section: .text(section.name)])
                let path = at("order_chances") + [.index(index)]
                add(path + ["higher"], .integer(pair.higher), row, .id)
                add(path + ["lower"], .integer(pair.lower), row, .detail, field: .text("ahead_of:\(pair.lower)"))
                add(path + ["chance"], .number(pair.chance, decimals: 4), row, .value)
            }
        }
    }

    /// `options[]`: an `option` row each, then (after them all) an `option_with_excluded` row each, and a
    /// `chance_of_leading` row for each option with a chance.
    mutating func addOptions(_ options: [ReportModel.RankedOption]) {
        add(["options"], .array([]))
        for (index, option) in options.enumerated() {
            func at(_ key: String) -> [Step] { ["options", .index(index), .key(key)] }
            let picks: [CSVReport.Column: CSVWriter.Field] = [
                .section: .text(option.section), .rank: .integer(Int64(option.rank)), .id: .integer(option.id),
                .label: .text(option.content),
            ]
            let row = row("option")
            let withExcluded = self.row("option_with_excluded", picks)
            add(at("id"), .integer(option.id), row, .id)
            add(at("content"), .string(option.content), row, .label)
            add(at("section"), .string(option.section), row, .section)
            add(at("created_at"), time(option.createdAt), row, .time)
            add(at("rank"), .int(option.rank), row, .rank)
            add(at("voters"), .int(option.voters), row, .sessions)
            add(at("votes"), .int(option.votes), row, .votes)
            add(at("eligible"), .int(option.eligible), row, .value)
            add(at("share"), Self.fraction(option.share), row, .share)
            if let interval = option.interval {
                add(at("ci95") + ["low"], Self.fraction(interval.lower), row, .ci95Low)
                add(at("ci95") + ["high"], Self.fraction(interval.upper), row, .ci95High)
            } else {
                add(at("ci95"), .null)
            }
            add(at("standing"), .text(option.standing?.rawValue), row, .detail)
            add(at("voters_with_excluded"), .int(option.votersAll), withExcluded, .sessions)
            add(at("votes_with_excluded"), .int(option.votesAll), withExcluded, .votes)
            let chance = option.chanceOfLeading.map { _ in self.row("chance_of_leading", picks) }
            add(at("chance_of_leading"), Self.fraction(option.chanceOfLeading), chance, .value)
        }
    }

    /// `covotes[]`: every pair of options of a section with counted voters, most shared voters first; each is a
    /// `covote` row (shared voters, lift) and a `covote_expected` row.
    mutating func addCovotes(_ sections: [ReportModel.Section]) {
        add(["covotes"], .array([]))
        var index = 0
        for (number, section) in sections.enumerated() {
            for pair in section.covotes {
                let with = "with:\(pair.b)"
                let picks: [CSVReport.Column: CSVWriter.Field] = [
                    .section: .text(section.name), .id: .integer(pair.a), .detail: .text(with),
                ]
                let row = row("covote", order: [number, 1])
                let expected = self.row("covote_expected", order: [number, 1], picks)
                let path: [Step] = ["covotes", .index(index)]
                add(path + ["section"], .string(section.name), row, .section)
                add(path + ["a"], .integer(pair.a), row, .id)
                add(path + ["b"], .integer(pair.b), row, .detail, field: .text(with))
                add(path + ["voters"], .int(pair.voters), row, .sessions)
                add(path + ["expected"], .number(pair.expected, decimals: 4), expected, .value)
                add(path + ["lift"], .number(pair.lift, decimals: 4), row, .value)
                index += 1
            }
        }
    }

    /// `chance_model`: the model behind the chances and standings, a `chance_model` row per setting; null when
    /// nobody is counted.
    mutating func addChanceModel(_ model: ChanceModel?) {
        guard let model else { return add(["chance_model"], .null) }
        for (key, value) in [
            ("model", JSONValue.string(ChanceModel.name)), ("sessions", .int(model.sessions)),
            ("boundary_prior", .number(model.boundaryPrior, decimals: 2)),
            ("behind_level", .number(model.behindLevel, decimals: 2)),
            ("probably_behind_ratio", .number(model.probablyBehindRatio, decimals: 0)),
        ] {
            add(["chance_model", .key(key)], value, row("chance_model", label: key), .detail)
        }
    }
}
