/// Finds the first byte that makes a text not valid UTF-8 (RFC 3629: no overlong
/// forms, no surrogates, nothing above U+10FFFF), or a NUL byte, which SQL text
/// cannot hold.
///
/// It runs over every byte of a dump, so plain ASCII is checked eight bytes at
/// a time.
enum UTF8Scan {
    struct Problem: Equatable {
        /// Offset of the offending byte in the scanned bytes.
        let offset: Int
        let detail: String
    }

    static func firstProblem(in bytes: UnsafeRawBufferPointer) -> Problem? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            // Fast path: eight bytes that are all ASCII and none of them NUL.
            while index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let high = word & 0x8080_8080_8080_8080
                let zero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if high | zero != 0 { break }
                index += 8
            }
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0 { return Problem(offset: index, detail: "a NUL byte, which SQL text cannot contain") }
                index += 1
                continue
            }
            let following: Int
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF:
                following = 1
                scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF:
                following = 2
                scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4:
                following = 3
                scalar = UInt32(lead & 0x07)
            default:
                return Problem(offset: index, detail: "invalid UTF-8 (byte \(hex(lead)) cannot start a character)")
            }
            for step in 1...following {
                guard index + step < count else {
                    return Problem(offset: index, detail: "invalid UTF-8 (a character cut short after \(hex(lead)))")
                }
                let next = bytes[index + step]
                guard next & 0xC0 == 0x80 else {
                    return Problem(
                        offset: index, detail: "invalid UTF-8 (byte \(hex(lead)) followed by \(hex(next)))")
                }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            let valid: Bool
            switch following {
            case 2: valid = scalar >= 0x800 && !(0xD800...0xDFFF).contains(scalar)
            case 3: valid = scalar >= 0x1_0000 && scalar <= 0x10_FFFF
            default: valid = true  // 0xC2...0xDF cannot be overlong
            }
            guard valid else {
                return Problem(
                    offset: index, detail: "invalid UTF-8 (an overlong form, a surrogate or a value above U+10FFFF)")
            }
            index += following + 1
        }
        return nil
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
