/// One language's edition of pages written in several languages in one run (`--lang en,zh-TW`):
/// how its file names carry the language and how it links to the other languages' pages.
///
/// With one language nothing changes: `week-01.md`, `post.md`. With several, each page, index and
/// chart written in a language carries the language before its extension (`week-01.en.md`,
/// `week-01.zh-TW.md`, `week-01-daily.en.svg`, `post.zh-TW.html`), so no language's file is ever
/// another's, and each page starts with links to the same page in the other languages.
package struct LanguageEdition: Sendable, Equatable {
    /// The language of this edition's pages.
    package let language: ReportLanguage
    /// Every language written in the run, in the order given (this one among them).
    package let languages: [ReportLanguage]

    /// The edition of `language` among `languages` (which must hold it).
    package init(_ language: ReportLanguage, of languages: [ReportLanguage]) {
        precondition(languages.contains(language), "an edition's language is one of the run's")
        self.language = language
        self.languages = languages
    }

    /// The only edition of a run in one language: today's names, no links.
    package static func single(_ language: ReportLanguage) -> LanguageEdition {
        LanguageEdition(language, of: [language])
    }

    /// Every edition of a run, in the order given.
    package static func all(_ languages: [ReportLanguage]) -> [LanguageEdition] {
        languages.map { LanguageEdition($0, of: languages) }
    }

    /// True when file names carry the language (more than one language is written).
    package var isSuffixed: Bool { languages.count > 1 }

    /// The other languages of the run, in the order given.
    package var others: [ReportLanguage] { languages.filter { $0 != language } }

    /// True for the edition that writes the run's language-neutral files (the weekly JSON) once.
    package var isFirst: Bool { languages.first == language }

    /// `name` as this edition writes it: `week-01.md` → `week-01.en.md` when suffixed.
    package func name(_ name: String) -> String { self.name(name, in: language) }

    /// `name` as the edition in `other` writes it.
    package func name(_ name: String, in other: ReportLanguage) -> String {
        guard isSuffixed else { return name }
        return Self.suffixed(name, other)
    }

    /// `week-01.md` → `week-01.zh-TW.md`, `out.d/post.md` → `out.d/post.zh-TW.md`: the language before the
    /// file name's last extension (at its end when it has none, as `post` or `.post`).
    package static func suffixed(_ name: String, _ language: ReportLanguage) -> String {
        let file = name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex
        guard let dot = name[file...].lastIndex(of: "."), dot != file else { return name + "." + language.rawValue }
        return name[..<dot] + "." + language.rawValue + name[dot...]
    }

    /// The block under a Markdown page's title linking the same page in the other languages, or none
    /// when the run has one language. `page` is this page's file name without the language
    /// (`week-01.md`); links are relative (the pages sit side by side) and percent-encoded, so a
    /// file name given with `-o` never becomes Markdown structure.
    package func markdownLinks(_ page: String) -> [String] {
        guard isSuffixed else { return [] }
        let links = others.map { "[\($0.nativeName)](\(Self.linkTarget(name(page, in: $0))))" }
        return [language.otherLanguagesLead + links.joined(separator: " · ")]
    }

    /// The same page in the other languages, for HTML (`<link rel="alternate" hreflang>` and the links at the top).
    package func htmlAlternates(_ page: String) -> [HTMLPage.Alternate] {
        others.map { HTMLPage.Alternate(language: $0, href: Self.linkTarget(name(page, in: $0))) }
    }

    /// A file name as a relative URL: every byte outside the unreserved characters percent-encoded
    /// (a space, `(`, `)`, `<`, `]`, `#`, `?` or a control character in a name chosen with `-o` stays a
    /// name; an encoded `:` never reads as a scheme).
    static func linkTarget(_ name: String) -> String {
        var target = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                target.append(Character(Unicode.Scalar(byte)))
            default:
                target += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return target
    }
}
