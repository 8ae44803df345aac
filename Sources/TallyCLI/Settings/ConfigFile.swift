import Foundation
import TallyCore

/// The contents of `tally.json`: every key optional; unknown keys, repeated keys and null values
/// refused (each would leave a setting other than the file seems to say).
///
/// ```json
/// { "db": "votes.sqlite", "timezone": "Asia/Taipei", "exclude_before": "2026-09-19 02:11",
///   "exclude_sessions": [], "votes_per_session": 3, "launch": "2026-09-19",
///   "lang": "zh-TW", "reports": "reports", "internal": false, "title": "Which feature next?" }
/// ```
///
/// `lang` is one language, a comma list (`"en,zh-TW"`) or a JSON list (`["en", "zh-TW"]`).
package struct ConfigFile: Equatable, Sendable {
    package var db: String?
    package var timezone: String?
    package var excludeBefore: String?
    package var excludeSessions: [String]?
    package var votesPerSession: Int?
    package var launch: String?
    /// The language names as written, in order (one for `"lang": "en"`; checked in `GivenSettings.typed`).
    package var lang: [String]?
    package var reports: String?
    package var `internal`: Bool?
    package var title: String?

    /// Every key the file may hold.
    package static let keys = [
        "db", "timezone", "exclude_before", "exclude_sessions", "votes_per_session", "launch", "lang", "reports",
        "internal", "title",
    ]

    /// The largest config read: far above any real one.
    static let sizeLimit = 1_024 * 1_024

    /// Reads and checks a config file; errors name the file and the key. A regular file or a pipe
    /// (`--config <(…)`) is read; a folder, a device or a socket is refused for what it is.
    package static func load(_ path: String) throws -> ConfigFile {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            var link = stat()
            if code == ENOENT, lstat(path, &link) == 0 {
                throw CommandFailure("config \(path) is a symbolic link to nothing (its target does not exist)")
            }
            if code == ENOENT { throw CommandFailure("config file \(path) not found") }
            throw CommandFailure("cannot read config \(path): \(String(cString: strerror(code)))")
        }
        switch FileKind(mode: info.st_mode) {
        case .regularFile, .fifo:
            break
        case .directory:
            throw CommandFailure("config \(path) is a directory; give the path of a JSON file")
        case let kind:
            throw CommandFailure("config \(path) is \(kind.rawValue), not a file; give the path of a JSON file")
        }
        let data: Data
        do {
            // Bounded: a config is a few hundred bytes; a FIFO nobody writes to must not hang tally.
            data = try BoundedRead.contents(of: path, limit: Self.sizeLimit, seconds: 10)
        } catch .tooLarge(let limit) {
            throw CommandFailure("config \(path) is larger than \(limit / 1_024) KiB; a config holds a few settings")
        } catch .timedOut(let seconds) {
            throw CommandFailure(
                "config \(path) is a pipe that did not send a whole config within \(seconds) s; give a JSON file "
                    + "(or a pipe that is being written, such as --config <(…))")
        } catch .system(let reason) {
            throw CommandFailure("cannot read config \(path): \(reason)")
        }
        if data.isEmpty, FileKind(mode: info.st_mode) == .fifo {
            throw CommandFailure(
                "config \(path) is a FIFO (named pipe) that nothing is writing to; give a JSON file (or a pipe that "
                    + "is being written, such as --config <(…))")
        }
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw CommandFailure(
                "config \(path) is empty; expected a JSON object of settings such as {\"timezone\": \"Asia/Taipei\"}")
        }
        return try parse(data, path: path)
    }

    /// Parses config JSON; `path` is only used in messages.
    package static func parse(_ data: Data, path: String) throws -> ConfigFile {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            if let found = JSONKeyCheck.firstOutOfRangeNumber(in: Array(data)) {
                let owner = found.key.map { "key '\($0)'" } ?? "a value"
                throw CommandFailure(
                    "\(owner) in config \(path) is \(found.number), a number out of range; give a number of ordinary "
                        + "size (such as 3)")
            }
            throw CommandFailure(
                "config \(path) is not valid JSON; expected an object such as {\"timezone\": \"Asia/Taipei\"}")
        }
        guard let dictionary = object as? [String: Any] else {
            throw CommandFailure("config \(path) must be a JSON object of settings")
        }
        // JSONSerialization keeps one value of a repeated key without a word; refuse the file instead.
        if let key = JSONKeyCheck.firstDuplicateKey(in: Array(data)) {
            throw CommandFailure(
                "key '\(key)' appears more than once in config \(path); keep one, so it is clear which value holds")
        }
        // A null is refused rather than read as unset: "db": null would otherwise quietly mean ./tally.sqlite.
        for key in dictionary.keys.sorted() where dictionary[key] is NSNull {
            throw CommandFailure(
                "key '\(key)' in config \(path) is null; give a value, or remove the key to use the default")
        }
        for key in dictionary.keys.sorted() where !keys.contains(key) {
            throw CommandFailure(
                "unknown key '\(key)' in config \(path); known keys: \(keys.joined(separator: ", "))")
        }
        func string(_ key: String) throws -> String? {
            guard let value = dictionary[key] else { return nil }
            guard let text = value as? String, !(value is NSNumber) else {
                throw CommandFailure("key '\(key)' in config \(path) must be a string")
            }
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw CommandFailure("key '\(key)' in config \(path) is empty")
            }
            return text
        }
        var file = ConfigFile()
        file.db = try string("db")
        file.timezone = try string("timezone")
        file.excludeBefore = try string("exclude_before")
        file.launch = try string("launch")
        if let value = dictionary["lang"] {
            // One name, a comma list or a JSON list of names; each name is checked with the flag's and the
            // environment's (GivenSettings.typed), so the three places accept the same languages.
            if let list = value as? [Any] {
                guard !list.isEmpty, list.allSatisfy({ $0 is String && !($0 is NSNumber) }) else {
                    throw CommandFailure(
                        "key 'lang' in config \(path) must be a language or a list of languages, such as "
                            + "\"en\" or [\"en\", \"zh-TW\"]")
                }
                file.lang = list.compactMap { $0 as? String }
            } else {
                file.lang = try string("lang").map(GivenSettings.languageNames)
            }
        }
        file.reports = try string("reports")
        file.title = try string("title")
        if let value = dictionary["votes_per_session"] {
            // JSON booleans and fractions also arrive as NSNumber; only whole numbers pass.
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
                Double(number.intValue) == number.doubleValue, (1...1000).contains(number.intValue)
            else {
                throw CommandFailure(
                    "key 'votes_per_session' in config \(path) must be a whole number from 1 to 1000")
            }
            file.votesPerSession = number.intValue
        }
        if let value = dictionary["internal"] {
            // Only a JSON true or false: a number or a string would be a guess at what was meant.
            guard let flag = value as? NSNumber, String(cString: flag.objCType) == "c" else {
                throw CommandFailure("key 'internal' in config \(path) must be true or false")
            }
            file.internal = flag.boolValue
        }
        if let value = dictionary["exclude_sessions"] {
            guard let list = value as? [Any], list.allSatisfy({ $0 is String && !($0 is NSNumber) }) else {
                throw CommandFailure("key 'exclude_sessions' in config \(path) must be a list of session id strings")
            }
            file.excludeSessions = list.compactMap { $0 as? String }
        }
        return file
    }
}
