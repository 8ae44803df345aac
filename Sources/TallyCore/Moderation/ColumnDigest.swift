/// A keyed digest of a value's bytes, as one SQL expression that D1 can run: D1 allows no hash
/// function (workerd's `ALLOWED_SQLITE_FUNCTIONS`: `length`, `substr`, `instr`, `typeof`, `hex`
/// and arithmetic serve here), so the digest is a recursive query over the bytes.
///
/// The bytes (`CAST(x AS BLOB)`, the text's UTF-8) b₁ … b_N (each 1–256, its place in a table of
/// all 256 bytes, so `instr` finds it in a blob; past the end 1) give, in each lane, the polynomial
/// Σ bᵢ·r^(M−i) modulo the lane's prime p, r being the lane's point of a `DigestKey` drawn fresh for
/// the check. Two different byte strings of one length are different polynomials of degree below
/// N + 16, which agree at fewer than N + 16 points: at a random point, with probability below
/// (N + 16)/(p − 3) per lane, and the four lanes' points are drawn independently. So a text written
/// before the key was drawn matches another with probability below ((N + 16)/2^31)^4 — about
/// 10^-18 for a 50 KB note, 10^-13 for 1 MB — and nobody can compute a match in advance, as they
/// could for the fixed public weights this replaced (issue 45).
///
/// For speed the bytes are read in chunks of 16: a chunk's value in a lane is Σ b·r^(15−j) (the
/// powers as literals, each below 2^31, the sum below 2^43), folded in order by multiplying by
/// r^16 (every product stays below 2^63, where SQLite would turn to floating point); the value is
/// read again only every 4,096 bytes, so a 1 MB note costs about 65,000 steps and the expression
/// about 3 KB.
///
/// The answer is `length:a₁:a₂:a₃:a₄`; the same expression gives the same answer here and on D1.
package enum ColumnDigest {
    /// Bytes per step.
    static let chunk = 16
    /// Bytes per step of layout 3's digest.
    static let layout3Chunk = 64
    /// Bytes per read of the value.
    static let piece = 4_096

    /// All 256 bytes in order, as a blob literal.
    private static let byteTable = "X'" + (0..<256).map { hex2($0) }.joined() + "'"

    private static func hex2(_ byte: Int) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[byte / 16], digits[byte % 16]])
    }

    /// The digest of the value `x` (an expression, e.g. `s.content`) under `key`, as `length:a₁:a₂:a₃:a₄`.
    package static func sql(of x: String, key: DigestKey) -> String { sql(of: x, key: key, pair: false) }

    /// The digest of `x` under `key` as one integer below 2^62: lane 1's value times 2^31 plus lane 3's
    /// (one per prime), for sums (`VoteDigest`).
    package static func pairSQL(of x: String, key: DigestKey) -> String { sql(of: x, key: key, pair: true) }

    private static func sql(of x: String, key: DigestKey, pair: Bool) -> String {
        let lanes = Array(zip(key.points, DigestKey.moduli).enumerated())
        let bytes = "CAST(\(x) AS BLOB)"
        let chunkValues = lanes.map { _, lane in
            let (point, modulus) = lane
            return (0..<chunk).map { place in
                "instr(t, substr(p, o + \(place + 1), 1)) * "
                    + "\(DigestKey.power(point, chunk - 1 - place, modulo: modulus))"
            }.joined(separator: " + ")
        }.joined(separator: ", ")
        let folds = lanes.map { index, lane in
            "(a\(index) * \(DigestKey.power(lane.0, chunk, modulo: lane.1)) + c\(index)) % \(lane.1)"
        }.joined(separator: ", ")
        let names = lanes.map { "a\($0.offset)" }.joined(separator: ", ")
        let chunks = lanes.map { "c\($0.offset)" }.joined(separator: ", ")
        let zeros = lanes.map { _ in "0" }.joined(separator: ", ")
        // Row k holds the piece p that chunk k lies in, at offset o; cᵢ is chunk k − 1's value in lane
        // i, and aᵢ folds chunks 0 … k − 2. The row after the last chunk has folded them all.
        return "(WITH RECURSIVE r(k, n, \(names), p, \(chunks), o, t) AS ("
            + "SELECT 0, length(\(bytes)), \(zeros), substr(\(bytes), 1, \(piece)), \(zeros), 0, \(byteTable) "
            + "UNION ALL SELECT k + 1, n, \(folds), "
            + "CASE WHEN (k + 1) % \(piece / chunk) = 0 THEN substr(\(bytes), (k + 1) * \(chunk) + 1, \(piece)) "
            + "ELSE p END, \(chunkValues), (k + 1) % \(piece / chunk) * \(chunk), t "
            + "FROM r WHERE k <= (n + \(chunk - 1)) / \(chunk)) "
            + (pair
                ? "SELECT a0 * 2147483648 + a2"
                : "SELECT n || ':' || " + lanes.map { "a\($0.offset)" }.joined(separator: " || ':' || "))
            + " FROM r WHERE k = (n + \(chunk - 1)) / \(chunk) + 1)"
    }

    /// The digest layout 3 of the ledger stored for a long column: fixed public weights, which anyone
    /// can match with another text (issue 45). Only the ledger's upgrade computes it, to recognize the
    /// bytes a stored key was made from (`SeenNote.restoreExactKeys`); no check uses it.
    static func layout3SQL(of x: String) -> String {
        let bytes = "CAST(\(x) AS BLOB)"
        let chunkValue = layout3Weights.enumerated().map { place, weight in
            "instr(t, substr(p, o + \(place + 1), 1)) * \(weight)"
        }.joined(separator: " + ")
        return "(WITH RECURSIVE r(k, n, a, b, p, c, o, t) AS ("
            + "SELECT 0, length(\(bytes)), 0, 0, substr(\(bytes), 1, \(piece)), 0, 0, \(byteTable) "
            + "UNION ALL SELECT k + 1, n, (a * 1000003 + c) % 2147483647, (b * 999983 + c) % 2147483629, "
            + "CASE WHEN (k + 1) % \(piece / layout3Chunk) = 0 THEN substr(\(bytes), (k + 1) * \(layout3Chunk) + 1, \(piece)) "
            + "ELSE p END, \(chunkValue), (k + 1) % \(piece / layout3Chunk) * \(layout3Chunk), t "
            + "FROM r WHERE k <= (n + \(layout3Chunk - 1)) / \(layout3Chunk)) "
            + "SELECT n || ':' || a || ':' || b FROM r WHERE k = (n + \(layout3Chunk - 1)) / \(layout3Chunk) + 1)"
    }

    /// Layout 3's multipliers of each place of a chunk: the 64 primes above 2,000,000,000.
    private static let layout3Weights: [Int64] = {
        var primes: [Int64] = []
        var candidate: Int64 = 2_000_000_000
        while primes.count < layout3Chunk {
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
}
