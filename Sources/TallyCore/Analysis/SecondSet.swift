/// A set of whole seconds (since the epoch) that answers the longest quiet gap without
/// sorting the votes. Memory follows what is stored, never the number of days alone:
///
/// - a UTC day holding many distinct seconds (at least `denseFrom`) is a bitmap of its
///   86,400 seconds (10.8 KB), so millions of votes on a few days cost a few bitmaps;
/// - every other second is one `Int64` in a flat list, sorted and deduplicated when the
///   list has doubled, which is also when a day that has filled up moves to a bitmap.
///
/// So a day costs at most 10.8 KB and a stored second 8 B, up to 32 B while the list waits
/// to be compacted, and never more than that in a bitmap. A bitmap for every day with a vote
/// made 100,000 votes on 100,000 dates take 2.1 GB.
struct SecondSet {
    private static let wordsPerDay = 86_400 / 64
    /// A day moves to a bitmap when it has this many distinct seconds on the list. A quarter of
    /// the bitmap's 1,350 words, because the list's share of a day can be up to four times its
    /// 8 B a second (the list may double before it is compacted, and its capacity doubles too):
    /// at this threshold a bitmap costs at most 32 B a second, what the list can.
    static let denseFrom = wordsPerDay / 4
    /// The list is first compacted at this length (512 KB), then whenever it has doubled.
    static let firstCompaction = 1 << 16

    /// The bitmaps of dense days, one array each. One array for all of them grew by doubling and
    /// held old and new while copying: the report on two years of 1M votes peaked at 65 MB, 52 MB now.
    private var bitmaps: [[UInt64]] = []
    /// Dense UTC day number → its bitmap's index in `bitmaps`.
    private var blocks: [Int64: Int] = [:]
    /// Seconds of the other days; sorted and without repeats right after `compact()`.
    private var loose: [Int64] = []
    private var compactAt = SecondSet.firstCompaction
    /// The last day inserted into and its bitmap's index (-1: the day is on the list): a
    /// session's votes are usually on one day, so most inserts skip the dictionary.
    private var lastDay = Int64.min
    private var lastBlock = -1
    /// Recently used days and their bitmap's index (-1: the day is on the list), by the day's low
    /// bits. Sessions arrive in id order, not time order, so consecutive inserts jump between days
    /// and the dictionary lookup was most of an insert's cost (about 225 instructions an insert at
    /// 1M votes, callgrind). Emptied whenever a day gets a bitmap.
    private var recent = [(day: Int64, block: Int)](repeating: (Int64.min, -1), count: SecondSet.recentSlots)
    private static let recentSlots = 64

    mutating func insert(_ second: Int64) {
        let day = floorDivide(second, 86_400)
        if day != lastDay {
            let slot = Int(truncatingIfNeeded: day) & (SecondSet.recentSlots - 1)
            if recent[slot].day == day {
                lastBlock = recent[slot].block
            } else {
                lastBlock = blocks[day] ?? -1
                recent[slot] = (day, lastBlock)
            }
            lastDay = day
        }
        if lastBlock >= 0 {
            let offset = Int(second - day * 86_400)
            bitmaps[lastBlock][offset >> 6] |= 1 << UInt64(offset & 63)
        } else {
            loose.append(second)
            if loose.count >= compactAt { compact() }
        }
    }

    /// Adds every member of another set.
    mutating func formUnion(_ other: SecondSet) {
        for (day, start) in other.blocks {
            let mine = block(of: day)
            for index in 0..<SecondSet.wordsPerDay { bitmaps[mine][index] |= other.bitmaps[start][index] }
        }
        // Seconds listed here may be on a day that just got a bitmap: compacting moves them.
        loose.append(contentsOf: other.loose)
        compact()
    }

    /// The bytes the set holds (capacity, not count): what the memory bound is about.
    var storedBytes: Int {
        bitmaps.count * SecondSet.wordsPerDay * MemoryLayout<UInt64>.stride
            + bitmaps.capacity * MemoryLayout<[UInt64]>.stride + loose.capacity * MemoryLayout<Int64>.stride
            + blocks.capacity * (MemoryLayout<Int64>.stride + MemoryLayout<Int>.stride)
    }

    /// Days held as bitmaps.
    var denseDays: Int { blocks.count }

