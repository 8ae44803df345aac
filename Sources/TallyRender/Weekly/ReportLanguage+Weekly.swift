extension ReportLanguage {
    /// The words of the weekly pages and charts in this language.
    package var weeklyLabels: WeeklyLabels {
        switch self {
        case .english: return .english
        case .traditionalChinese: return .traditionalChinese
        }
    }
}
