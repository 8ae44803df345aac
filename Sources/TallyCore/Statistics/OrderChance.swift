/// How sure the order of two options ranked next to each other is: the share of bootstrap
/// resamples in which the higher-ranked option has more voters than the next (ties count one half).
/// Near 50% the order is a coin toss; near 100% it holds in almost every resample.
public struct OrderChance: Sendable, Equatable {
    /// The option ranked higher (or listed first among tied options).
    public let higher: Int64
    /// The option ranked next.
    public let lower: Int64
    /// The chance, 0...1.
    public let chance: Double

    /// A pair's chance.
    public init(higher: Int64, lower: Int64, chance: Double) {
        self.higher = higher
        self.lower = lower
        self.chance = chance
    }
}
