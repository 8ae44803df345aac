/// Turns one line of the Markdown that tally writes into HTML. It knows only what the renderers
/// emit: `**strong**`, `*emphasis*`, `` `code` ``, `[text](link)` and backslash escapes. User text reaches the
/// Markdown through `MarkdownText`, which backslash-escapes every character that could format, so
/// every piece of user text comes out here as escaped, literal HTML text and never as markup.
struct MarkdownInline {
    /// Rewrites a link target (e.g. `week-01.md` → `week-01.html`); nil keeps it.
    var link: (String) -> String = { $0 }

    func html(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        var index = 0
        var strong = false
        var emphasis = false
        while index < characters.count {
            let character = characters[index]
            switch character {
            // As in CommonMark, a backslash escapes only ASCII punctuation; `\u{202E}` (a control made
            // visible by MarkdownText) keeps its backslash.
            case "\\" where index + 1 < characters.count && Self.isASCIIPunctuation(characters[index + 1]):
                result += HTMLText.escape(String(characters[index + 1]))
                index += 2
            case "*" where index + 1 < characters.count && characters[index + 1] == "*":
                result += strong ? "</strong>" : "<strong>"
                strong.toggle()
                index += 2
            case "*":
                result += emphasis ? "</em>" : "<em>"
                emphasis.toggle()
                index += 1
            case "`":
                // A code span: everything up to the next backtick, literally (no escapes inside).
                guard let end = characters[(index + 1)...].firstIndex(of: "`") else {
                    result += "`"
                    index += 1
                    break
                }
                result += "<code>" + HTMLText.escape(String(characters[(index + 1)..<end])) + "</code>"
                index = end + 1
            case "[":
                guard let (label, target, end) = Self.link(in: characters, at: index) else {
                    result += "["
                    index += 1
                    break
                }
                result += "<a href=\"\(HTMLText.escape(link(target)))\">" + html(label) + "</a>"
                index = end
            default:
                result += HTMLText.escape(String(character))
                index += 1
            }
        }
        if emphasis { result += "</em>" }
        if strong { result += "</strong>" }
        return result
    }

    /// The text a reader sees of `markdown` (a paragraph): `plain`, with each link's text in place of the link.
    static func readerText(_ markdown: String) -> String {
        let characters = Array(markdown)
        var text = ""
        var index = 0
        while index < characters.count {
            if characters[index] == "\\", index + 1 < characters.count {
                text += String(characters[index...(index + 1)])
                index += 2
            } else if characters[index] == "[", let (label, _, end) = link(in: characters, at: index) {
                text += label
                index = end
            } else {
                text.append(characters[index])
                index += 1
            }
        }
        return plain(text)
    }

    /// The text of `markdown` without its markup (escapes resolved, `*` and backticks dropped), for attributes.
    static func plain(_ markdown: String) -> String {
        var result = ""
        var escaped = false
        for character in markdown {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character != "*" && character != "`" {
                result.append(character)
            }
        }
        return result
    }

    /// CommonMark's escapable characters.
    static func isASCIIPunctuation(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (33...47).contains(ascii) || (58...64).contains(ascii) || (91...96).contains(ascii)
            || (123...126).contains(ascii)
    }

    /// `[label](target)` starting at `start`: the label (still Markdown), the target and the index
    /// after the closing parenthesis. Escaped brackets inside the label are skipped.
    static func link(in characters: [Character], at start: Int) -> (String, String, Int)? {
        var index = start + 1
        while index < characters.count, characters[index] != "]" {
            index += characters[index] == "\\" ? 2 : 1
        }
        guard index + 1 < characters.count, characters[index + 1] == "(",
            let close = characters[(index + 2)...].firstIndex(of: ")")
        else { return nil }
        return (String(characters[(start + 1)..<index]), unescaped(characters[(index + 2)..<close]), close + 1)
    }

    /// A link target with its backslash escapes and `&amp;` resolved, as CommonMark reads one (tally's targets hold
    /// no other entity: `WebAddress.markdownTarget` writes `&` as `&amp;`, file names are percent-encoded).
    static func unescaped(_ target: ArraySlice<Character>) -> String {
        var result = ""
        var index = target.startIndex
        while index < target.endIndex {
            if target[index] == "\\", index + 1 < target.endIndex, isASCIIPunctuation(target[index + 1]) {
                index += 1
            }
            result.append(target[index])
            index += 1
        }
        return result.replacingAll("&amp;", with: "&")
    }
}
