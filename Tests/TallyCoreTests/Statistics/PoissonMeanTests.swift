import Foundation
import Testing

@testable import TallyCore

/// `PoissonMean` works out a mean's constants once; the draws must be the very numbers the
/// per-draw computation gives, or every page's chances of leading would change (they are seeded
/// and printed). The reference below is the draw as it was written before (2026-12-01).
@Suite("Poisson draws with precomputed constants")
struct PoissonMeanTests {
    /// The Poisson draw computing its constants on every call (the code before `PoissonMean`).
    static func reference(_ random: inout SplitMix64, _ mean: Double) -> Int {
        guard mean > 0 else { return 0 }
        if mean < 10 {
            let limit = exp(-mean)
            var product = random.unit()
            var k = 0
            while product > limit {
                product *= random.unit()
                k += 1
            }
            return k
        }
        let root = mean.squareRoot()
        let logMean = log(mean)
        let b = 0.931 + 2.53 * root
        let a = -0.059 + 0.02483 * b
        let inverseAlpha = 1.1239 + 1.1328 / (b - 3.4)
        let vr = 0.9277 - 3.6224 / (b - 2)
        while true {
            let u = random.unit() - 0.5
            let v = random.unit()
            let us = 0.5 - abs(u)
            guard us > 0 else { continue }
            let x = ((2 * a / us + b) * u + mean + 0.43).rounded(.down)
            guard x >= 0, x < 1e15 else { continue }
            let k = Int(x)
            if us >= 0.07 && v <= vr { return k }
            if us < 0.013 && v > us { continue }
            if log(v) + log(inverseAlpha) - log(a / (us * us) + b) <= -mean + x * logMean - lgamma(x + 1) {
                return k
            }
        }
    }

    @Test(arguments: [0.0, 0.5, 3.0, 9.999, 10.0, 37.0, 1_234.0, 4_000_000.0])
    func theSameDrawsAsComputingTheConstantsEachTime(mean: Double) {
        var mine = SplitMix64(seed: 42 &+ UInt64(mean))
        var theirs = mine
        let precomputed = PoissonMean(mean)
        for draw in 0..<5_000 {
            let (a, b) = (mine.poisson(precomputed), PoissonMeanTests.reference(&theirs, mean))
            guard a == b else {
                Issue.record("draw \(draw) of Poisson(\(mean)): \(a), the reference \(b)")
                return
            }
        }
        // The generators were advanced alike: the next numbers agree as well.
        #expect(mine.next() == theirs.next())
    }
}
