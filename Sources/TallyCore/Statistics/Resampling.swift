/// How a report's chances of leading were computed, so a reader can repeat them: the same data and
/// parameters give the same seed, hence the same resamples and the same bytes.
public struct Resampling: Sendable, Equatable {
    /// Resamples drawn.
    public let resamples: Int
    /// The seed of the generator (SplitMix64), derived by `seed(for:parameters:)`.
    public let seed: UInt64
    /// Classic (sessions) or Poisson bootstrap, chosen by the number of counted sessions.
    public let method: LeadBootstrap.Method
    /// Counted sessions resampled.
    public let sessions: Int

    /// A record of a run.
    public init(resamples: Int, seed: UInt64, method: LeadBootstrap.Method, sessions: Int) {
        self.resamples = resamples
        self.seed = seed
        self.method = method
        self.sessions = sessions
    }

    /// The largest Monte Carlo standard error of a chance, sqrt(0.25 / resamples).
    public var maximumError: Double { (0.25 / Double(resamples)).squareRoot() }

    /// The seed: the first 8 bytes of a SHA-256 over the data fingerprint's counts (rows and highest id
    /// per table, latest time), the choice sets the bootstrap resamples, the parameters that decide which
    /// sessions count (cutoff, named sessions, through) and the number of resamples. Not the fingerprint's
    /// hash, which a report rendered from D1's results does not have: both routes must draw the same
    /// resamples and print the same bytes. Not the as-of time or the zone: they change no count.
    public static func seed(
        fingerprint: DataFingerprint?, choices: [ChoicePattern], parameters: ReportParameters, resamples: Int
    ) -> UInt64 {
        var text = "tally.bootstrap/1\n"
        if let fingerprint {
            text += fingerprint.tables.map { "\($0.name):\($0.rows):\($0.highestID.map(String.init) ?? "none")" }
                .joined(separator: ",")
            text += "\nlatest=\(fingerprint.latest.map { String($0.millis) } ?? "none")"
        }
        text +=
            "\nchoices="
            + choices.map { "\($0.optionIDs.map(String.init).joined(separator: "+"))=\($0.sessions)" }
            .joined(separator: ",")
        text += "\nexclude_before=\(parameters.excludeBefore.map { String($0.millis) } ?? "none")"
        text += "\nexclude_sessions=\(parameters.excludedSessions.map { "\($0.utf8.count):\($0)" }.joined())"
        text += "\nthrough=\(parameters.through.map { String($0.millis) } ?? "none")"
        text += "\nresamples=\(resamples)\n"
        let digest = SHA256.hash(Array(text.utf8))
        return digest.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
