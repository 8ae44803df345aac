/// The `title` setting: one title for every language, or (in `tally.json`) one per language, since a title is
/// written, not translated.
package enum PageTitle: Sendable, Equatable {
    /// The same title heads every language's pages.
    case everyLanguage(String)
    /// Each language's own title; a language written must have one (the settings refuse a run that lacks it).
    case perLanguage([ReportLanguage: String])

    /// The title of `language`'s pages and images.
    package func text(in language: ReportLanguage) -> String? {
        switch self {
        case .everyLanguage(let text): text
        case .perLanguage(let titles): titles[language]
        }
    }
}
