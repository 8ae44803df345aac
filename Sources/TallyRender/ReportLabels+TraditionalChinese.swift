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
        asOf: { time, zone in "統計時間：\(time)。時間以 \(zone) 顯示。" },
        smallSample: { voters in
            "**樣本很小**：只計入 \(n(voters)) 人，這些數字只能看出方向，不足以下結論。"
        },
        intervals: "每個比例都附上 95% 區間（Wilson 法）；只有真正比第一名少人選的機率達 95% 以上時，選項才標為落後。",
        sectionHeading: { section in
            "排名：" + (["original": "原始選項", "community": "社群選項（來自通過審核的便利貼）"][section] ?? section)
        },
        unknownSectionHeading: { section in "排名：\(section) 區（投票頁面沒有這個區）" },
        leaders: { names, voters in
            names.count == 1
                ? "\(names[0])領先，有 \(n(voters)) 人。"
                : "\(chineseList(names))並列第一，各有 \(n(voters)) 人。"
        },
        sameLeadersWithExcluded: "若把排除的測試資料也算進來，第一名不變。",
        otherLeadersWithExcluded: { names, voters in
            "若把排除的測試資料也算進來，第一名會是\(chineseList(names))（\(names.count > 1 ? "各 " : "")\(n(voters)) 人）。"
        },
        noVotesInSection: "這一區還沒有人投票。",
        rank: "名次", option: "選項", sessions: "工作階段", votes: "票數", share: "比例",
        range: "95% 區間", againstLeader: "與第一名相比",
        standing: { standing in
            switch standing {
            case .leader: return "第一名"
            case .notDistinguishable: return "無法區分"
            case .behind: return "落後"
            }
        },
        exclusionsHeading: "排除的投票者",
        cutoffRule: { time in "第一票早於 \(time) 的人，所有的票都不計入，不只是較早的那幾票。" },
        namedRule: { count in "另外指名排除 \(n(count)) 人。" },
        excludedTotals: { sessions, votes in
            "共排除 \(n(sessions)) 人、\(n(votes)) 票。資料庫裡什麼都沒有刪除：拿掉排除條件重跑，就會把它們算進來。"
        },
        nothingExcluded: "沒有排除任何人。",
        listedFirst: { listed, total in "依第一票時間列出前 \(n(listed)) 個，共 \(n(total)) 個。" },
        session: "工作階段", firstVote: "第一票", reason: "原因",
        reasonCutoff: "第一票早於排除時間", reasonNamed: "指名排除", reasonNotInData: "資料中沒有這個工作階段",
        activityHeading: { zone in "投票時間（日期以 \(zone) 計）" },
        firstCountedVote: "第一張計入的票", lastCountedVote: "最後一張計入的票", asOfLabel: "統計時間",
        sinceLastVote: { duration, days, from, to in
            var text = "距離最後一票已經 \(duration)"
            if days == 1, let from {
                text += "；\(from) 沒有人投票"
            } else if days > 1, let from, let to {
                text += "；之後 \(n(days)) 天（\(from) 到 \(to)）都沒有人投票"
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
        suggestionsHeading: "建議（便利貼）",
        status: "狀態", notes: "則數", promotedColumn: "已成為選項",
        statusName: { ["pending": "待審核", "approved": "通過", "rejected": "未通過"][$0] },
        noNotes: "沒有便利貼。",
        approvedSummary: { notes, sessions, largest in
            if notes == 2 && sessions == 1 { return "兩則便利貼通過審核，都是同一個人寫的。" }
            if sessions == 1 { return "\(n(notes)) 則便利貼通過審核，全都是同一個人寫的。" }
            var text = "\(n(notes)) 則便利貼通過審核，由 \(n(sessions)) 個人寫的"
            if largest > 1 { text += "；其中一人寫了 \(n(largest)) 則" }
            return text + "。"
        },
        noApproved: "沒有通過審核的便利貼。",
        moderationRecordUnavailable: "便利貼成為哪個選項、審核紀錄：無法提供。這個資料庫只有投票頁面自己的資料表；"
            + "在副本上執行 `tally migrate --db 副本` 可加上 tally 的欄位。",
        note: "便利貼", becameOption: "成為選項",
        promotedHeading: "由便利貼成為的選項", votableSince: "開放投票時間",
        promotedWithoutVotes: "由便利貼成為的選項目前還沒有人投票。",
        missingOption: "（找不到這個選項）", noSession: "（沒有記錄工作階段）",
        anomaliesHeading: "異常資料",
        anomaliesNone: { checked in "沒有發現。檢查項目：\(checked.joined(separator: "；"))。" },
        anomaliesIntro: "被標記的資料仍然計入所有數字，除非把投下它們的人排除。",
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
            case .unknownSection: return "投票頁面不認得的區"
            case .unknownStatus: return "審核流程不認得的便利貼狀態"
            }
        },
        exampleVote: { id, session, option in
            var parts: [String] = []
            if let session { parts.append("工作階段 \(session)") }
            if let option { parts.append("選項 \(option)") }
            return "第 \(id) 票" + (parts.isEmpty ? "" : "（\(parts.joined(separator: "，"))）")
        },
        exampleSession: { session, votes in "工作階段 \(session)：\(n(votes)) 票" },
        exampleOption: { id in "選項 \(id)" },
        exampleNote: { id in "便利貼 \(id)" },
        settingsHeading: "設定",
        setting: "設定", value: "值",
        zoneSetting: "時區", cutoffSetting: "排除第一票早於此時間的工作階段",
        namedSetting: "指名排除的工作階段", asOfSetting: "統計時間",
        throughSetting: "只計入此時間以前的票", budgetSetting: "每個工作階段的票數",
        none: "無", allVotes: "全部的票",
        fingerprintHeading: "資料指紋",
        fingerprintIntro:
            "這份報告用的是哪些資料：讀到的資料列（截至計入時間的票與選項，以及當時狀態的便利貼）、每個資料表最大的 id、"
            + "最晚的儲存時間，以及對這些資料列計算的 SHA-256。同樣的資料得到同樣的指紋；用別的資料做的報告，指紋就會不同"
            + "（重新計算的方法見 docs/fingerprint.md）。",
        tableColumn: "資料表", rowsColumn: "列數", highestIDColumn: "最大 id",
        latestTime: "最晚的儲存時間",
        sha256Label: { scheme in "SHA-256（\(scheme)）" },
        sha256NotOnD1:
            "無法提供。這份報告是用 D1 算出的結果製作的，而 D1 沒有 SHA-256 函式；上面的列數、最大 id 與最晚的儲存時間"
            + "是在 D1 上計算的（queries/fingerprint.sql）。對同一份資料的匯出檔執行 `tally report --db`，就會顯示雜湊值。",
        units: Units(
            days: { "\(n($0)) 天" }, hours: { "\($0) 小時" }, minutes: { "\($0) 分鐘" }, seconds: { "\($0) 秒" }),
        sentenceGap: "", colon: "：",
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
