/// RFC 3492's Punycode, encoding only: how a browser writes a host label that is not ASCII
/// (`münchen` → `mnchen-3ya`, sent as `xn--mnchen-3ya`). `--public-url` needs it because the Host and
/// Origin a browser sends carry the encoded name, never the one typed.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26

    /// The label's Punycode (without `xn--`), or nil for a label too long to be a host label.
    static func encode(_ label: String) -> String? {
        let input = label.unicodeScalars.map { Int($0.value) }
        guard input.count <= 63 else { return nil }
        var output = input.filter { $0 < 0x80 }.map { UInt8($0) }
        let basic = output.count
        if basic > 0 { output.append(UInt8(ascii: "-")) }
        var handled = basic
        var n = 0x80
        var delta = 0
        var bias = 72
        while handled < input.count {
            guard let next = input.filter({ $0 >= n }).min() else { break }
            delta += (next - n) * (handled + 1)
            n = next
            for scalar in input {
                if scalar < n { delta += 1 }
                guard scalar == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basic)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / 700 : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + 38)
    }
}
