import TallyCore

extension WeeklyLabels {
    /// Traditional Chinese as written in Taiwan.
    package static let traditionalChinese = WeeklyLabels(
        weekTitle: { number, first, last in "第 \(number) 週：\(first) 至 \(last)" },
        weekSpan: { number, start, end, zone in
            "第 \(number) 週從 \(start) 到 \(end)（\(zone)）。這一頁計入這一週結束前投下的每一票，"
                + "統計時間就定在這一週結束的那一刻，所以之後重跑，頁面也一模一樣。"
        },
        thisWeekHeading: "本週",
        thisWeek: { votes, newVoters in
            votes == 0 && newVoters == 0
                ? "本週沒有計入的票。"
                : "**本週計入 \(grouped(votes)) 票，新加入的投票者 \(grouped(newVoters)) 人**。"
        },
        excludedThisWeek: { votes, sessions in
            "本週另有 \(grouped(votes)) 票屬於測試資料，沒有計入（來自 \(grouped(sessions)) 個新出現的人）。"
        },
        changesHeading: { previous in previous.map { "與第 \($0) 週相比" } ?? "與上線前相比" },
        votersChange: { before, after in
            "計入的投票者：\(grouped(before)) → \(grouped(after))（\(after == before ? "沒有變化" : signed(after - before))）"
        },
        votesChange: { before, after in
            "計入的票數：\(grouped(before)) → \(grouped(after))（\(after == before ? "沒有變化" : signed(after - before))）"
        },
        optionsAdded: { options in
            options.isEmpty ? "新增的選項：無" : "新增的選項：\(chineseList(options.map { "\($0.name)（#\($0.id)）" }))"
        },
        decisionsHeading: "本週審核的便利貼",
        noDecisions: "本週沒有審核任何便利貼。",
        decisionsUnavailable: "無法提供：這個資料庫沒有審核紀錄（只有投票頁面自己的資料表）。",
        rejectedWithoutText: "退回的便利貼只列編號，不重複內容。",
        whenColumn: "時間", noteColumn: "便利貼", decisionColumn: "決定",
        decision: { action, option in
            switch action {
            case "approve": return "通過"
            case "reject": return "退回"
            case "reopen": return "重新審核"
            case "promote": return option.map { "升為選項 #\($0)" } ?? "升為選項"
            default: return "記錄為 \(action)"
            }
        },
        movesHeading: { heading in "名次變化：\(heading.replacingOccurrences(of: "排名：", with: ""))" },
        noEarlierRanking: "這個區塊在本週以前沒有人投票，沒有先前的名次可以比較。",
        votersGainedColumn: "本週新增", moveColumn: "名次變化",
        move: { places in
            guard let places else { return "新" }
            return places > 0 ? "▲ \(places)" : places < 0 ? "▼ \(-places)" : "="
        },
        rankingChartTitle: { heading, week in "\(heading)（第 \(week) 週）" },
        rankingChartDescription: { counted, until, options in
            let items = options.map { option in
                "\(option.name)：\(grouped(option.voters)) 人（95% 範圍 \(option.low) 到 \(option.high) 人）"
            }
            return "各選項有幾個人選：共計入 \(grouped(counted)) 人，統計到 \(until) 為止。"
                + "每條長條上的細線，是換一群差不多的人再投一次時，人數多半會落在的範圍（95% 範圍）。"
                + items.joined(separator: "；") + "。"
        },
        rankingAxis: { counted in ["人數（共 \(grouped(counted)) 人）", "細線：換一群差不多的人再投一次，多半落在這段"] },
        dailyChartTitle: { week in "每天計入的票數（第 \(week) 週）" },
        dailyChartDescription: { zone, days in
            "每天計入的票數（\(zone)）：" + days.map { "\($0.date)：\($0.votes) 票" }.joined(separator: "；") + "。"
        },
        dailyAxis: "票數",
        dayLabel: { month, day, weekday in
            "\(pad2(month))-\(pad2(day))（" + ["一", "二", "三", "四", "五", "六", "日"][weekday] + "）"
        },
        zoneName: { ReportLanguage.traditionalChinese.zoneName($0) },
        indexTitle: "每週統計",
        indexIntro: { launch, zone in
            "第 1 週從上線當天 \(launch) 的午夜（\(zone)）開始，每週七天。每週的頁面計入那一週結束前投下的每一票，"
                + "附上圖表和資料指紋。"
        },
        indexLine: { title, link, voters, votes, newVoters, weekVotes in
            "- [\(title)](\(link))：累計 \(grouped(voters)) 人、\(grouped(votes)) 票；本週 \(signed(newVoters)) 人、\(signed(weekVotes)) 票"
        })
}
