import Foundation
import TallyCore

/// Outside programs some tests need (rsvg-convert, python3, chromium), and whether such a test
/// may be skipped when one is missing.
///
/// On a developer's machine a missing program skips the test with a reason (Swift Testing prints
/// it), so a fresh clone passes `swift test`. Under `CI=true` a missing program is never a reason
/// to skip: CI installs every program the tests use, so the test runs and fails, and nothing is
/// silently left untested there.
package enum OutsideProgram {
    /// True when the environment says this is a CI run (`CI=true`, as most CI services set).
    package static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// True when tally would find `name` (an executable file in a folder of `PATH`: `ProgramSearch`).
    package static func isInstalled(_ name: String) -> Bool {
        ProgramSearch.find(name, in: ProcessInfo.processInfo.environment) != nil
    }

    /// Whether a test that needs every program of `names` should run: when all are installed,
    /// and always under CI (where a missing program must fail the test, not skip it).
    package static func mayRun(needing names: String...) -> Bool {
        isCI || names.allSatisfy(isInstalled)
    }
}
