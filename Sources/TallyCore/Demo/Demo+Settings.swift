extension Demo.Settings {
    /// The demo's zone, Asia/Taipei.
    package static func zoneValue() -> Zone {
        do {
            return try Zone(parsing: timezone)
        } catch {
            // A constant of this build that every test reads: not something a user can cause.
            fatalError("Demo.Settings.timezone does not parse: \(error)")
        }
    }

    /// The author's cutoff, 2026-09-19 02:11 in Taipei.
    package static func cutoffInstant() -> Instant { constantTime(excludeBefore) }

    /// The author's as-of time, 2026-09-27 12:00 in Taipei.
    package static func asOfInstant() -> Instant { constantTime(asOf) }

    private static func constantTime(_ text: String) -> Instant {
        do {
            return try zoneValue().parseUserTime(text)
        } catch {
            fatalError("a Demo.Settings time does not parse: \(error)")
        }
    }
}
