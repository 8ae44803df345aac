import TallyCore

extension WeeklyLabels {
    /// English.
    package static let english = WeeklyLabels(
        weekTitle: { number, first, last in "Week \(number): \(first) to \(last)" },
        weekSpan: { number, start, end, zone in
            "Week \(number) runs from \(start) to \(end) (\(zone)). This page counts every vote cast before "
                + "the week ended and is as of that moment, so running it again later gives the same page."
        },
        thisWeekHeading: "This week",
        thisWeek: { votes, newVoters in
            votes == 0 && newVoters == 0
                ? "No counted votes this week."
                : "**\(plural(votes, "counted vote")) this week; \(plural(newVoters, "new voter")).**"
        },
        excludedThisWeek: { votes, sessions in
            "Test data added \(plural(votes, "vote")) this week, not counted (\(plural(sessions, "new voter")))."
        },
        changesHeading: { previous in previous.map { "Changes since week \($0)" } ?? "Changes since launch" },
        votersChange: { before, after in
            "Counted voters: \(grouped(before)) → \(grouped(after)) "
                + "(\(after == before ? "no change" : signed(after - before)))"
        },
        votesChange: { before, after in
            "Counted votes: \(grouped(before)) → \(grouped(after)) "
                + "(\(after == before ? "no change" : signed(after - before)))"
        },
        optionsAdded: { options in
            options.isEmpty
                ? "Options added: none" : "Options added: \(englishList(options.map { "\($0.name) (#\($0.id))" }))"
        },
        decisionsHeading: "Notes decided this week",
        noDecisions: "No notes were decided this week.",
        decisionsUnavailable: "Not available: this database has no moderation history (only the vote page's "
            + "own tables).",
        rejectedWithoutText: "Rejected notes are listed by number only; their text is not repeated here.",
        whenColumn: "When", noteColumn: "Note", decisionColumn: "Decision",
        decision: { action, option in
            switch action {
            case "approve": return "approved"
            case "reject": return "rejected"
            case "reopen": return "reopened"
            case "promote": return option.map { "promoted to option #\($0)" } ?? "promoted"
            default: return "recorded as \(action)"
            }
        },
        movesHeading: { heading in "Moves — \(heading.replacingOccurrences(of: "Ranking: ", with: ""))" },
        noEarlierRanking:
            "Nobody had voted in this section before this week, so there are no earlier places to compare.",
        votersGainedColumn: "New this week", moveColumn: "Places",
        move: { places in
            guard let places else { return "new" }
            return places > 0 ? "▲ \(places)" : places < 0 ? "▼ \(-places)" : "="
        },
        rankingChartTitle: { heading, week in "\(heading) — week \(week)" },
        rankingChartDescription: { counted, until, options in
            let items = options.map { option in
                "\(option.name): \(plural(option.voters, "voter")) (95% range \(option.low) to \(option.high))"
            }
            return "Voters per option, of \(plural(counted, "counted voter")), counting votes cast until "
                + "\(until). The thin line across each bar shows where its count would likely fall if a similar crowd "
                + "voted again (its 95% range). " + items.joined(separator: "; ") + "."
        },
        rankingAxis: { counted in
            ["voters (of \(grouped(counted)))", "thin line: the likely count if a similar crowd voted again"]
        },
        dailyChartTitle: { week in "Counted votes per day — week \(week)" },
        dailyChartDescription: { zone, days in
            "Counted votes per day (\(zone)): "
                + days.map { "\($0.date): \($0.votes)" }.joined(separator: "; ") + "."
        },
        dailyAxis: "votes",
        dayLabel: { month, day, weekday in
            ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][weekday] + " \(pad2(month))-\(pad2(day))"
        },
        zoneName: { ReportLanguage.english.zoneName($0) },
        indexTitle: "Weekly tallies",
        indexIntro: { launch, zone in
            "Week 1 starts at midnight (\(zone)) on the launch date, \(launch); every week is seven days. "
                + "Each week's page counts every vote cast before the week ended, with charts and a data fingerprint."
        },
        indexLine: { title, link, voters, votes, newVoters, weekVotes in
            "- [\(title)](\(link)): \(plural(voters, "voter")), \(plural(votes, "vote")) in all; this week "
                + "\(signed(newVoters)) voters, \(signed(weekVotes)) votes"
        })
}

/// `+3`, `0`, `-2`.
func signed(_ value: Int) -> String {
    let grouped = ReportLanguage.english.number(value)
    return value > 0 ? "+" + grouped : grouped
}

/// `207,601`: a count for readers.
func grouped(_ value: Int) -> String {
    ReportLanguage.english.number(value)
}

/// `09`.
func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
