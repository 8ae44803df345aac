import TallyCore

extension ReportLabels {
    /// English.
    package static let english = ReportLabels(
        title: "Vote tally",
        headline: { voters, votes, allVoters, allVotes in
            var text = "**Counted: \(plural(voters, "voter")), \(plural(votes, "vote")).**"
            if let allVoters, let allVotes {
                text +=
                    " Left out as test data: \(plural(allVoters - voters, "voter")), "
                    + "\(plural(allVotes - votes, "vote"))."
            }
            return text
        },
        noVotes: "There are no votes yet.",
        asOf: { time, zone in "As of \(time) (\(zone))." },
        smallSample: { voters in
            "**Small sample:** with only \(plural(voters, "voter")) counted, read these numbers as a direction, "
                + "not a conclusion."
        },
        intervals: "Each share comes with its 95% range (Wilson): where the true share most likely lies.",
        sectionHeading: { section in
            let known = ["original": "original options", "community": "community options (from approved notes)"]
            return "Ranking: " + (known[section] ?? section)
        },
        unknownSectionHeading: { section in "Ranking: section \(section) (not a section the vote page knows)" },
        leaders: { names, voters in
            names.count == 1
                ? "\(names[0]) leads with \(plural(voters, "voter"))."
                : "Tied for first with \(plural(voters, "voter")) each: \(englishList(names))."
        },
        sameLeadersWithExcluded: "Counting the test data too, the top is the same.",
        otherLeadersWithExcluded: { names, voters in
            "Counting the test data too, \(englishList(names)) would be first with "
                + "\(plural(voters, "voter"))\(names.count > 1 ? " each" : "")."
        },
        noVotesInSection: "No votes in this section yet.",
        rank: "Rank", option: "Option", sessions: "Voters", votes: "Votes", share: "Share",
        range: "95% range", againstLeader: "Against the leader",
        standing: { standing in
            switch standing {
            case .leader: return "leader"
            case .notDistinguishable: return "can't tell apart"
            case .probablyBehind: return "probably behind"
            case .behind: return "behind"
            }
        },
        exclusionsHeading: "Voters left out",
        cutoffRule: { time in
            "Voters whose first vote is before \(time) are left out with all their votes, not just the early ones."
        },
        namedRule: { count in "\(plural(count, "voter")) left out by name." },
        excludedTotals: { sessions, votes in
            "Left out: \(plural(sessions, "voter")), \(plural(votes, "vote")). Nothing is deleted; without the "
                + "exclusion they would be counted."
        },
        nothingExcluded: "Nobody is left out.",
        listedFirst: { listed, total in "Listed: the first \(listed) of \(total), by first vote." },
        session: "Voter id", firstVote: "First vote", reason: "Reason",
        reasonCutoff: "first vote before the cutoff", reasonNamed: "excluded by name",
        reasonNotInData: "not in the data",
        activityHeading: { zone in "Votes by day (\(zone))" },
        firstCountedVote: "First counted vote", lastCountedVote: "Last counted vote", asOfLabel: "As of",
        sinceLastVote: { duration, days, from, to in
            var text = "\(duration) since the last vote"
            if days == 1, let from {
                text += "; no votes on \(from)"
            } else if days > 1, let from, let to {
                text += "; no votes from \(from) to \(to)"
            }
            return text + "."
        },
        longestGap: "Longest quiet gap",
        gapText: { duration, from, to, ongoing in
            ongoing
                ? "\(duration), from \(from) to the as-of time (no vote since)"
                : "\(duration), from \(from) to \(to)"
        },
        noCountedVotes: "No counted votes yet.",
        day: "Day", onlyDaysWithVotes: "Only days with votes are listed.",
        votesWithoutDay: { votes in
            "\(plural(votes, "vote")) whose time cannot be read \(votes == 1 ? "is" : "are") counted but "
                + "\(votes == 1 ? "has" : "have") no day."
        },
        usageHeading: "How votes were used",
        votesUsed: "Votes used", stackedColumn: "2+ on one option",
        stackingSentence: { stacking, sessions in
            "\(stacking) of \(plural(sessions, "voter")) put two or more of their votes on one option."
        },
        suggestionsHeading: "Suggestions (sticky notes)",
        status: "Status", notes: "Notes", promotedColumn: "Promoted to options",
        statusName: { ["pending": "pending", "approved": "approved", "rejected": "rejected"][$0] },
        noNotes: "No notes.",
        approvedSummary: { notes, sessions, largest in
            if notes == 2 && sessions == 1 { return "Two approved notes, both by one author." }
            if sessions == 1 { return "\(plural(notes, "approved note")), all by one author." }
            var text = "\(plural(notes, "approved note")) by \(plural(sessions, "author"))"
            if largest > 1 { text += "; one author wrote \(largest) of them" }
            return text + "."
        },
        noApproved: "No approved notes.",
        moderationRecordUnavailable: "This database has no moderation record, so which note became which option "
            + "cannot be shown.",
        note: "Note", becameOption: "Became option",
        promotedHeading: "Promoted options", votableSince: "Votable since",
        promotedWithoutVotes: "The promoted options have no votes yet.",
        missingOption: "(no such option)", noSession: "(no voter recorded)",
        anomaliesHeading: "Data checks",
        anomaliesNone: { checked in "Nothing found. Checked: \(checked.joined(separator: "; "))." },
        anomaliesNoneBrief: "The data checks (for example, for voters over the vote limit or votes for options that "
            + "do not exist) found nothing wrong.",
        anomaliesIntro: "Flagged rows stay in every count unless their voters are left out.",
        kind: "Kind", count: "Count", examples: "First examples",
        anomalyName: { kind, budget in
            switch kind {
            case .overBudget: return "voters with more than \(plural(budget, "vote"))"
            case .unknownOption: return "votes for options that do not exist"
            case .voteBeforeOption: return "votes cast before their option existed"
            case .futureVote: return "votes dated after the as-of time"
            case .unreadableVoteTime: return "vote times that cannot be read"
            case .nonD1VoteTime: return "vote times not in D1's form (normalised before comparing)"
            case .nonTextSessionID: return "votes whose voter id is not plain text"
            case .unreadableOptionTime: return "option times that cannot be read"
            case .unknownSection: return "options in a section the vote page does not know"
            case .unknownStatus: return "notes with a status moderation does not know"
            }
        },
        exampleVote: { id, session, option in
            var parts: [String] = []
            if let session { parts.append("voter \(session)") }
            if let option { parts.append("option \(option)") }
            return "vote \(id)" + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
        },
        exampleSession: { session, votes in "voter \(session): \(plural(votes, "vote"))" },
        exampleOption: { id in "option \(id)" },
        exampleNote: { id in "note \(id)" },
        settingsHeading: "Settings",
        setting: "Setting", value: "Value",
        zoneSetting: "Time zone", cutoffSetting: "Leave out voters whose first vote is before",
        namedSetting: "Voters left out by name", asOfSetting: "As of",
        throughSetting: "Count votes cast until", budgetSetting: "Votes per voter",
        none: "none", allVotes: "all votes",
        fingerprintHeading: "Data fingerprint",
        fingerprintIntro:
            "Which data this report was made from: the rows it read (votes and options up to the time counted "
            + "until, notes as they stood then), the highest id in each table, the latest stored time, and a SHA-256 "
            + "over those rows. The same data always gives the same fingerprint; other data gives a different one.",
        tableColumn: "Table", rowsColumn: "Rows", highestIDColumn: "Highest id",
        latestTime: "Latest stored time",
        sha256Label: { scheme in "SHA-256 (`\(scheme)`)" },
        sha256NotOnD1:
            "not available: this report was made from results computed on D1, which cannot compute a SHA-256; "
            + "the rows, highest ids and latest time above were counted there",
        units: Units(
            days: { plural($0, "day") }, hours: { plural($0, "hour") }, minutes: { plural($0, "minute") },
            seconds: { plural($0, "second") }),
        sentenceGap: " ", colon: ": ",
        zoneName: { ReportLanguage.english.zoneName($0) },
        quote: { "“\($0)”" },
        list: { englishList($0) },
        blog: .english)
}

/// `1 voter`, `15 voters`, `207,601 voters`.
func plural(_ count: Int, _ noun: String) -> String {
    let number = NumberText.grouped(Int64(count), separator: BlogLabels.english.thousandsSeparator)
    return "\(number) \(noun)\(count == 1 ? "" : "s")"
}

/// `A`, `A and B`, `A, B and C`.
func englishList(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
}
