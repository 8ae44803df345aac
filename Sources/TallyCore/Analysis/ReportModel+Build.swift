extension ReportModel {
    /// Derives the report from its figures: ranks, shares, intervals, leaders,
    /// filled days, groups. The same figures always give the same model.
    ///
    /// - Throws: `AnalysisError` when the as-of time is before the first or the last vote and
    ///   `parameters.futureVotes` is `.refused`.
    package init(figures: ReportFigures, parameters: ReportParameters) throws {
        let zone = parameters.zone
        if parameters.futureVotes == .refused, let first = figures.totals.firstVoteAll, parameters.asOf < first {
            throw AnalysisError.asOfBeforeFirstVote(asOf: parameters.asOf, firstVote: first, zone: zone)
        }
        if parameters.futureVotes == .refused, let last = figures.totals.lastVoteAll, parameters.asOf < last {
            throw AnalysisError.asOfBeforeLastVote(asOf: parameters.asOf, lastVote: last, zone: zone)
        }
        let counted = figures.totals.voters
        self.parameters = parameters
        self.totals = figures.totals
        self.isSmallSample = counted > 0 && counted < ReportModel.smallSampleThreshold
        var sections = ReportModel.rank(
            figures.options, countedVoters: counted, lastVote: figures.timeline.lastVote, choices: figures.choices)
        self.chanceModel = ReportModel.addUncertainty(&sections, figures: figures)
        self.sections = sections
        self.exclusions = figures.exclusions
        self.activity = ReportModel.activity(figures, parameters: parameters)
        self.concentration = ReportModel.concentration(figures.usage, budget: parameters.votesPerSession)
        let ranked = sections.flatMap(\.options)
        self.suggestions = ReportModel.suggestions(figures, options: ranked)
        self.anomalies = figures.anomalies
        self.fingerprint = figures.fingerprint
    }

    /// Ranks options per section by distinct voters (the mission's rule: competition ranking, 1, 1, 3, for equal
    /// voters, whenever the options were added), with shares and Wilson intervals over the counted voters who could
    /// choose each option, and marks the leaders: the options with the most voters. `addUncertainty` then adds the
    /// chances and standings, comparing options open for the same time over the same voters.
    /// Who could choose an option comes from the choice sets (`ChoicePattern.eligible`: the sessions whose
    /// last counted vote is at or after its creation); without them (figures put together by hand) every
    /// counted session could, except that an option created after `lastVote` (the last counted vote) could
    /// not yet be chosen by anybody. An option nobody could choose has no share, range, standing or chance
    /// (0 of 0 is not "unpopular", and a vote cast before it existed is not 1 of 1); a share is at most 100%
    /// (votes cast before their option existed count in its voters but in no one's denominator).
    static func rank(
        _ options: [ReportFigures.Option], countedVoters: Int, lastVote: Instant? = nil, choices: [ChoicePattern]? = nil
    ) -> [Section] {
        var names: [String] = []
        var bySection: [String: [ReportFigures.Option]] = [:]
        for option in options {
            if bySection[option.section] == nil { names.append(option.section) }
            bySection[option.section, default: []].append(option)
        }
        names.sort { a, b in
            let (ra, rb) = (Analyzer.sectionRank(a), Analyzer.sectionRank(b))
            return ra != rb ? ra < rb : bytesPrecede(a, b)
        }
        return names.map { name in
            let members = bySection[name]!.sorted(by: Analyzer.tallyOrder)
            let eligibleCounts: [Int]
            if let choices {
                eligibleCounts = ChoicePattern.eligible(members.map(\.id), patterns: choices)
            } else {
                eligibleCounts = members.map { option in
                    let notYet =
                        option.voters == 0 && countedVoters > 0
                        && lastVote.map { last in option.createdAt.map { $0 > last } ?? false } ?? false
                    return notYet ? 0 : countedVoters
                }
            }
            let unranked = zip(members, eligibleCounts).map { option, eligible -> RankedOption in
                let chosen = min(option.voters, eligible)
                let interval = eligible > 0 ? WilsonInterval(successes: chosen, trials: eligible) : nil
                return RankedOption(
                    row: option, rank: 0, eligible: eligible == countedVoters ? nil : eligible,
                    share: countedVoters > 0 && eligible > 0 ? Double(chosen) / Double(eligible) : nil,
                    interval: interval, standing: nil)
            }
            let ranked = ranks(unranked, countedVoters: countedVoters)
            let topAll = members.map(\.votersAll).max() ?? 0
            return Section(
                name: name, isKnown: Analyzer.knownSections.contains(name), options: ranked,
                leaders: ranked.filter { $0.rank == 1 && $0.voters > 0 },
                leadersAll: topAll > 0 ? ranked.filter { $0.votersAll == topAll } : [])
        }
    }

    /// Counted sessions that could choose the option (nil in `eligible` means every counted session).
    static func eligibleCount(_ option: RankedOption, _ countedVoters: Int) -> Int { option.eligible ?? countedVoters }

    /// Competition ranks of options already in order (most voters first): equal voters share a rank (they are next
    /// to each other), whenever the options were added; a section without votes has no leaders but ranks 1.
    static func ranks(_ ordered: [RankedOption], countedVoters: Int) -> [RankedOption] {
        var ranked = ordered
        for index in ranked.indices {
            let previous = index > 0 ? ranked[index - 1] : nil
            let tied = previous.map { $0.voters == ranked[index].voters } ?? false
            ranked[index].rank = tied ? previous!.rank : index + 1
            ranked[index].standing =
                ranked[index].rank == 1 && ranked[index].voters > 0 && countedVoters > 0 ? .leader : nil
        }
        return ranked
    }

    static func activity(_ figures: ReportFigures, parameters: ReportParameters) -> Activity {
        let zone = parameters.zone
        let timeline = figures.timeline
        var days = figures.days
        var continuous = true
        if let first = days.first, let last = days.last {
            let span = last.date.dayNumber - first.date.dayNumber + 1
            if span <= Int64(ReportModel.maximumFilledDays) {
                var filled: [ReportFigures.Day] = []
                var index = 0
                for number in first.date.dayNumber...last.date.dayNumber {
                    if index < days.count, days[index].date.dayNumber == number {
                        filled.append(days[index])
                        index += 1
                    } else {
                        filled.append(.init(date: CivilDateTime(utcSeconds: number * 86_400), votes: 0, voters: 0))
                    }
                }
                days = filled
            } else {
                continuous = false
            }
        }
        var quietDays: Int?
        // A last vote after the as-of time (`FutureVotes.flagged`) leaves no time "since" it.
        let since = timeline.lastVote.flatMap { $0 <= parameters.asOf ? parameters.asOf.millis - $0.millis : nil }
        if let last = timeline.lastVote, since != nil {
            quietDays = Int(zone.local(parameters.asOf).dayNumber - zone.local(last).dayNumber)
        }
        let gap = timeline.longestGap
        let ongoing =
            gap.map { gap in
                gap.end.seconds == parameters.asOf.seconds
                    && (timeline.lastVote.map { $0.seconds < parameters.asOf.seconds } ?? false)
            } ?? false
        return Activity(
            firstVote: timeline.firstVote, lastVote: timeline.lastVote, asOf: parameters.asOf,
            sinceLastVote: since, quietLocalDays: quietDays,
            longestGap: gap, gapIsOngoing: ongoing, days: days, daysAreContinuous: continuous)
    }

    static func concentration(_ usage: [ReportFigures.Usage], budget: Int) -> Concentration {
        var rows: [ReportFigures.Usage] = []
        let present = Dictionary(usage.map { ($0.votesUsed, $0) }, uniquingKeysWith: { a, _ in a })
        for used in 1...max(1, budget) {
            rows.append(present[used] ?? .init(votesUsed: used, sessions: 0, stackingSessions: 0))
        }
        rows += usage.filter { $0.votesUsed < 1 || $0.votesUsed > max(1, budget) }
        rows.sort { $0.votesUsed < $1.votesUsed }
        return Concentration(
            usage: rows, stackingSessions: usage.reduce(0) { $0 + $1.stackingSessions },
            sessions: usage.reduce(0) { $0 + $1.sessions })
    }

    static func suggestions(_ figures: ReportFigures, options: [RankedOption]) -> Suggestions {
        var groups: [AuthorGroup] = []
        for note in figures.approved {
            if let last = groups.indices.last, groups[last].session == note.session {
                groups[last] = AuthorGroup(session: note.session, notes: groups[last].notes + [note])
            } else {
                groups.append(AuthorGroup(session: note.session, notes: [note]))
            }
        }
        let promotions = figures.approved.compactMap { note -> Promotion? in
            guard let id = note.promotedOptionID else { return nil }
            return Promotion(note: note, option: options.first { $0.id == id })
        }
        return Suggestions(
            statuses: figures.statuses, approvedGroups: groups, promotions: promotions,
            moderationRecord: figures.moderationRecord)
    }
}
