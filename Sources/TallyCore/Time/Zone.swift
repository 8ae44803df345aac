import Foundation

/// Problems with times and zones given by a user.
package enum TimeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The zone is neither an IANA name nor a fixed offset.
    case unknownZone(String)
    /// The time text could not be read.
    case malformedTime(String)
    /// The time is written correctly but falls outside the days tally reads (`StoredTimestamp`'s range).
    case outOfRange(String)

    package var description: String {
        switch self {
        case .unknownZone(let name):
            return "unknown time zone '\(name)'; use an IANA name such as Asia/Taipei or America/New_York, "
                + "a fixed offset such as +08:00, or UTC"
        case .malformedTime(let text):
            return "cannot read the time '\(text)'; use YYYY-MM-DD, YYYY-MM-DD HH:MM or YYYY-MM-DD HH:MM:SS, "
                + "optionally followed by Z or an offset such as +08:00"
        case .outOfRange(let text):
            return "the time '\(text)' is outside the days tally reads, 0001-01-02 to 9999-12-30 (UTC), which keep "
                + "every local day within the years 0001-9999 in any zone; give a time within them"
        }
    }
}

/// The reader's time zone: an IANA zone (with its daylight-saving rules) or a fixed offset.
package struct Zone: Sendable, Equatable, CustomStringConvertible {
    enum Rule: Sendable, Equatable {
        case fixed(seconds: Int)
        case named(TimeZone)
    }

    /// The name as the user gave it, normalised: `UTC`, `Asia/Taipei`, `+08:00`.
    package let identifier: String
    let rule: Rule

    /// Coordinated Universal Time.
    package static let utc = Zone(identifier: "UTC", rule: .fixed(seconds: 0))
}

extension Zone {
    /// Reads `UTC`, `Z`, a fixed offset (`+08:00`, `-0500`, `+8`) or an IANA name.
    package init(parsing text: String) throws(TimeError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "UTC" || trimmed == "Z" || trimmed == "utc" {
            self = .utc
            return
        }
        if let seconds = Zone.parseOffset(trimmed) {
            self.init(identifier: Zone.offsetText(seconds), rule: .fixed(seconds: seconds))
            return
        }
        // Only names that look like IANA identifiers: Foundation also accepts
        // abbreviations like "EST" whose meaning varies, which we refuse.
        guard trimmed.contains("/") || trimmed == "GMT", let zone = TimeZone(identifier: trimmed) else {
            throw .unknownZone(text)
        }
        self.init(identifier: zone.identifier, rule: .named(zone))
    }

    package var description: String { identifier }

