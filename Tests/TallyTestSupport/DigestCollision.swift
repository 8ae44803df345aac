import Foundation

/// An attacker's collision search against a byte digest of `ColumnDigest`'s family, given the SQL
/// text of a check, where its weights stand (issue 45: "the test keeps the search, so a weak digest
/// fails it").
///
/// Such a digest folds, per lane, chunk values Σ b_j·w_j of the bytes. A text whose first chunk's
/// value is the same integer in every lane has the same digest whatever the fold and the modulus.
/// The search puts `prefix` at the top of the first chunk and moves the chunk's other bytes
/// (printable ASCII) so that lane 1's value is unchanged: with w_j = w_min + g_j it needs Σδ = 0
/// and Σδ·g = 0, solved by unit moves between two places that bring Σδ·g closer to zero. It finds
/// one in milliseconds for weights that are close to one another (layout 3's fixed digest: 64 primes
/// just above 2·10^9), and none for weights drawn at random per lane modulo a prime, or when the
/// prefix fills the chunk.
package enum DigestCollision {
    /// The chunk weights of every lane in `sql`, in order: `substr(p, o + J, 1)) * W` terms, a lane
    /// starting again where J is 1.
    package static func lanes(inSQL sql: String) -> [[Int64]] {
        let pattern = try! NSRegularExpression(pattern: #"substr\(p, o \+ (\d+), 1\)\) \* (\d+)"#)
        var lanes: [[Int64]] = []
        let text = sql as NSString
        for match in pattern.matches(in: sql, range: NSRange(location: 0, length: text.length)) {
            let place = Int(text.substring(with: match.range(at: 1))) ?? 0
            let weight = Int64(text.substring(with: match.range(at: 2))) ?? 0
            if place == 1 { lanes.append([]) }
            if !lanes.isEmpty { lanes[lanes.count - 1].append(weight) }
        }
        // The same expression may be repeated (a guard names the note twice): one copy of each lane.
        var unique: [[Int64]] = []
        for lane in lanes where !unique.contains(lane) { unique.append(lane) }
        return unique
    }

    /// A text of `original`'s byte length that starts with `prefix` and has the same chunk values
    /// in every lane (so the same digest), or nil when the search finds none.
    package static func forge(_ original: [UInt8], prefix: [UInt8], lanes: [[Int64]]) -> [UInt8]? {
        guard let first = lanes.first, !first.isEmpty else { return nil }
        let chunk = first.count
        guard prefix.count < chunk, original.count >= chunk,
            original[prefix.count..<chunk].allSatisfy({ (32...126).contains($0) })
        else { return nil }
        let low = first.min() ?? 0
        let g = first.map { $0 - low }
        var delta = [Int](repeating: 0, count: chunk)
        for place in prefix.indices { delta[place] = Int(prefix[place]) - Int(original[place]) }
        let lower = (0..<chunk).map { 32 - Int(original[$0]) }
        let upper = (0..<chunk).map { 126 - Int(original[$0]) }
        let free = Array(prefix.count..<chunk)
        // Σδ = 0, by unit steps over the free places.
        var sum = delta.reduce(0, +)
        while sum != 0 {
            var moved = false
            for place in free where sum != 0 {
                if sum > 0, delta[place] > lower[place] {
                    delta[place] -= 1
                    sum -= 1
                    moved = true
                } else if sum < 0, delta[place] < upper[place] {
                    delta[place] += 1
                    sum += 1
                    moved = true
                }
            }
            if !moved { return nil }
        }
        // Σδ·g = 0, by moving one unit from place i to place j (Σδ stays 0).
        var rest = (0..<chunk).reduce(Int64(0)) { $0 + Int64(delta[$1]) * g[$1] }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 where rest != 0 {
            var best: (size: Int64, from: Int, to: Int, rest: Int64)?
            for from in free where delta[from] > lower[from] {
                for to in free where to != from && delta[to] < upper[to] {
                    let next = rest + g[to] - g[from]
                    if best == nil || abs(next) < best!.size { best = (abs(next), from, to, next) }
                }
            }
            guard let best else { return nil }
            if best.size >= abs(rest) {
                let from = free.randomElement(using: &random)!
                let to = free.randomElement(using: &random)!
                if from != to, delta[from] > lower[from], delta[to] < upper[to] {
                    delta[from] -= 1
                    delta[to] += 1
                    rest += g[to] - g[from]
                }
                continue
            }
            delta[best.from] -= 1
            delta[best.to] += 1
            rest = best.rest
        }
        guard rest == 0 else { return nil }
        var forged = original
        for place in 0..<chunk { forged[place] = UInt8(Int(original[place]) + delta[place]) }
        // Every lane, not only the one solved for.
        for lane in lanes {
            let change = (0..<chunk).reduce(Int64(0)) { $0 + Int64(Int(forged[$1]) - Int(original[$1])) * lane[$1] }
            if change != 0 { return nil }
        }
        return forged
    }
}
