/// A zone's UTC offsets for many instants without asking Foundation for each
/// one (the report reads millions of votes).
///
/// Offsets are cached per UTC hour. An hour whose start and end have different
/// offsets contains a change (daylight saving time begins or ends) and is
/// answered exactly for every instant. Real zones change at most once within an
/// hour, so an hour with equal ends has one offset throughout.
struct ZoneOffsetCache {
    private let zone: Zone
    private let fixed: Int?
    private var hours: [Int64: Int32] = [:]
    private var lastHour = Int64.min
    private var lastOffset: Int32 = 0
    private static let changesWithinHour = Int32.min

    init(zone: Zone) {
        self.zone = zone
        if case .fixed(let seconds) = zone.rule { fixed = seconds } else { fixed = nil }
    }

    /// The offset in seconds at a count of seconds since the epoch.
    mutating func offset(atSeconds seconds: Int64) -> Int {
        if let fixed { return fixed }
        let hour = floorDivide(seconds, 3600)
        var offset: Int32
        if hour == lastHour {
            offset = lastOffset
        } else if let cached = hours[hour] {
            offset = cached
        } else {
            let start = zone.offset(at: Instant(seconds: hour * 3600))
            let end = zone.offset(at: Instant(seconds: hour * 3600 + 3599))
            offset = start == end ? Int32(start) : ZoneOffsetCache.changesWithinHour
            hours[hour] = offset
        }
        lastHour = hour
        lastOffset = offset
        if offset == ZoneOffsetCache.changesWithinHour { return zone.offset(at: Instant(seconds: seconds)) }
        return Int(offset)
    }

    /// The local day number (days since 1970-01-01 on the local calendar) of an instant.
    mutating func localDay(atSeconds seconds: Int64) -> Int64 {
        floorDivide(seconds + Int64(offset(atSeconds: seconds)), 86_400)
    }
}
