/// The languages a report's Markdown can be written in.
package enum ReportLanguage: String, Sendable, CaseIterable {
    /// English (`--lang en`).
    case english = "en"
    /// Traditional Chinese as written in Taiwan (`--lang zh-TW`).
    case traditionalChinese = "zh-TW"

    /// Of two values, the one in this language: every per-language table is picked here.
    func pick<Value>(_ english: Value, _ traditionalChinese: Value) -> Value {
        switch self {
        case .english: return english
        case .traditionalChinese: return traditionalChinese
        }
    }

    /// The moderation page's words in this language.
    package var moderationLabels: ModerationPageLabels { ModerationPageLabels(language: self) }
    /// A time zone as this language's readers name it (台灣時間, Taiwan time), else its identifier, which is
    /// what a user types and what settings, CSV and JSON keep.
    package func zoneName(_ identifier: String) -> String {
        guard identifier == "Asia/Taipei" else { return identifier }
        return pick("Taiwan time", "台灣時間")
    }
    /// The language's name in itself, as a link to a page in it reads whatever the page's language.
    package var nativeName: String { pick("English", "繁體中文") }
    /// What precedes the links to the other languages' pages, in this language.
    var otherLanguagesLead: String { pick("Also in: ", "其他語言：") }
}
