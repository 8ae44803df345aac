import Testing

/// The one place a report rendered from D1's results may differ from the local report of
/// the same data: the fingerprint's hash. Locally it is the SHA-256; from D1 (SQL has no
/// SHA-256) a statement that it is not available, and in JSON and CSV the `source` beside it.
///
/// `expectSameButTheHash` holds the two reports equal byte for byte on every other line,
/// and checks each known line on both sides: the local one carries a 64-digit lowercase
/// hash (in Markdown in four groups), the D1 one the exact statement. A known line that is missing, appears twice or
/// moves fails, and so does any other byte that differs.
enum FingerprintLines {
    /// One line that differs on purpose: the local line is `prefix`, a hash, `suffix`
    /// (or exactly `prefix` when there is no hash in it); the D1 line is `d1`.
    struct Expected {
        let prefix: String
        let hasHash: Bool
        let suffix: String
        let d1: String

        /// Markdown shows the hash in four groups of 16 digits (`ReportText.hashGroups`); JSON and CSV whole.
        func matchesLocal(_ line: String) -> Bool {
            guard hasHash else { return line == prefix }
            guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { return false }
            let hash = line.dropFirst(prefix.count).dropLast(suffix.count)
            let groups = hash.split(separator: " ", omittingEmptySubsequences: false)
            // The Markdown line is the one whose hash ends in the code span's backtick.
            guard groups.map(\.count) == (suffix.hasPrefix("`") ? [16, 16, 16, 16] : [64]) else { return false }
            return groups.joined().allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
        }
    }

    /// The lines for the report format these `tally report` flags choose.
    static func expected(_ flags: [String]) -> [Expected] {
        if flags.contains("json") {
            return [
                Expected(
                    prefix: #"    "source": "database","#, hasHash: false, suffix: "", d1: #"    "source": "d1","#),
                Expected(prefix: #"    "sha256": ""#, hasHash: true, suffix: #"""#, d1: #"    "sha256": null"#),
            ]
        }
        if flags.contains("csv") {
            // CRLF line ends: the lines split at LF keep their CR.
            return [
                Expected(
                    prefix: "fingerprint,,,,,source,,,,,,,,database\r", hasHash: false, suffix: "",
                    d1: "fingerprint,,,,,source,,,,,,,,d1\r"),
                Expected(
                    prefix: "fingerprint,,,,,sha256,,,,,,,,", hasHash: true, suffix: "\r",
                    d1: #"fingerprint,,,,,sha256,,,,,,,,"not available: computed on D1, which has no SHA-256 function""#
                        + "\r"),
            ]
        }
        if !flags.contains("--internal") {
            // A public page's one line (no scheme or hash name).
            return flags.contains("zh-TW")
                ? [
                    Expected(
                        prefix: "資料指紋：`", hasHash: true, suffix: "`（資料一樣，指紋就一樣）。",
                        d1: "資料指紋：無法提供（這份報告是用 D1 上算好的結果做的）。")
                ]
                : [
                    Expected(
                        prefix: "Data fingerprint: `", hasHash: true,
                        suffix: "` (the same data always gives the same fingerprint).",
                        d1: "Data fingerprint: not available (this report was made from results computed on D1).")
                ]
        }
        if flags.contains("zh-TW") {
            return [
                Expected(
                    prefix: "- SHA-256（`tally.fingerprint/2`）：`", hasHash: true, suffix: "`",
                    d1: "- SHA-256（`tally.fingerprint/2`）：無法提供：這份報告是用 D1 上算好的結果做的，而 D1 不能計算 "
                        + "SHA-256；上面的列數、最大編號和最晚的儲存時間都是在 D1 上算的。")
            ]
        }
        return [
            Expected(
                prefix: "- SHA-256 (`tally.fingerprint/2`): `", hasHash: true, suffix: "`",
                d1: "- SHA-256 (`tally.fingerprint/2`): not available: this report was made from results computed on "
                    + "D1, which cannot compute a SHA-256; the rows, highest ids and latest time above were counted there"
            )
        ]
    }

    /// The text split at every LF scalar. Not by `Character`: Swift reads CRLF as one Character,
    /// which would keep a CSV report in one piece; this way its lines keep their CR, and a changed
    /// line end is a difference too.
    static func lines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
    }

    /// `local` and `d1` are the same bytes except for the expected lines, each found exactly once.
    static func expectSameButTheHash(
        local: String, d1: String, format flags: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = expected(flags)
        let a = lines(local)
        let b = lines(d1)
        guard a.count == b.count else {
            Issue.record(
                Comment(rawValue: "\(flags): the report from D1 has \(b.count) lines, the local one \(a.count)"),
                sourceLocation: sourceLocation)
            return
        }
        var found = Array(repeating: 0, count: expected.count)
        for index in a.indices where a[index] != b[index] {
            if let known = expected.firstIndex(where: { $0.matchesLocal(a[index]) && b[index] == $0.d1 }) {
                found[known] += 1
            } else {
                Issue.record(
                    Comment(
                        rawValue:
                            "\(flags): the report from D1 differs at line \(index + 1): \(b[index]) vs local \(a[index])"
                    ),
                    sourceLocation: sourceLocation)
            }
        }
        #expect(
            found == Array(repeating: 1, count: expected.count),
            "\(flags): each hash line must differ exactly once (local: the hash; D1: the statement)",
            sourceLocation: sourceLocation)
    }
}
