import TallyCore

/// The chance of leading and the chosen-together pairs in the CSV report (docs/report-csv.md):
/// `chance_of_leading` rows (value: the chance), `order_chance` rows (id: the higher option, value:
/// the chance, detail: `ahead_of:<id>`), `covote` rows (id: option a, sessions: shared voters,
/// value: the lift, detail: `with:<id>`) and `chance_model` rows (the model's settings).
extension CSVReport {
    static func orderDetail(_ pair: OrderChance) -> String { "ahead_of:\(pair.lower)" }

    static func covoteDetail(_ pair: Covote) -> String { "with:\(pair.b)" }

    /// Label and detail of each `chance_model` row.
    static func chanceModelRows(_ record: ChanceModel) -> [(String, String)] {
        [
            ("model", ChanceModel.name), ("sessions", String(record.sessions)),
            ("boundary_prior", NumberText.fixed(record.boundaryPrior, decimals: 2)),
            ("behind_level", NumberText.fixed(record.behindLevel, decimals: 2)),
            ("probably_behind_ratio", NumberText.fixed(record.probablyBehindRatio, decimals: 0)),
        ]
    }
}
