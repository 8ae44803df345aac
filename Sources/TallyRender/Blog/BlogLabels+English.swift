extension BlogLabels {
    /// English.
    package static let english = BlogLabels(
        voters: "Voters", thousandsSeparator: ",",
        briefSettings: { zone, cutoff, named, asOf, through, hash in
            var parts = [zone]
            if let cutoff { parts.append("voters whose first vote is before \(cutoff) left out as test data") }
            if named > 0 { parts.append("\(plural(named, "voter")) left out by name") }
            if let through { parts.append("votes through \(through)") }
            parts.append("as of \(asOf)")
            if let hash { parts.append("data fingerprint `\(hash)`") }
            return "Settings: " + parts.joined(separator: "; ") + "."
        },
        noteReference: { id in "note \(id)" },
        noRankingChart: { section in "No chart for “\(section)”: nobody has voted in it yet." },
        noDailyChart: "No daily chart: no votes were counted yet.",
        noDailyChartThisWeek: "No daily chart: no votes were counted this week.",
        dailyChartTitle: "Counted votes per day",
        rankingChartTitle: { section in "\(section) — voters per option" },
        fullTable: { section in "\(section) — full table" },
        titled: { title, page in "\(title) — \(page)" },
        shareFooter: { voters, until in "\(plural(voters, "voter")) · \(until)" },
        shareNoVotes: "No votes yet",
        shareTie: { options in "Tied for first: \(options) options" },
        documentTitle: { title, asOf in "\(title) (as of \(asOf))" },
        internalNotice: "> **Internal page.** It lists voter ids and moderators' names, for moderators only: "
            + "do not publish it (run without `--internal` for the public page).",
        excludedWhen: { from, to in
            from == to ? "Their first vote came at \(from)." : "Their first votes came between \(from) and \(to)."
        },
        withheldSession: "(id withheld)",
        countedHeading: "How this was counted",
        votingRule: { votes in
            "Each voter had up to \(votes == 3 ? "three" : String(votes)) vote\(votes == 1 ? "" : "s") and could "
                + "give more than one to the same option; the ranking counts people, not votes, so the shares add up "
                + "to more than 100%."
        })
}
