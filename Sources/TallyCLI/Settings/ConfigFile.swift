import Foundation
import TallyCore
import TallyRender

/// `tally.json`: a JSON object of settings, each key one of `SettingSpec.all`'s and optional;
/// unknown keys, repeated keys and null values refused (each would leave a setting other than the
/// file seems to say).
///
/// ```json
/// { "db": "votes.sqlite", "timezone": "Asia/Taipei", "exclude_before": "2026-09-19 02:11",
///   "exclude_sessions": [], "votes_per_session": 3, "launch": "2026-09-19",
///   "lang": "zh-TW", "reports": "reports", "internal": false, "title": "Votes" }
/// ```
enum ConfigFile {
    /// The largest config read: far above any real one.
    static let sizeLimit = 1_024 * 1_024

    /// Reads and checks a config file; errors name the file and the key. A regular file or a pipe
    /// (`--config <(…)`) is read; a folder, a device or a socket is refused for what it is.
    static func load(_ path: String) throws -> [(spec: SettingSpec, value: GivenValue)] {
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

    /// Parses config JSON into the values it gives, in table order (paths still as written);
    /// `path` is only used in messages.
    static func parse(_ data: Data, path: String) throws -> [(spec: SettingSpec, value: GivenValue)] {
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
        for key in dictionary.keys.sorted() where SettingSpec.named(key) == nil {
            let known = SettingSpec.all.map(\.key).joined(separator: ", ")
            throw CommandFailure("unknown key '\(key)' in config \(path); known keys: \(known)")
        }
        return try SettingSpec.all.compactMap { spec in
            try dictionary[spec.key].map { (spec, try value($0, of: spec, path: path)) }
        }
    }

    /// One key's JSON value read as its kind asks; the message says what the key must be.
    private static func value(_ json: Any, of spec: SettingSpec, path: String) throws -> GivenValue {
        func refuse(_ expected: String) -> CommandFailure {
            CommandFailure("key '\(spec.key)' in config \(path) \(expected)")
        }
        // JSON numbers and booleans both arrive as NSNumber; a boolean's objCType is "c".
        let number = json as? NSNumber
        let isBoolean = number.map { String(cString: $0.objCType) == "c" } ?? false
        let text = number == nil ? json as? String : nil
        let strings = (json as? [Any]).flatMap { list in
            list.allSatisfy { $0 is String && !($0 is NSNumber) } ? list : nil
        }
        .map { $0.compactMap { $0 as? String } }
        switch spec.kind {
        case .textPerLanguage where json is [String: Any]:
            return try perLanguage(json as? [String: Any] ?? [:], refuse)
        case .text, .path, .commaList, .textPerLanguage:
            if case .commaList = spec.kind, let strings { return .list(strings) }
            guard let text else {
                if case .commaList(let item) = spec.kind {
                    throw refuse("must be a \(item) string or a list of \(item) strings")
                }
                if case .textPerLanguage = spec.kind {
                    throw refuse(
                        "must be a string or an object of one string per language, such as "
                            + #"{"zh-TW": "投票結果", "en": "Poll results"}"#)
                }
                throw refuse("must be a string")
            }
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw refuse("is empty") }
            return .text(text)
        case .list(let item):
            guard let strings else { throw refuse("must be a list of \(item) strings") }
            return .list(strings)
        case .count(let range):
            // Only whole numbers: a boolean or a fraction would be a guess at what was meant.
            guard let number, !isBoolean, Double(number.intValue) == number.doubleValue, range.contains(number.intValue)
            else { throw refuse("must be a whole number from \(range.lowerBound) to \(range.upperBound)") }
            return .text(String(number.intValue))
        case .toggle:
            // Only a JSON true or false: a number or a string would be a guess at what was meant.
            guard let number, isBoolean else { throw refuse("must be true or false") }
            return .toggle(number.boolValue)
        }
    }

    /// An object of one string per language (`"title": {"zh-TW": …, "en": …}`); `Settings` checks the languages.
    private static func perLanguage(_ object: [String: Any], _ refuse: (String) -> CommandFailure) throws
        -> GivenValue
    {
        let languages = ReportLanguage.allCases.map(\.rawValue).joined(separator: ", ")
        guard !object.isEmpty else {
            throw refuse("is an empty object; give one string per language (\(languages)), or one string for all")
        }
        var texts: [String: String] = [:]
        for key in object.keys.sorted() {
            let name = NoteText.oneLine(key)
            guard let text = object[key] as? String, !(object[key] is NSNumber) else {
                throw refuse("gives \(name) a value that is not a string; give each language one string of text")
            }
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw refuse("gives \(name) an empty string; give each language some text")
            }
            texts[key] = text
        }
        return .perLanguage(texts)
    }

}
