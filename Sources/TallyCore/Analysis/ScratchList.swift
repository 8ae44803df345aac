/// A list emptied and refilled for every session of the vote scan. Emptying only resets the
/// count and the storage is overwritten in place: `Array.removeAll(keepingCapacity:)` costs
/// about 70 instructions a call, and the scan emptied three lists for each of 360,000 sessions
/// at 1M votes (callgrind, bench/RESULTS.md). Meant for plain values (no references are held
/// past `removeAll`, so elements must not need releasing).
struct ScratchList<Element> {
    private var storage: [Element] = []
    /// The elements in use: `0 ..< count`.
    private(set) var count = 0

    @inline(__always)
    mutating func append(_ element: Element) {
        if count < storage.count {
            storage[count] = element
        } else {
            storage.append(element)
        }
        count += 1
    }

    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// The positions in use.
    var indices: Range<Int> { 0..<count }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { storage[index] }
        set { storage[index] = newValue }
    }
}
