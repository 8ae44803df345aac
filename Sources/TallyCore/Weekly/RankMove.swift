/// Where an option stands at a week's end, and where it stood a week before.
package struct RankMove: Sendable, Equatable {
    /// The option at the week's end (rank, voters, votes).
    package let option: ReportModel.RankedOption
    /// Its rank at the week's start; nil when the option did not exist yet.
    package let previousRank: Int?
    /// Its voters at the week's start; nil when the option did not exist yet.
    package let previousVoters: Int?

    /// Places gained (positive) or lost (negative) since the week's start; nil for a new option.
    package var placesGained: Int? { previousRank.map { $0 - option.rank } }

    /// Voters gained during the week (all of them for a new option).
    package var votersGained: Int { option.voters - (previousVoters ?? 0) }
}
