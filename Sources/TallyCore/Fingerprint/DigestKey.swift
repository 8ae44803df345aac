/// The secret of one check: fresh random numbers drawn when a push or a pull starts, so that no
/// text or row can be built in advance to match what the check computes (issue 45). A key never
/// outlives its check and is never stored: the next check draws another.
///
/// Every digest tally compares with D1's (`ColumnDigest`, `VoteDigest`) takes its numbers from a
/// key; none has fixed public weights.
package struct DigestKey: Sendable, Equatable {
    /// The moduli of the lanes: two lanes modulo each of two primes below 2^31.
    package static let moduli: [Int64] = [primeA, primeA, primeB, primeB]
    static let primeA: Int64 = 2_147_483_647
    static let primeB: Int64 = 2_147_483_629

    /// One evaluation point per lane, in 2 ... modulus − 2.
    package let points: [Int64]
    /// The seed of `VoteDigest`'s per-position weights.
    package let seed: UInt64

    /// A key from the system's secure random source: what every push and pull uses.
    package static func fresh() -> DigestKey {
        var random = SystemRandomNumberGenerator()
        return DigestKey(random: &random)
    }

    /// A key from `seed` (tests that must compute the same figures twice).
    package init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        self.init(random: &random)
    }

    private init<R: RandomNumberGenerator>(random: inout R) {
        points = Self.moduli.map { Int64.random(in: 2...($0 - 2), using: &random) }
        seed = random.next()
    }

    /// `point^exponent` modulo `modulus` (every product below 2^62).
    static func power(_ point: Int64, _ exponent: Int, modulo modulus: Int64) -> Int64 {
        var result: Int64 = 1
        var base = point % modulus
        var left = exponent
        while left > 0 {
            if left & 1 == 1 { result = result * base % modulus }
            base = base * base % modulus
            left >>= 1
        }
        return result
    }
}
