import Foundation

/// The words a reader sees on a page, for the glossary and the English-leak checks: the visible
/// text of HTML (code, style, script and the head left out, entities decoded), and the rules of
/// `docs/glossary.md` read from its table.
package enum PageWords {
    /// The text of `html` as a reader sees it: tags removed; `<code>`, `<pre>`, `<style>`, `<script>` and
    /// `<head>` left out; the usual entities decoded. An SVG's `<title>` and `<desc>` stay (screen readers
    /// say them).
    package static func visibleText(_ html: String) -> String {
        var text = html
        for element in ["head", "style", "script", "code", "pre"] {
            while let open = text.range(of: "<\(element)[ >]", options: .regularExpression),
                let close = text.range(of: "</\(element)>", range: open.upperBound..<text.endIndex)
            {
                text.replaceSubrange(open.lowerBound..<close.upperBound, with: " ")
            }
        }
        text = text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// Names a zh-TW sentence uses as they are (docs/glossary.md): a program, a service, a method, an
    /// abbreviation, and the name of the English language in itself (the link to the other edition).
    package static let names: Set<String> = ["D1", "SHA", "SQL", "Wilson", "wrangler", "English"]

    /// English words in `text` (runs of Latin letters, digits after the first letter allowed), after the
    /// user's own `texts` (option names, note text, moderators' names) are taken out; `names` are allowed.
    package static func englishWords(in text: String, userTexts: [String] = []) -> [String] {
        var rest = text
        for user in userTexts.sorted(by: { $0.count > $1.count }) where !user.isEmpty {
            rest = rest.replacingOccurrences(of: user, with: " ")
        }
        var words: [String] = []
        var word = ""
        func flush() {
            if !word.isEmpty, !names.contains(word) { words.append(word) }
            word = ""
        }
        for scalar in rest.unicodeScalars {
            let latin = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            if latin || (!word.isEmpty && ("0"..."9").contains(scalar)) {
                word.unicodeScalars.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// One rule of the glossary: the concept and the words never used for it, per language tag.
    package struct Rule {
        package let concept: String
        package let never: [String: [String]]
    }

    /// The rules of `docs/glossary.md`'s table: the "never in zh-TW" and "never in English" columns,
    /// words separated by `、` or `, `.
    package static func glossaryRules(_ markdown: String) -> [Rule] {
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        guard let header = rows.first, let zh = header.firstIndex(of: "never in zh-TW"),
            let en = header.firstIndex(of: "never in English")
        else { return [] }
        func words(_ cell: String) -> [String] {
            cell.components(separatedBy: CharacterSet(charactersIn: "、,")).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        }
        return rows.dropFirst(2).map { row in
            Rule(concept: row[0], never: ["zh-TW": words(row[zh]), "en": words(row[en])])
        }
    }
}
