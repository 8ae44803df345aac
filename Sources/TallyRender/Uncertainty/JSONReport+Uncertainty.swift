import TallyCore

/// The chance of leading and the chosen-together pairs in the JSON report (docs/report-json.md).
extension JSONReport {
    /// `sections[].order_chances`: for each pair ranked next to each other, the chance the order holds.
    static func orderChances(_ section: ReportModel.Section) -> JSONValue {
        .array(
            section.orderChances.map { pair in
                .object([
                    ("higher", .integer(pair.higher)), ("lower", .integer(pair.lower)),
                    ("chance", .number(pair.chance, decimals: 4)),
                ])
            })
    }

    /// `covotes[]`: every pair of options of a section with counted voters, most shared voters first.
    static func covotes(_ model: ReportModel) -> JSONValue {
        .array(
            model.sections.flatMap { section in
                section.covotes.map { pair in
                    .object([
                        ("section", .string(section.name)), ("a", .integer(pair.a)), ("b", .integer(pair.b)),
                        ("voters", .int(pair.voters)), ("expected", .number(pair.expected, decimals: 4)),
                        ("lift", .number(pair.lift, decimals: 4)),
                    ])
                }
            })
    }

    /// `chance_model`: the model behind the chances and standings; null when nobody is counted.
    static func chanceModel(_ model: ReportModel) -> JSONValue {
        guard let record = model.chanceModel else { return .null }
        return .object([
            ("model", .string(ChanceModel.name)), ("sessions", .int(record.sessions)),
            ("boundary_prior", .number(record.boundaryPrior, decimals: 2)),
            ("behind_level", .number(record.behindLevel, decimals: 2)),
            ("probably_behind_ratio", .number(record.probablyBehindRatio, decimals: 0)),
        ])
    }
}
