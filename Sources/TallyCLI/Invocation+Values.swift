import Foundation
import TallyCore

extension Invocation {
    /// A time option read in `zone` (local time without an offset, or with `Z` / an offset);
    /// nil when not given. A bad value is a usage error naming the flag and what is accepted.
    public func time(_ name: String, in zone: Zone) throws -> Instant? {
        guard let text = value(name) else { return nil }
        do {
            return try zone.parseUserTime(text)
        } catch {
            throw UsageError("invalid value '\(text)' for --\(name): \(error)", command: path)
        }
    }

    /// An output file option resolved against the working folder; nil when not given.
    /// A folder is refused before any work, with `example` (e.g. `report.md`) as the suggestion.
    public func outputFile(_ context: Context, flag name: String = "output", example: String) throws -> String? {
        guard let given = value(name) else { return nil }
        let output = context.path(given)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError("--\(name) \(output) is a folder; give a file name, e.g. \(output)/\(example)", command: path)
        }
        return output
    }
}
