import CTallyBuild
import TallySQLite

/// What `tally --version` prints: the version, the commit it was built from and the SQLite it runs on.
enum Version {
    /// Raised by hand when a release changes what users see (semantic versioning).
    static let number = "0.2.0"

    /// The git commit the Makefile embedded (`make` passes `-Xcc -DTALLY_COMMIT=…`); nil for a plain
    /// `swift build`, which must work without git.
    static var commit: String? {
        let text = String(cString: tally_build_commit())
        return text.isEmpty ? nil : text
    }

    /// `tally 0.2.0 (commit 1a2b3c4d5e6f, SQLite 3.40.1)`: one line, like `git --version`.
    static var line: String {
        "tally \(number) (commit \(commit ?? "unknown, built without make"), SQLite \(Connection.libraryVersion))"
    }
}
