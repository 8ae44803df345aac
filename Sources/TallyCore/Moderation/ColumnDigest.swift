/// A 62-bit digest of a value's bytes, as one SQL expression that D1 can run: D1 allows no hash
/// function (workerd's `ALLOWED_SQLITE_FUNCTIONS`: `length`, `substr`, `instr`, `typeof`, `hex`
/// and arithmetic serve here), so the digest is a recursive query over the bytes.
///
/// The bytes (`CAST(x AS BLOB)`, the text's UTF-8) are read in chunks of 64: a chunk's value is
/// the sum of each byte (1–256, its place in a table of all 256 bytes, so `instr` finds it in a
/// blob) times a distinct prime of its place, below 2^45, so a change of one or two bytes always
/// changes it. The chunks' values are folded in order into two polynomial hashes modulo the
/// primes 2^31 − 1 and 2147483629 (every product stays below 2^63, where SQLite would turn to
/// floating point). The value is read again only every 4,096 bytes (each step carries its piece),
/// so a 1 MB note costs about 16,000 steps, not a million reads of the whole text.
///
/// The answer is `length:a:b`; the same expression gives the same answer here and on D1.
package enum ColumnDigest {
    /// Bytes per step.
    static let chunk = 64
    /// Bytes per read of the value.
    static let piece = 4_096
    /// The multiplier of each place of a chunk: the 64 primes above 2,000,000,000.
    static let placeWeights: [Int64] = {
        var primes: [Int64] = []
        var candidate: Int64 = 2_000_000_000
        while primes.count < chunk {
            if isPrime(candidate) { primes.append(candidate) }
            candidate += 1
        }
        return primes
    }()

    private static func isPrime(_ value: Int64) -> Bool {
        guard value >= 2 else { return false }
        var divisor: Int64 = 2
        while divisor * divisor <= value {
            if value % divisor == 0 { return false }
            divisor += 1
        }
        return true
    }

    /// All 256 bytes in order, as a blob literal.
    private static let byteTable = "X'" + (0..<256).map { hex2($0) }.joined() + "'"

    private static func hex2(_ byte: Int) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[byte / 16], digits[byte % 16]])
    }

    /// The digest of the value `x` (an expression, e.g. `s.content`) as `length:a:b`.
    package static func sql(of x: String) -> String {
        let bytes = "CAST(\(x) AS BLOB)"
        let chunkValue = placeWeights.enumerated().map { place, weight in
            "instr(t, substr(p, o + \(place + 1), 1)) * \(weight)"
        }.joined(separator: " + ")
        // Row k holds the piece p that chunk k lies in, at offset o; c is chunk k − 1's value, and a
        // and b fold chunks 0 … k − 2. The row after the last chunk has folded them all.
        return "(WITH RECURSIVE r(k, n, a, b, p, c, o, t) AS ("
            + "SELECT 0, length(\(bytes)), 0, 0, substr(\(bytes), 1, \(piece)), 0, 0, \(byteTable) "
            + "UNION ALL SELECT k + 1, n, (a * 1000003 + c) % 2147483647, (b * 999983 + c) % 2147483629, "
            + "CASE WHEN (k + 1) % \(piece / chunk) = 0 THEN substr(\(bytes), (k + 1) * \(chunk) + 1, \(piece)) "
            + "ELSE p END, \(chunkValue), (k + 1) % \(piece / chunk) * \(chunk), t "
            + "FROM r WHERE k <= (n + \(chunk - 1)) / \(chunk)) "
            + "SELECT n || ':' || a || ':' || b FROM r WHERE k = (n + \(chunk - 1)) / \(chunk) + 1)"
    }
}
