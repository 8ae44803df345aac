/// An address on the web a page links to or names: the vote page (`vote_url`) or the public address of the
/// reports folder (`site_url`). Checked once when the setting is read: an absolute `http` or `https` URL with a
/// host, no user name or password (a public page would publish it), only the characters RFC 3986 allows (no
/// space, quote, `<`, `>`, backslash, control or non-ASCII character: encode them as `%XX`), every `%` followed
/// by two hex digits, at most `maximumLength` characters. So the text can never end a Markdown link, open an HTML
/// attribute or read as another scheme; where it goes it is still escaped for that place.
package struct WebAddress: Sendable, Equatable {
    /// The URL as given (already valid).
    package let text: String

    /// The longest URL taken: longer ones break in messengers and are not a vote page's address.
    package static let maximumLength = 2000

    /// What is accepted, for messages.
    package static let accepted =
        "an absolute http:// or https:// address such as https://example.org/vote, without spaces, quotes, "
        + "<, >, backslashes or a user name (encode other characters as %XX)"

    /// Why a text is not a `WebAddress`.
    package enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLong(Int)
        case notHTTP
        case noHost
        case userInfo
        case character(Unicode.Scalar)
        case badPercent

        package var description: String {
            switch self {
            case .empty: "it is empty"
            case .tooLong(let count): "it is \(count) characters long; give at most \(WebAddress.maximumLength)"
            case .notHTTP: "it does not start with http:// or https://"
            case .noHost: "it names no host after the scheme"
            case .userInfo: "it holds a user name or password (before @), which a public page would show"
            case .character(let scalar):
                "it holds \(scalar.isASCII && scalar.value >= 0x21 && scalar.value < 0x7F ? "'\(Character(scalar))'" : "a character") "
                    + "(U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(4))) a URL cannot hold as it is"
            case .badPercent: "a % is not followed by two hex digits"
            }
        }
    }

    /// Checks `text` (see the type).
    package init(parsing text: String) throws(Problem) {
        guard !text.isEmpty else { throw .empty }
        guard text.count <= Self.maximumLength else { throw .tooLong(text.count) }
        for scalar in text.unicodeScalars where !Self.allowed(scalar) { throw .character(scalar) }
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "%" {
            guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit,
                scalars[index + 2].properties.isASCIIHexDigit
            else { throw .badPercent }
        }
        let lower = text.lowercased()
        guard let schemeEnd = ["https://", "http://"].first(where: lower.hasPrefix)?.count else { throw .notHTTP }
        let rest = text.dropFirst(schemeEnd)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, authority.first != ":" else { throw .noHost }
        guard !authority.contains("@") else { throw .userInfo }
        self.text = text
    }

    /// RFC 3986's characters: unreserved, reserved (gen-delims and sub-delims) and `%`.
    static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~": return true
        case ":", "/", "?", "#", "[", "]", "@": return true
        case "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=": return true
        case "%": return true
        default: return false
        }
    }

    /// The URL as a Markdown link target (`[text](target)`): `(` and `)` percent-encoded (so no parenthesis ends
    /// the link early, and `[`, `]` after the host as cmark-gfm encodes them, so every renderer links the same), `&` written `&amp;` (so `&copy;` in a query is never read as an entity: cmark-gfm reads
    /// entities in a target before backslash escapes, so `\&` would not do). CommonMark reads it back as `text`, up
    /// to the two encoded parentheses.
    package var markdownTarget: String {
        var target = ""
        // After the host, brackets are percent-encoded too, as cmark-gfm writes them (in the host they hold an IPv6
        // address and stay).
        let schemeEnd = text.lowercased().hasPrefix("https://") ? 8 : 7
        let authorityEnd =
            text.dropFirst(schemeEnd).firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
        for (index, character) in zip(text.indices, text) {
            switch character {
            case "[" where index >= authorityEnd: target += "%5B"
            case "]" where index >= authorityEnd: target += "%5D"
            case "(": target += "%28"
            case ")": target += "%29"
            case "&": target += "&amp;"
            default: target.append(character)
            }
        }
        return target
    }

    /// `example.org/vote`: the host and path without the scheme, query, fragment and a last `/`, as a card shows it.
    package var shown: String {
        var text = Substring(text)
        text = text.dropFirst(text.lowercased().hasPrefix("https://") ? 8 : 7)
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<cut] }
        if text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }

    /// `relative` (already a URL path, percent-encoded) resolved against this URL as a folder: `https://x.org/tally`
    /// and `share.png` give `https://x.org/tally/share.png` (a `/` is added when the URL does not end in one); a
    /// query or fragment of this URL is dropped.
    package func appending(_ relative: String) -> String {
        var base = Substring(text)
        if let cut = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = base[..<cut] }
        return String(base) + (base.hasSuffix("/") ? "" : "/") + relative
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
