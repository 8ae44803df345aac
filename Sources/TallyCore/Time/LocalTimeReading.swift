/// How a local wall-clock time maps to instants in a zone with daylight saving time.
package enum LocalTimeReading: Equatable, Sendable {
    /// The time happens once.
    case exact(Instant)
    /// The time happens twice (clocks turned back): both instants, earlier first.
    case repeated(earlier: Instant, later: Instant)
    /// The time never happens (clocks turned forward over it): read with the offset before the
    /// change, which lands just after the gap.
    case skipped(Instant, offsetBefore: Int, offsetAfter: Int)

    /// The instant taken: the one, the earlier of two, or the one just after the gap.
    package var instant: Instant {
        switch self {
        case .exact(let instant), .repeated(let instant, _), .skipped(let instant, _, _): return instant
        }
    }
}

/// A time a user typed, read in a zone: the instant, and what was chosen when the local
/// time fell in a daylight-saving gap or overlap.
package struct UserTime: Equatable, Sendable {
    /// The instant the text names.
    package var instant: Instant
    /// Set when the text had no offset and the local time happens twice or never in the zone.
    package var ambiguity: LocalTimeAmbiguity?
}

extension UserTime {
    init(_ reading: LocalTimeReading, local: CivilDateTime, zone: Zone) {
        instant = reading.instant
        switch reading {
        case .exact: ambiguity = nil
        case .repeated, .skipped: ambiguity = LocalTimeAmbiguity(local: local, zone: zone, reading: reading)
        }
    }
}

/// A local time typed without an offset that happens twice or never in its zone, with the reading taken.
/// Its description says which reading was taken and how to write the other one.
package struct LocalTimeAmbiguity: Equatable, Sendable, CustomStringConvertible {
    /// The wall-clock time as typed.
    package var local: CivilDateTime
    /// The zone it was read in.
    package var zone: Zone
    /// Repeated or skipped, with the instants.
    package var reading: LocalTimeReading

    package var description: String {
        let seconds = local.second != 0
        let typed = local.text(withSeconds: seconds)
        switch reading {
        case .exact(let instant):
            return "\(typed) is \(zone.format(instant, seconds: seconds)) in \(zone.identifier)"
        case .repeated(let earlier, let later):
            let second = Zone.offsetText(zone.offset(at: later))
            return "\(typed) happens twice in \(zone.identifier) (the clocks are turned back); read as the first, "
                + "\(zone.format(earlier, seconds: seconds)); for the second write '\(typed)\(second)'"
        case .skipped(let instant, let before, let after):
            // The other reading: the typed digits at the offset after the change, i.e. just before the gap.
            let other = Instant(seconds: local.secondsIfUTC - Int64(after))
            return "\(typed) does not exist in \(zone.identifier) (the clocks jump from "
                + "\(Zone.offsetText(before)) to \(Zone.offsetText(after))); read as "
                + "\(zone.format(instant, seconds: seconds)) (the typed time at the old offset "
                + "\(Zone.offsetText(before))); for \(zone.format(other, seconds: seconds)) write "
                + "'\(typed)\(Zone.offsetText(after))'"
        }
    }
}
