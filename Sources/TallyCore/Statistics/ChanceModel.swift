/// How a report's chances of leading and standings were computed (`LeadModel`): no randomness, so the
/// same counts give the same figures everywhere; this records the model's settings for a reader.
public struct ChanceModel: Sendable, Equatable {
    /// The model's name and version, for machine readers.
    public static let name = "tally.lead/2"
    /// Counted sessions the model saw.
    public let sessions: Int
    /// The prior chance that two neighbours in the ranking differ (`LeadModel.boundaryPrior`).
    public let boundaryPrior: Double
    /// From this chance of being behind on, an option is behind the leader (`LeadModel.behindThreshold`).
    public let behindThreshold: Double

    /// The record of a run over `sessions` counted sessions with the model's settings.
    public init(sessions: Int) {
        self.sessions = sessions
        self.boundaryPrior = LeadModel.boundaryPrior
        self.behindThreshold = LeadModel.behindThreshold
    }
}
