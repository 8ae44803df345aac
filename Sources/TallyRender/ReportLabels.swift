import TallyCore

/// The languages a report's Markdown can be written in.
public enum ReportLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case traditionalChinese = "zh-TW"

    /// Every label and sentence in this language.
    public var labels: ReportLabels {
        switch self {
        case .english: return .english
        case .traditionalChinese: return .traditionalChinese
        }
    }
}

/// Every word a Markdown report shows, in one language. Sentences are functions
/// of already formatted pieces (numbers, escaped user text, times), so each
/// language orders them its own way. Counts are "sessions" in table columns and
/// "voters" in prose: a cleared cookie is a new session, and the tables say what
/// the data holds.
public struct ReportLabels: Sendable {
    /// Units of a duration.
    public struct Units: Sendable {
        public let days: @Sendable (Int) -> String
        public let hours: @Sendable (Int) -> String
        public let minutes: @Sendable (Int) -> String
        public let seconds: @Sendable (Int) -> String
    }

    public let title: String
    /// Counted voters and votes, then (when something is excluded) with excluded sessions.
    public let headline: @Sendable (_ voters: Int, _ votes: Int, _ allVoters: Int?, _ allVotes: Int?) -> String
    public let noVotes: String
    public let asOf: @Sendable (_ time: String, _ zone: String) -> String
    public let smallSample: @Sendable (_ voters: Int) -> String
    public let intervals: String

    public let sectionHeading: @Sendable (_ section: String) -> String
    public let unknownSectionHeading: @Sendable (_ section: String) -> String
    public let leaders: @Sendable (_ names: [String], _ voters: Int) -> String
    public let sameLeadersWithExcluded: String
    public let otherLeadersWithExcluded: @Sendable (_ names: [String], _ voters: Int) -> String
    public let noVotesInSection: String
    public let rank: String
    public let option: String
    public let sessions: String
    public let votes: String
    public let share: String
    public let range: String
    public let againstLeader: String
    public let standing: @Sendable (ReportModel.Standing) -> String

    public let exclusionsHeading: String
    public let cutoffRule: @Sendable (_ time: String) -> String
    public let namedRule: @Sendable (_ count: Int) -> String
    public let excludedTotals: @Sendable (_ sessions: Int, _ votes: Int) -> String
    public let nothingExcluded: String
    public let listedFirst: @Sendable (_ listed: Int, _ total: Int) -> String
    public let session: String
    public let firstVote: String
    public let reason: String
    public let reasonCutoff: String
    public let reasonNamed: String
    public let reasonNotInData: String

    public let activityHeading: @Sendable (_ zone: String) -> String
    public let firstCountedVote: String
    public let lastCountedVote: String
    public let asOfLabel: String
    public let sinceLastVote: @Sendable (_ duration: String, _ quietDays: Int, _ from: String?, _ to: String?) -> String
    public let longestGap: String
    public let gapText: @Sendable (_ duration: String, _ from: String, _ to: String, _ ongoing: Bool) -> String
    public let noCountedVotes: String
    public let day: String
    public let onlyDaysWithVotes: String
    public let votesWithoutDay: @Sendable (_ votes: Int) -> String

    public let usageHeading: String
    public let votesUsed: String
    public let stackedColumn: String
    public let stackingSentence: @Sendable (_ stacking: Int, _ sessions: Int) -> String

    public let suggestionsHeading: String
    public let status: String
    public let notes: String
    public let promotedColumn: String
    public let statusName: @Sendable (String) -> String?
    public let noNotes: String
    public let approvedSummary: @Sendable (_ notes: Int, _ sessions: Int, _ largestGroup: Int) -> String
    public let noApproved: String
    public let note: String
    public let becameOption: String
    public let promotedHeading: String
    public let votableSince: String
    public let promotedWithoutVotes: String
    public let missingOption: String
    public let noSession: String

    public let anomaliesHeading: String
    public let anomaliesNone: @Sendable (_ checked: [String]) -> String
    public let anomaliesIntro: String
    public let kind: String
    public let count: String
    public let examples: String
    public let anomalyName: @Sendable (AnomalyKind, _ budget: Int) -> String
    public let exampleVote: @Sendable (_ id: Int64, _ session: String?, _ option: Int64?) -> String
    public let exampleSession: @Sendable (_ session: String, _ votes: Int) -> String
    public let exampleOption: @Sendable (_ id: Int64) -> String
    public let exampleNote: @Sendable (_ id: Int64) -> String

    public let settingsHeading: String
    public let setting: String
    public let value: String
    public let zoneSetting: String
    public let cutoffSetting: String
    public let namedSetting: String
    public let asOfSetting: String
    public let throughSetting: String
    public let budgetSetting: String
    public let none: String
    public let allVotes: String

    public let units: Units
    /// Between two sentences of one paragraph (a space in English, nothing in Chinese).
    public let sentenceGap: String
    /// After a label in a list item (": " or "：").
    public let colon: String
    /// How the language quotes user text in a sentence.
    public let quote: @Sendable (String) -> String
    /// How the language lists names: "A and B", "A, B and C".
    public let list: @Sendable ([String]) -> String
}
