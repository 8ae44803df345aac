/// How a report's chances of leading and standings were computed (`LeadModel`): no randomness, so the
/// same counts give the same figures everywhere; this records the model's settings for a reader.
package struct ChanceModel: Sendable, Equatable {
    /// The model's name and version, for machine readers.
    package static let name = "tally.lead/3"
    /// Counted sessions the model saw.
    package let sessions: Int
    /// The prior chance that two neighbours in the ranking differ (`LeadModel.boundaryPrior`).
    package var boundaryPrior: Double { LeadModel.boundaryPrior }
    /// The chance that the true leader is among the options called behind, at most (`LeadModel.behindLevel`).
    package var behindLevel: Double { LeadModel.behindLevel }
    /// How many times as likely to lead the leader is, at least, for an option it is probably ahead of
    /// (`LeadModel.probablyBehindRatio`).
    package var probablyBehindRatio: Double { LeadModel.probablyBehindRatio }
}
