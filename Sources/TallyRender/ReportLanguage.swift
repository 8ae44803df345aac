/// The languages a report's Markdown can be written in.
public enum ReportLanguage: String, Sendable, CaseIterable {
    /// English (`--lang en`).
    case english = "en"
    /// Traditional Chinese as written in Taiwan (`--lang zh-TW`).
    case traditionalChinese = "zh-TW"

    /// Every label and sentence in this language.
    public var labels: ReportLabels {
        switch self {
        case .english: return .english
        case .traditionalChinese: return .traditionalChinese
        }
    }
}