    /// The index of a day's bitmap, made empty when the day is new.
    private mutating func block(of day: Int64) -> Int {
        if let start = blocks[day] { return start }
        let start = bitmaps.count
        bitmaps.append(Array(repeating: 0, count: SecondSet.wordsPerDay))
        blocks[day] = start
        forgetRecentDays()  // the cached day may be this one
        return start
    }

    /// Empties the caches of days looked up (after a day got a bitmap).
    private mutating func forgetRecentDays() {
        lastDay = Int64.min
        for slot in recent.indices { recent[slot] = (Int64.min, -1) }
    }

    /// Sorts the list and drops repeats; moves the seconds of days that have a bitmap, or now
    /// have enough distinct seconds for one, onto their bitmaps.
    private mutating func compact() {
        loose.sort()
        var kept = 0
        var index = 0
        while index < loose.count {
            let day = floorDivide(loose[index], 86_400)
            let base = day * 86_400
            var end = index
            var distinct = 0
            while end < loose.count, loose[end] < base + 86_400 {
                if end == index || loose[end] != loose[end - 1] { distinct += 1 }
                end += 1
            }
            if let start = blocks[day] ?? (distinct >= SecondSet.denseFrom ? block(of: day) : nil) {
                for position in index..<end {
                    let offset = Int(loose[position] - base)
                    bitmaps[start][offset >> 6] |= 1 << UInt64(offset & 63)
                }
            } else {
                for position in index..<end where kept == 0 || loose[kept - 1] != loose[position] {
                    loose[kept] = loose[position]
                    kept += 1
                }
            }
            index = end
        }
        loose.removeLast(loose.count - kept)
        compactAt = max(SecondSet.firstCompaction, 2 * kept)
        // A list that grew while its days filled up and then moved to bitmaps keeps its capacity
        // (2 MB per partition at two years of 10M votes): give back what the next growth cannot use.
        if loose.capacity > 2 * compactAt { loose = loose.withUnsafeBufferPointer { Array($0) } }
        forgetRecentDays()
    }

    /// The longest stretch between two consecutive members, the earliest one on ties;
    /// nil with fewer than two members. Compacts the list first (hence `mutating`).
    mutating func longestGap() -> (start: Int64, end: Int64)? {
        var previous: Int64?
        var best: (start: Int64, end: Int64)?
        forEachMember { second in
            if let previous, best == nil || second - previous > best!.end - best!.start {
                best = (previous, second)
            }
            previous = second
        }
        return best
    }

    /// Calls `body` with every member in increasing order. Compacts the list first.
    mutating func forEachMember(_ body: (Int64) -> Void) {
        compact()
        var next = 0
        for day in blocks.keys.sorted() {
            let base = day * 86_400
            while next < loose.count, loose[next] < base {
                body(loose[next])
                next += 1
            }
            let words = bitmaps[blocks[day]!]
            for index in 0..<SecondSet.wordsPerDay where words[index] != 0 {
                var word = words[index]
                while word != 0 {
                    let bit = Int64(word.trailingZeroBitCount)
                    word &= word - 1
                    body(base + Int64(index) * 64 + bit)
                }
            }
        }
        while next < loose.count {
            body(loose[next])
            next += 1
        }
    }

    /// `longestGap()` of several subsets in one walk (the weekly pass): for each bound, in
    /// increasing order of `limit`, the members at or below `limit` together with `asOf`, which
    /// must not be below them. Equal to inserting `asOf` into a set of just those members and
    /// asking `longestGap()`: the earliest gap on ties, nil with fewer than two members.
    mutating func longestGaps(_ bounds: [(limit: Int64, asOf: Int64)]) -> [(start: Int64, end: Int64)?] {
        var results: [(start: Int64, end: Int64)?] = Array(repeating: nil, count: bounds.count)
        var previous: Int64?
        var best: (start: Int64, end: Int64)?
        var next = 0
        func settle(before member: Int64?) {
            while next < bounds.count, member.map({ $0 > bounds[next].limit }) ?? true {
                let asOf = bounds[next].asOf
                if let previous, asOf > previous, best == nil || asOf - previous > best!.end - best!.start {
                    results[next] = (previous, asOf)
                } else {
                    results[next] = best
                }
                next += 1
            }
        }
        forEachMember { second in
            settle(before: second)
            if let previous, best == nil || second - previous > best!.end - best!.start {
                best = (previous, second)
            }
            previous = second
        }
        settle(before: nil)
        return results
    }
}
