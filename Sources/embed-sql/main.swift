// Build-time helper for the EmbedSQL plugin.
// Usage: embed-sql OUTPUT.swift FOLDER...
// Writes one Swift file with the `.sql` files of each folder, sorted by name,
// as `EmbeddedSQL.<folder>: [(name: String, sql: String)]`.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first, arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: embed-sql OUTPUT.swift FOLDER...\n".utf8))
    exit(2)
}

/// A Swift string literal for any text: escapes quotes, backslashes and control characters.
func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

var source = "// Generated at build time from the repository's .sql files. Do not edit.\n\n"
source += "/// The SQL files shipped in the repository, embedded at build time.\n"
source += "enum EmbeddedSQL {\n"
for folder in arguments.dropFirst() {
    let url = URL(fileURLWithPath: folder)
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".sql") }.sorted()
    source += "    static let \(url.lastPathComponent): [(name: String, sql: String)] = [\n"
    for name in names {
        do {
            let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
            source += "        (\(literal(name)), \(literal(text))),\n"
        } catch {
            FileHandle.standardError.write(Data("embed-sql: cannot read \(folder)/\(name): \(error)\n".utf8))
            exit(1)
        }
    }
    source += "    ]\n"
}
source += "}\n"

// Write only when the content changed, so unchanged SQL does not force a rebuild.
let outputURL = URL(fileURLWithPath: output)
if (try? String(contentsOf: outputURL, encoding: .utf8)) != source {
    // Beside the output, then renamed over it: Foundation's `atomically: true` leaves an empty
    // /tmp/TemporaryDirectory.* folder behind on Linux at every build.
    let temporary = output + ".tmp-\(getpid())"
    do {
        try source.write(toFile: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary, output) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: reason])
        }
    } catch {
        FileHandle.standardError.write(Data("embed-sql: cannot write \(output): \(error)\n".utf8))
        exit(1)
    }
}
