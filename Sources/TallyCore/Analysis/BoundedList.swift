/// The `limit` smallest elements seen so far, in memory proportional to `limit` however many
/// elements pass by. The order must be total (no two distinct elements equal) for the result to
/// be deterministic.
///
/// Kept as a binary max-heap (the largest kept element, the next to go, at the root): an insert
/// is a few comparisons and moves. A sorted array shifted half its elements on every insert;
/// the report's exclusion ledger (1,000 kept of 360,000 sessions, arriving in id order, not
/// time order) inserted 11,300 times at 1M votes and spent about 3% of the report's CPU on it.
struct BoundedList<Element> {
    let limit: Int
    let areInIncreasingOrder: (Element, Element) -> Bool
    /// The same order on elements where they lie: given by value, each element compared was copied
    /// into the generic closure's argument (retaining its strings and arrays: about 7,000 instructions
    /// per insert into the report's cutoff ledger).
    private let precedesAt: (UnsafePointer<Element>, UnsafePointer<Element>) -> Bool
    /// A max-heap under the order: every element is not smaller than its children.
    private var heap: [Element] = []

    init(limit: Int, by areInIncreasingOrder: @escaping (Element, Element) -> Bool) {
        self.limit = max(0, limit)
        self.areInIncreasingOrder = areInIncreasingOrder
        precedesAt = { areInIncreasingOrder($0.pointee, $1.pointee) }
    }

    /// The kept elements, smallest first (sorted on each call: read it once, after the inserts).
    var elements: [Element] { heap.sorted(by: areInIncreasingOrder) }

    /// The kept elements in no particular order (the heap's): for moving them into another list,
    /// which orders them itself, without sorting them first.
    var unordered: [Element] { heap }

    /// The largest kept element once the list is full (the next to go), else nil.
    var largest: Element? { heap.count == limit ? heap.first : nil }

    var count: Int { heap.count }

    /// True when `element` would be kept: callers test a cheap probe before building the real element.
    func wouldKeep(_ element: Element) -> Bool {
        guard limit > 0 else { return false }
        guard heap.count == limit else { return true }
        return withUnsafePointer(to: element) { element in
            heap.withUnsafeBufferPointer { precedesAt(element, $0.baseAddress!) }
        }
    }

    mutating func insert(_ element: Element) {
        guard wouldKeep(element) else { return }
        if heap.count < limit {
            heap.append(element)
            siftUp(from: heap.count - 1)
        } else {
            heap[0] = element
            siftDown(from: 0)
        }
    }

    /// Compares two elements in place.
    @inline(__always)
    private func precedes(_ a: Int, _ b: Int) -> Bool {
        heap.withUnsafeBufferPointer { precedesAt($0.baseAddress! + a, $0.baseAddress! + b) }
    }

    /// Swaps two elements by moving their bytes: `Array.swapAt` copies them (retains and releases).
    @inline(__always)
    private mutating func swapAt(_ a: Int, _ b: Int) {
        heap.withUnsafeMutableBufferPointer { $0.swapAt(a, b) }
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(parent, child) else { return }
            swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            var largest = parent
            let left = 2 * parent + 1
            if left < heap.count, precedes(largest, left) { largest = left }
            let right = left + 1
            if right < heap.count, precedes(largest, right) { largest = right }
            guard largest != parent else { return }
            swapAt(parent, largest)
            parent = largest
        }
    }
}

/// Byte-wise order of UTF-8 text: SQLite's BINARY collation, which `ORDER BY`
/// uses for text. Swift's own `<` on String follows Unicode rules instead.
@inline(__always)
func bytesPrecede(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
}

/// Floor division (rounds toward negative infinity), for times before 1970 too.
@inline(__always)
func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}
