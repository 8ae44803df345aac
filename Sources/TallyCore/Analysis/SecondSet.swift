/// A set of whole seconds (since the epoch), kept as one bitmap per UTC day, so
/// memory follows the number of days with votes (10.8 KB each), not the number
/// of votes. It answers the longest quiet gap without sorting the votes.
struct SecondSet {
    private static let wordsPerDay = 86_400 / 64
    /// Every day's bitmap, one after the other.
    private var words: [UInt64] = []
    /// UTC day number → where its bitmap starts in `words`.
    private var blocks: [Int64: Int] = [:]
    /// The last day inserted into and its block: a session's votes are usually on one day,
    /// so most inserts skip the dictionary.
    private var lastDay = Int64.min
    private var lastBlock = 0

    mutating func insert(_ second: Int64) {
        let day = floorDivide(second, 86_400)
        if day != lastDay {
            lastBlock = block(of: day)
            lastDay = day
        }
        let offset = Int(second - day * 86_400)
        words[lastBlock + offset >> 6] |= 1 << UInt64(offset & 63)
    }

    /// The start of a day's bitmap, made empty when the day is new.
    private mutating func block(of day: Int64) -> Int {
        if let start = blocks[day] { return start }
        let start = words.count
        words.append(contentsOf: repeatElement(0, count: SecondSet.wordsPerDay))
        blocks[day] = start
        return start
    }

    /// Adds every member of another set.
    mutating func formUnion(_ other: SecondSet) {
        for (day, start) in other.blocks {
            let mine = block(of: day)
            for index in 0..<SecondSet.wordsPerDay { words[mine + index] |= other.words[start + index] }
        }
    }

    /// The longest stretch between two consecutive members, the earliest one on ties;
    /// nil with fewer than two members.
    func longestGap() -> (start: Int64, end: Int64)? {
        var previous: Int64?
        var best: (start: Int64, end: Int64)?
        for day in blocks.keys.sorted() {
            let start = blocks[day]!
            let words = self.words[start..<(start + SecondSet.wordsPerDay)]
            let base = day * 86_400
            for index in 0..<SecondSet.wordsPerDay where words[start + index] != 0 {
                var word = words[start + index]
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