    /// The zone's offset from UTC at an instant, in seconds.
    package func offset(at instant: Instant) -> Int {
        switch rule {
        case .fixed(let seconds): return seconds
        case .named(let zone):
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant.seconds)))
        }
    }

    /// The local wall-clock time of an instant.
    package func local(_ instant: Instant) -> CivilDateTime {
        CivilDateTime(utcSeconds: instant.seconds + Int64(offset(at: instant)))
    }

    /// The instant a local wall-clock time names in this zone.
    ///
    /// Daylight-saving changes follow the usual "compatible" rule (as RFC 5545 and
    /// JavaScript's Temporal do): a time that occurs twice (clocks turned back) is
    /// the earlier one; a time that does not exist (clocks turned forward) is read
    /// with the offset before the change, which lands just after the gap.
    /// `reading(ofLocal:)` says which case applied.
    package func instant(fromLocal civil: CivilDateTime) -> Instant {
        reading(ofLocal: civil).instant
    }

    /// How a local wall-clock time maps to instants here: once, twice (an overlap) or never (a gap).
    package func reading(ofLocal civil: CivilDateTime) -> LocalTimeReading {
        let wall = civil.secondsIfUTC
        let before = offset(at: Instant(seconds: wall - 86_400))
        let after = offset(at: Instant(seconds: wall + 86_400))
        var candidates: [Int64] = []
        for candidateOffset in Set([before, after]) {
            let utc = wall - Int64(candidateOffset)
            if offset(at: Instant(seconds: utc)) == candidateOffset { candidates.append(utc) }
        }
        candidates.sort()
        if let earlier = candidates.first, let later = candidates.last, earlier != later {
            return .repeated(earlier: Instant(seconds: earlier), later: Instant(seconds: later))
        }
        if let only = candidates.first { return .exact(Instant(seconds: only)) }
        return .skipped(
            Instant(seconds: wall - Int64(before)), offsetBefore: before, offsetAfter: after)
    }

    /// `2026-09-19 02:11 +08:00` (or with seconds).
    package func format(_ instant: Instant, seconds: Bool = false) -> String {
        "\(local(instant).text(withSeconds: seconds)) \(Zone.offsetText(offset(at: instant)))"
    }

    /// ISO 8601 with offset: `2026-09-19T02:11:00+08:00`.
    package func iso8601(_ instant: Instant) -> String {
        let civil = local(instant)
        let time = "\(pad(civil.hour, 2)):\(pad(civil.minute, 2)):\(pad(civil.second, 2))"
        return "\(civil.dateText)T\(time)\(Zone.offsetText(offset(at: instant)))"
    }

    /// `+08:00`, `-04:00`, `+00:00`; with seconds when the offset has some, as zones had before
    /// standard time (Asia/Kolkata's local mean time, `+05:53:28`): shortened, the time printed
    /// beside it would name another instant.
    package static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let text = "\(sign)\(pad(magnitude / 3600, 2)):\(pad(magnitude / 60 % 60, 2))"
        return magnitude % 60 == 0 ? text : text + ":\(pad(magnitude % 60, 2))"
    }

    /// Reads `+08:00`, `+0800`, `+08`, `+8`, `-05:30`; nil for anything else.
    static func parseOffset(_ text: String) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let body = text.dropFirst()
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        var hours: Int?
        var minutes = 0
        if parts.count == 2 {
            hours = Int(parts[0])
            guard parts[0].count <= 2, parts[1].count == 2, let m = Int(parts[1]) else { return nil }
            minutes = m
        } else if body.count == 4, body.allSatisfy(\.isASCII) {
            hours = Int(body.prefix(2))
            guard let m = Int(body.suffix(2)) else { return nil }
            minutes = m
        } else if body.count <= 2 {
            hours = Int(body)
        }
        guard let h = hours, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }), h <= 18, minutes < 60
        else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + minutes * 60)
    }
}

extension Zone {
    /// Reads a time a user typed: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` (or with `T`).
    /// Without an offset it is local time in this zone (DST-correct); with `Z` or an
    /// offset such as `+08:00` it is that exact instant.
    package func parseUserTime(_ text: String) throws(TimeError) -> Instant {
        try readUserTime(text).instant
    }

    /// Reads a time a user typed as `parseUserTime` does, and says when local time without an
    /// offset fell in a daylight-saving gap or overlap (so the CLI can say which reading it took).
    package func readUserTime(_ text: String) throws(TimeError) -> UserTime {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count == 10, let date = Zone.parseDate(trimmed) {
            return UserTime(reading(ofLocal: date), local: date, zone: self)
        }
        var bytes = Array(trimmed.utf8)
        guard bytes.count >= 16 else { throw .malformedTime(text) }
        let hasZone: Bool = {
            guard bytes.count > 16 else { return false }
            let tail = bytes[16...]
            return tail.contains(0x5A) || tail.contains(0x7A) || tail.contains(0x2B) || tail.contains(0x2D)
        }()
        let parsed = bytes.withUnsafeMutableBufferPointer {
            StoredTimestamp.parse(bytes: UnsafeBufferPointer($0), userInput: true)
        }
        guard let parsed else {
            // A well-formed time on a day outside the range deserves to be told so, not "cannot read".
            if let date = Zone.parseDate(String(trimmed.prefix(10))),
                date.secondsIfUTC < StoredTimestamp.firstSecond || date.secondsIfUTC > StoredTimestamp.lastSecond,
                (Array("2000-01-01".utf8) + bytes[10...]).withUnsafeBufferPointer({
                    StoredTimestamp.parse(bytes: $0, userInput: true)
                }) != nil
            {
                throw .outOfRange(text)
            }
            throw .malformedTime(text)
        }
        if hasZone { return UserTime(instant: parsed.instant, ambiguity: nil) }
        // No zone given: the digits are local wall-clock time in this zone.
        let civil = CivilDateTime(utcSeconds: parsed.instant.seconds)
        var time = UserTime(reading(ofLocal: civil), local: civil, zone: self)
        time.instant = Instant(millis: time.instant.millis + parsed.instant.millis % 1000)
        return time
    }

    /// Reads a calendar date `YYYY-MM-DD`.
    package static func parseDate(_ text: String) -> CivilDateTime? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        let date = CivilDateTime(year: y, month: m, day: d)
        return date.isValid ? date : nil
    }
}
