/// How a report's chances of leading and standings were computed (`LeadModel`): no randomness, so the
/// same counts give the same figures everywhere; this records the model's settings for a reader.
package struct ChanceModel: Sendable, Equatable {
    /// The model's name and version, for machine readers.
    package static let name = "tally.lead/2"
    /// Counted sessions the model saw.
    package let sessions: Int
    /// The prior chance that two neighbours in the ranking differ (`LeadModel.boundaryPrior`).
    package var boundaryPrior: Double { LeadModel.boundaryPrior }
    /// From this chance of being behind on, an option is behind the leader (`LeadModel.behindThreshold`).
    package var behindThreshold: Double { LeadModel.behindThreshold }
}
