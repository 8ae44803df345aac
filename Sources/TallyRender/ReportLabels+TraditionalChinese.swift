import TallyCore

extension ReportLabels {
    /// Traditional Chinese as written in Taiwan.
    package static let traditionalChinese = ReportLabels(
        title: "投票統計",
        headline: { voters, votes, allVoters, allVotes in
            var text = "**計入 \(n(voters)) 人、\(n(votes)) 票**。"
            if let allVoters, let allVotes {
                text += "另有 \(n(allVoters - voters)) 人、\(n(allVotes - votes)) 票屬於測試資料，沒有計入。"
            }
            return text
        },
        noVotes: "目前還沒有任何投票。",
        asOf: { time, zone in "統計時間：\(time)（\(zone)）。" },
        smallSample: { voters in
            "**樣本很小**：只計入 \(n(voters)) 人，這些數字只能看出方向，不足以下結論。"
        },
        intervals: "每個比例旁的 95% 範圍（Wilson 法），是真正的比例多半會落在的地方。",
        sectionHeading: { section in
            "排名：" + (["original": "原本的選項", "community": "網友提議的選項（來自通過的便利貼）"][section] ?? section)
        },
        unknownSectionHeading: { section in "排名：\(section) 區塊（投票頁面沒有這個區塊）" },
        leaders: { names, voters in
            names.count == 1
                ? "\(names[0])領先，有 \(n(voters)) 人選。"
                : "\(chineseList(names))並列第一，各有 \(n(voters)) 人選。"
        },
        sameLeadersWithExcluded: "若把排除的測試資料也算進來，第一名不變。",
        otherLeadersWithExcluded: { names, voters in
            "若把排除的測試資料也算進來，第一名會是\(chineseList(names))（\(names.count > 1 ? "各 " : "")\(n(voters)) 人）。"
        },
        noVotesInSection: "這個區塊還沒有人投票。",
        rank: "名次", option: "選項", sessions: "人數", votes: "票數", share: "比例",
        range: "95% 範圍", againstLeader: "與第一名相比",
        standing: { standing in
            switch standing {
            case .leader: return "第一名"
            case .notDistinguishable: return "分不出高下"
            case .probablyBehind: return "可能落後"
            case .behind: return "落後"
            }
        },
        exclusionsHeading: "沒有計入的投票者",
        cutoffRule: { time in "第一票早於 \(time) 的人，所有的票都不計入，不只是較早的那幾票。" },
        namedRule: { count in "另外指名排除 \(n(count)) 人。" },
        excludedTotals: { sessions, votes in
            "共排除 \(n(sessions)) 人、\(n(votes)) 票。這些票都還在資料庫裡，沒有刪除；不排除的話就會算進來。"
        },
        nothingExcluded: "沒有排除任何人。",
        listedFirst: { listed, total in "依第一票時間列出前 \(n(listed)) 人，共 \(n(total)) 人。" },
        session: "投票者代號", firstVote: "第一票", reason: "原因",
        reasonCutoff: "第一票早於排除時間", reasonNamed: "指名排除", reasonNotInData: "資料中沒有這個投票者",
        activityHeading: { zone in "每天的投票（\(zone)）" },
        firstCountedVote: "計入的第一票", lastCountedVote: "計入的最後一票", asOfLabel: "統計時間",
        sinceLastVote: { duration, days, from, to in
            var text = "距離最後一票已經 \(duration)"
            if days == 1, let from {
                text += "；\(from) 那天沒有人投票"
            } else if days > 1, let from, let to {
                text += "；\(from) 到 \(to) 每天都沒有人投票"
            }
            return text + "。"
        },
        longestGap: "最長的空窗期",
        gapText: { duration, from, to, ongoing in
            ongoing ? "\(duration)，從 \(from) 到統計時間（之後沒有再投票）" : "\(duration)，從 \(from) 到 \(to)"
        },
        noCountedVotes: "還沒有計入的票。",
        day: "日期", onlyDaysWithVotes: "只列出有人投票的日子。",
        votesWithoutDay: { votes in "有 \(n(votes)) 票讀不出時間：已計入總數，但不屬於任何一天。" },
        usageHeading: "票怎麼投",
        votesUsed: "用了幾票", stackedColumn: "同一選項投 2 票以上",
        stackingSentence: { stacking, sessions in "\(n(sessions)) 人中，有 \(n(stacking)) 人把兩票以上投給同一個選項。" },
        suggestionsHeading: "便利貼（網友的建議）",
        status: "狀態", notes: "則數", promotedColumn: "已升為選項",
        statusName: { ["pending": "待審", "approved": "已通過", "rejected": "已退回"][$0] },
        noNotes: "沒有便利貼。",
        approvedSummary: { notes, sessions, largest in
            if notes == 2 && sessions == 1 { return "通過的兩則便利貼，都是同一個人寫的。" }
            if sessions == 1 { return "通過的 \(n(notes)) 則便利貼，全都是同一個人寫的。" }
            var text = "通過的 \(n(notes)) 則便利貼，由 \(n(sessions)) 個人寫的"
            if largest > 1 { text += "；其中一人寫了 \(n(largest)) 則" }
            return text + "。"
        },
        noApproved: "還沒有通過的便利貼。",
        moderationRecordUnavailable: "這個資料庫沒有審核紀錄，所以無法列出哪則便利貼升成了哪個選項。",
        note: "便利貼", becameOption: "升為選項",
        promotedHeading: "便利貼升成的選項", votableSince: "開放投票時間",
        promotedWithoutVotes: "這些選項目前還沒有人投票。",
        missingOption: "（找不到這個選項）", noSession: "（沒有記錄投票者）",
        anomaliesHeading: "資料檢查",
        anomaliesNone: { checked in "沒有發現異常。檢查了：\(checked.joined(separator: "、"))。" },
        anomaliesNoneBrief: "資料檢查（例如有沒有人投超過票數上限、有沒有投給不存在的選項）沒有發現異常。",
        anomaliesIntro: "這些資料仍然計入所有數字，除非把投下這些票的人排除。",
        kind: "類型", count: "數量", examples: "前幾個例子",
        anomalyName: { kind, budget in
            switch kind {
            case .overBudget: return "投了超過 \(budget) 票的人"
            case .unknownOption: return "投給不存在選項的票"
            case .voteBeforeOption: return "在選項建立之前投下的票"
            case .futureVote: return "時間晚於統計截止時間的票"
            case .unreadableVoteTime: return "讀不出時間的票"
            case .nonD1VoteTime: return "不是 D1 格式的投票時間（比較前已統一換算）"
            case .nonTextSessionID: return "投票者代號不是純文字的票"
            case .unreadableOptionTime: return "讀不出建立時間的選項"
            case .unknownSection: return "在投票頁面不認得的區塊裡的選項"
            case .unknownStatus: return "審核流程不認得的便利貼狀態"
            }
        },
        exampleVote: { id, session, option in
            var parts: [String] = []
            if let session { parts.append("投票者 \(session)") }
            if let option { parts.append("選項 \(option)") }
            return "第 \(id) 票" + (parts.isEmpty ? "" : "（\(parts.joined(separator: "，"))）")
        },
        exampleSession: { session, votes in "投票者 \(session)：\(n(votes)) 票" },
        exampleOption: { id in "選項 \(id)" },
        exampleNote: { id in "便利貼 \(id)" },
        settingsHeading: "設定",
        setting: "設定", value: "值",
        zoneSetting: "時區", cutoffSetting: "第一票早於這個時間的人不計入",
        namedSetting: "指名不計入的投票者", asOfSetting: "統計時間",
        throughSetting: "只計入這個時間以前的票", budgetSetting: "每人最多幾票",
        none: "無", allVotes: "全部的票",
        fingerprintHeading: "資料指紋",
        fingerprintIntro:
            "這份報告用了哪些資料：讀到的資料列數（統計截止前的票和選項，以及當時的便利貼）、每個資料表最大的編號、"
            + "最晚的儲存時間，以及從這些資料算出的 SHA-256。資料一樣，指紋就一樣；資料不同，指紋就不同。",
        tableColumn: "資料表", rowsColumn: "列數", highestIDColumn: "最大編號",
        latestTime: "最晚的儲存時間",
        sha256Label: { scheme in "SHA-256（`\(scheme)`）" },
        sha256NotOnD1:
            "無法提供：這份報告是用 D1 上算好的結果做的，而 D1 不能計算 SHA-256；上面的列數、最大編號和最晚的儲存時間"
            + "都是在 D1 上算的。",
        units: Units(
            days: { "\(n($0)) 天" }, hours: { "\($0) 小時" }, minutes: { "\($0) 分鐘" }, seconds: { "\($0) 秒" }),
        sentenceGap: "", colon: "：",
        zoneName: { ReportLanguage.traditionalChinese.zoneName($0) },
        quote: { "「\($0)」" },
        list: { chineseList($0) },
        blog: .traditionalChinese)
}

/// `A`, `A和B`, `A、B和C` (the items are quoted 「…」, so no spaces are needed).
func chineseList(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: "、") + "和" + items.last!
}

/// A count with Taiwan's digit grouping: `207,601`.
private func n(_ count: Int) -> String {
    BlogLabels.traditionalChinese.number(count)
}
