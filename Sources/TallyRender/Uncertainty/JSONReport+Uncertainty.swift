import TallyCore

/// The chance of leading and the chosen-together pairs in the JSON report (docs/report-json.md).
extension JSONReport {
    /// `options[].chance_of_leading`: a fraction with 4 decimals, or null.
    static func chanceOfLeading(_ option: ReportModel.RankedOption) -> JSONValue {
        option.chanceOfLeading.map { .number($0, decimals: 4) } ?? .null
    }

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
                        ("voters", .int(pair.voters)), ("lift", .number(pair.lift, decimals: 4)),
                    ])
                }
            })
    }

    /// `resampling`: how the chances were drawn, so they can be repeated; null when they were not.
    static func resampling(_ model: ReportModel) -> JSONValue {
        guard let resampling = model.resampling else { return .null }
        return .object([
            ("method", .string(resampling.method.rawValue)), ("resamples", .int(resampling.resamples)),
            ("sessions", .int(resampling.sessions)),
            ("seed", .string(String(resampling.seed, radix: 16))),
            ("max_standard_error", .number(resampling.maximumError, decimals: 4)),
        ])
    }
}
