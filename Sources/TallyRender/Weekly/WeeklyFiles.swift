import TallyCore

/// The names of a week's files in the reports folder. Charts are named after the
/// section when the vote page knows it (`original`, `community`) and by position
/// otherwise, so a section's name never becomes part of a path.
package enum WeeklyFiles {
    /// The index of all weeks.
    package static let index = "index.md"

    /// `week-01`: two digits, more once there are 100 weeks.
    package static func stem(_ week: Int) -> String {
        week < 10 ? "week-0\(week)" : "week-\(week)"
    }

    /// `week-01.md`.
    package static func markdown(_ week: Int) -> String { stem(week) + ".md" }

    /// `week-01.html`.
    package static func html(_ week: Int) -> String { stem(week) + ".html" }

    package static let htmlIndex = "index.html"

    /// A link between weekly pages, pointing at the HTML page instead of the Markdown one. An absolute URL (the vote
    /// page's) is kept: the folder's own links are percent-encoded names, which never hold a `:`.
    @Sendable package static func htmlLink(_ target: String) -> String {
        target.hasSuffix(".md") && !target.contains(":") ? String(target.dropLast(3)) + ".html" : target
    }

    /// `week-01.json`.
    package static func json(_ week: Int) -> String { stem(week) + ".json" }

    /// `week-01-daily.svg`.
    package static func dailyChart(_ week: Int) -> String { stem(week) + "-daily.svg" }

    /// `week-01-ranking-original.svg`, or `week-01-ranking-3.svg` for the third section when its name is not known.
    package static func rankingChart(_ week: Int, section: ReportModel.Section, position: Int) -> String {
        stem(week) + "-ranking-" + (section.isKnown ? section.name : String(position)) + ".svg"
    }
}
