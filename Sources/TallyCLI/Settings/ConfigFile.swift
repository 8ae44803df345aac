import Foundation

/// The contents of `tally.json`: every key optional, unknown keys refused.
///
/// ```json
/// { "db": "votes.sqlite", "timezone": "Asia/Taipei", "exclude_before": "2026-09-19 02:11",
///   "exclude_sessions": [], "votes_per_session": 3, "launch": "2026-09-19",
///   "lang": "zh-TW", "reports": "reports" }
/// ```
public struct ConfigFile: Equatable, Sendable {
    public var db: String?
    public var timezone: String?
    public var excludeBefore: String?
    public var excludeSessions: [String]?
    public var votesPerSession: Int?
    public var launch: String?
    public var lang: String?
    public var reports: String?

    /// Every key the file may hold.
    public static let keys = [
        "db", "timezone", "exclude_before", "exclude_sessions", "votes_per_session", "launch", "lang", "reports",
    ]

    /// Reads and checks a config file; errors name the file and the key.
    public static func load(_ path: String) throws -> ConfigFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw CommandFailure("config \(path) is a directory; give the path of a JSON file")
            }
            throw CommandFailure("config file \(path) not found")
        }
        return try parse(data, path: path)
    }

    /// Parses config JSON; `path` is only used in messages.
    public static func parse(_ data: Data, path: String) throws -> ConfigFile {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CommandFailure("config \(path) is not valid JSON; expected an object such as {\"timezone\": \"Asia/Taipei\"}")
        }
        guard let dictionary = object as? [String: Any] else {
            throw CommandFailure("config \(path) must be a JSON object of settings")
        }
        for key in dictionary.keys.sorted() where !keys.contains(key) {
            throw CommandFailure(
                "unknown key '\(key)' in config \(path); known keys: \(keys.joined(separator: ", "))")
        }
        func string(_ key: String) throws -> String? {
            guard let value = dictionary[key], !(value is NSNull) else { return nil }
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
        file.lang = try string("lang")
        file.reports = try string("reports")
        if let value = dictionary["votes_per_session"], !(value is NSNull) {
            // JSON booleans and fractions also arrive as NSNumber; only whole numbers pass.
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
                Double(number.intValue) == number.doubleValue, (1...1000).contains(number.intValue)
            else {
                throw CommandFailure(
                    "key 'votes_per_session' in config \(path) must be a whole number from 1 to 1000")
            }
            file.votesPerSession = number.intValue
        }
        if let value = dictionary["exclude_sessions"], !(value is NSNull) {
            guard let list = value as? [Any], list.allSatisfy({ $0 is String && !($0 is NSNumber) }) else {
                throw CommandFailure("key 'exclude_sessions' in config \(path) must be a list of session id strings")
            }
            file.excludeSessions = list.compactMap { $0 as? String }
        }
        return file
    }
}
