import TallyCore

/// The chance of leading and the chosen-together pairs in the CSV report (docs/report-csv.md):
/// `chance_of_leading` rows (value: the chance), `order_chance` rows (id: the higher option, value:
/// the chance, detail: `ahead_of:<id>`), `covote` rows (id: option a, sessions: shared voters,
/// value: the lift, detail: `with:<id>`) and `resampling` rows (how the chances were drawn).
extension CSVReport {
    /// A fraction or lift with 4 decimals.
    static func chance(_ value: Double?) -> CSVWriter.Field {
        value.map { .number($0, decimals: 4) } ?? .empty
    }

    static func orderDetail(_ pair: OrderChance) -> String { "ahead_of:\(pair.lower)" }

    static func covoteDetail(_ pair: Covote) -> String { "with:\(pair.b)" }

    /// Label and detail of each `resampling` row.
    static func resamplingRows(_ resampling: Resampling) -> [(String, String)] {
        [
            ("method", resampling.method.rawValue), ("resamples", String(resampling.resamples)),
            ("sessions", String(resampling.sessions)), ("seed", String(resampling.seed, radix: 16)),
        ]
    }
}
