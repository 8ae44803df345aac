/// The languages a report's Markdown can be written in.
package enum ReportLanguage: String, Sendable, CaseIterable {
    /// English (`--lang en`).
    case english = "en"
    /// Traditional Chinese as written in Taiwan (`--lang zh-TW`).
    case traditionalChinese = "zh-TW"

    /// Every label and sentence in this language.
    package var labels: ReportLabels {
        switch self {
        case .english: return .english
        case .traditionalChinese: return .traditionalChinese
        }
    }
}
