/// A set of whole seconds (since the epoch), kept as one bitmap per UTC day, so
/// memory follows the number of days with votes (10.8 KB each), not the number
/// of votes. It answers the longest quiet gap without sorting the votes.
struct SecondSet {
    private static let wordsPerDay = 86_400 / 64
    private var days: [Int64: [UInt64]] = [:]

    mutating func insert(_ second: Int64) {
        let day = floorDivide(second, 86_400)
        let offset = Int(second - day * 86_400)
        days[day, default: [UInt64](repeating: 0, count: SecondSet.wordsPerDay)][offset >> 6] |= 1 << UInt64(offset & 63)
    }

    /// Adds every member of another set.
    mutating func formUnion(_ other: SecondSet) {
        for (day, words) in other.days {
            guard var mine = days[day] else {
                days[day] = words
                continue
            }
            for index in mine.indices { mine[index] |= words[index] }
            days[day] = mine
        }
    }

    /// The longest stretch between two consecutive members, the earliest one on ties;
    /// nil with fewer than two members.
    func longestGap() -> (start: Int64, end: Int64)? {
        var previous: Int64?
        var best: (start: Int64, end: Int64)?
        for day in days.keys.sorted() {
            guard let words = days[day] else { continue }
            let base = day * 86_400
            for index in 0..<words.count where words[index] != 0 {
                var word = words[index]
                while word != 0 {
                    let bit = Int64(word.trailingZeroBitCount)
                    word &= word - 1
                    let second = base + Int64(index) * 64 + bit
                    if let previous, best == nil || second - previous > best!.end - best!.start {
                        best = (previous, second)
                    }
                    previous = second
                }
            }
        }
        return best
    }
}
