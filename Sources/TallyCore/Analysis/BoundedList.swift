/// The `limit` smallest elements seen so far, kept in order, in memory
/// proportional to `limit` however many elements pass by. The order must be
/// total (no two distinct elements equal) for the result to be deterministic.
struct BoundedList<Element> {
    let limit: Int
    let areInIncreasingOrder: (Element, Element) -> Bool
    private(set) var elements: [Element] = []

    init(limit: Int, by areInIncreasingOrder: @escaping (Element, Element) -> Bool) {
        self.limit = max(0, limit)
        self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// True when `element` would be kept: callers test a cheap probe before building the real element.
    func wouldKeep(_ element: Element) -> Bool {
        guard limit > 0 else { return false }
        guard elements.count == limit, let last = elements.last else { return true }
        return areInIncreasingOrder(element, last)
    }

    mutating func insert(_ element: Element) {
        guard wouldKeep(element) else { return }
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if areInIncreasingOrder(element, elements[middle]) { high = middle } else { low = middle + 1 }
        }
        elements.insert(element, at: low)
        if elements.count > limit { elements.removeLast() }
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
