import Foundation

/// How tally finds an outside program it runs by name (`wrangler`, `rsvg-convert`): the first
/// executable file of that name in a folder of `PATH`, as a shell finds it (PATH unset: the usual
/// folders). The tests find theirs the same way (`OutsideProgram`), so a test runs exactly when
/// tally would find its program.
package enum ProgramSearch {
    /// The program's path, or nil when no folder of the environment's `PATH` holds it.
    package static func find(_ name: String, in environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name).path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
