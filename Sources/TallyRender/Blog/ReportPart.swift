/// A part of the report that `--only` can pick. The order of the cases is the order
/// of the document; a new part (a new figure of the model) is a new case here and one
/// function per renderer, so parts can be added without touching the others.
package enum ReportPart: String, Sendable, CaseIterable, Equatable {
    /// Counted voters and votes, the as-of time and what the ranges mean.
    case headline
    /// One ranking table per section.
    case ranking
    /// The exclusion ledger.
    case exclusions
    /// When the votes came, per day.
    case activity
    /// How sessions used their votes.
    case usage
    /// The sticky notes and the options promoted from them.
    case notes
    /// Anything odd in the data.
    case anomalies
    /// The parameters the report was made with.
    case settings
    /// Which data the report was made from.
    case fingerprint
}

/// Which parts a report shows, and whether the settings and fingerprint shrink to one line
/// (`--brief`). Parsed once at the edge from `--only` and `--brief`.
package struct ReportSelection: Sendable, Equatable {
    /// The parts shown, in document order.
    package let parts: [ReportPart]
    /// True for `--brief`: the settings and the fingerprint as one short line under the ranking.
    package let brief: Bool
    /// The folder of `--charts`, relative to the page, when the ranking is followed by its charts; nil for none.
    package var chartsFolder: String?
    /// True for `--png`: the Markdown links each chart's PNG instead of its SVG (the HTML still draws the SVG inline).
    package var chartsAsPNG = false
    /// True for HTML: each section's ranking table has every column (the page folds its rows into cards on a
    /// phone). Markdown keeps the ranking narrow (rank, option, voters, share) so it reads in a phone's column,
    /// and the full report gives the full tables under "How this was counted".
    package var fullRanking = false

    /// Every part, in full: the default report.
    package static let all = ReportSelection(parts: ReportPart.allCases, brief: false)
    /// `--brief`: the headline, the ranking and one line of settings with a short fingerprint.
    package static let briefing = ReportSelection(parts: [.headline, .ranking], brief: true)

    /// The given parts in document order, each once.
    package init(parts: [ReportPart], brief: Bool = false, chartsFolder: String? = nil) {
        self.parts = ReportPart.allCases.filter(parts.contains)
        self.brief = brief
        self.chartsFolder = chartsFolder
    }

    package func shows(_ part: ReportPart) -> Bool { parts.contains(part) }

    /// True when every part is shown (no `--only`): only then does the page carry what no part names, the as-of
    /// time, what the ranges and chances mean and the full tables; `--only` parts mean only those.
    package var isWhole: Bool { parts == ReportPart.allCases }

    /// True when only the ranking is shown (a plain one-table CSV).
    package var isRankingOnly: Bool { parts == [.ranking] && !brief }

    /// The same parts, with the charts linked from `folder` (relative to the page).
    package func withCharts(in folder: String, png: Bool = false) -> ReportSelection {
        var selection = self
        selection.chartsFolder = folder
        selection.chartsAsPNG = png
        return selection
    }

    /// The same parts, with every ranking table in full (HTML).
    package var withFullRanking: ReportSelection {
        var selection = self
        selection.fullRanking = true
        return selection
    }

    /// Parses an `--only` list such as `headline, ranking` (commas, spaces ignored around names).
    /// Throws with the unknown name and the accepted ones.
    package static func parse(only text: String) throws(ReportSelectionError) -> ReportSelection {
        var parts: [ReportPart] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = piece.trimming(" ")
            guard let part = ReportPart(rawValue: name) else {
                throw name.isEmpty ? .emptyName(text) : .unknownPart(name)
            }
            parts.append(part)
        }
        return ReportSelection(parts: parts)
    }
}

/// A bad `--only` list.
package enum ReportSelectionError: Error, Equatable, CustomStringConvertible {
    /// A name that is not a part.
    case unknownPart(String)
    /// An empty name (`ranking,,notes` or an empty list).
    case emptyName(String)

    /// The accepted names, comma-separated.
    package static var accepted: String { ReportPart.allCases.map(\.rawValue).joined(separator: ", ") }

    package var description: String {
        switch self {
        case .unknownPart(let name):
            return "--only: \"\(name)\" is not a part of the report; use a comma list of: \(Self.accepted)"
        case .emptyName(let text):
            return "--only: \"\(text)\" has an empty part name; use a comma list of: \(Self.accepted)"
        }
    }
}
