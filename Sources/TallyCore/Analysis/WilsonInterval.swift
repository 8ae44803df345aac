/// A 95% Wilson score interval for a proportion (Wilson 1927; Brown, Cai &
/// DasGupta 2001 recommend it over the textbook normal interval, which gives
/// impossible ranges such as below 0% for small samples like 15 voters).
package struct WilsonInterval: Sendable, Equatable {
    /// Lower bound, 0...1.
    package let lower: Double
    /// Upper bound, 0...1.
    package let upper: Double

    /// The two-sided 95% normal quantile.
    package static let z95 = 1.959963984540054
}

extension WilsonInterval {
    /// The interval for `successes` out of `trials`; nil when there are no trials.
    package init?(successes: Int, trials: Int, z: Double = WilsonInterval.z95) {
        guard trials > 0, successes >= 0, successes <= trials else { return nil }
        let n = Double(trials)
        let p = Double(successes) / n
        let z2 = z * z
        let denominator = 1 + z2 / n
        let center = (p + z2 / (2 * n)) / denominator
        let half = z / denominator * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        // Clamp rounding noise: the exact bounds are 0 for 0 successes and 1 for all.
        self.lower = successes == 0 ? 0 : max(0, center - half)
        self.upper = successes == trials ? 1 : min(1, center + half)
    }

}
