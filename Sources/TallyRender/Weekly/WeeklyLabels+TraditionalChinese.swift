import TallyCore

extension WeeklyLabels {
    /// Traditional Chinese as written in Taiwan.
    package static let traditionalChinese = WeeklyLabels(
        weekTitle: { number, first, last in "第 \(number) 週：\(first) 至 \(last)" },
        weekSpan: { number, start, end, zone in
            "第 \(number) 週從 \(start) 到 \(end)（\(zone)）。這一頁的統計計入這一週結束前投下的每一票，"
                + "統計時間就是這一週結束的那一刻，所以之後重跑也會得到一模一樣的頁面。"
        },
        thisWeekHeading: "本週",
        thisWeek: { votes, newVoters in
            votes == 0 && newVoters == 0
                ? "本週沒有計入的票。"
                : "**本週計入 \(grouped(votes)) 票；新的投票者 \(grouped(newVoters)) 人**。"
        },
        excludedThisWeek: { votes, sessions in "排除的測試資料本週另有 \(grouped(votes)) 票（新出現 \(grouped(sessions)) 人）。" },
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
        rejectedWithoutText: "未通過的便利貼只列編號，不重複內容。",
        whenColumn: "時間", noteColumn: "便利貼", decisionColumn: "決定",
        decision: { action, option in
            switch action {
            case "approve": return "通過"
            case "reject": return "未通過"
            case "reopen": return "重新開放審核"
            case "promote": return option.map { "成為選項 #\($0)" } ?? "成為選項"
            default: return "記錄為 \(action)"
            }
        },
        movesHeading: { heading in "名次變化：\(heading.replacingOccurrences(of: "排名：", with: ""))" },
        noEarlierRanking: "這一區在本週以前沒有人投票，沒有先前的名次可以比較。",
        votersGainedColumn: "本週新增", moveColumn: "名次變化",
        move: { places in
            guard let places else { return "新" }
            return places > 0 ? "▲ \(places)" : places < 0 ? "▼ \(-places)" : "="
        },
        rankingChartTitle: { heading, week in "\(heading)（第 \(week) 週）" },
        rankingChartDescription: { counted, until, options in
            let items = options.map { option in
                "\(option.name)：\(grouped(option.voters)) 人（95% 區間 \(option.low) 到 \(option.high)）"
            }
            return "每個選項的投票者（工作階段）人數，共計入 \(grouped(counted)) 人，計入 \(until) 以前投下的票；"
                + "每條長條上的細線，是換一群差不多的人再投一次時，人數多半會落在的範圍（95% 區間）。"
                + items.joined(separator: "；") + "。"
        },
        rankingAxis: { counted in ["人數（共 \(grouped(counted)) 人）", "細線：換一群差不多的人再投一次，多半落在這段"] },
        dailyChartTitle: { week in "每天計入的票數（第 \(week) 週）" },
        dailyChartDescription: { zone, days in
            "以 \(zone) 的日期計算，每天計入的票數：" + days.map { "\($0.date)：\($0.votes) 票" }.joined(separator: "；") + "。"
        },
        dailyAxis: "票數",
        dayLabel: { month, day, weekday in
            "\(pad2(month))-\(pad2(day))（" + ["一", "二", "三", "四", "五", "六", "日"][weekday] + "）"
        },
        indexTitle: "每週統計",
        indexIntro: { launch, zone in
            "第 1 週從上線日 \(launch) 的午夜開始（\(zone)），每週七天。每一週的頁面計入該週結束前投下的每一票，附上圖表和資料指紋。"
        },
        indexLine: { title, link, voters, votes, newVoters, weekVotes in
            "- [\(title)](\(link))：累計 \(grouped(voters)) 人、\(grouped(votes)) 票；本週投票者 \(signed(newVoters))、票數 \(signed(weekVotes))"
        },
        quietWeeks: { first, last, from, to, link, voters, votes in
            let weeks = first == last ? "第 \(first) 週" : "第 \(first)–\(last) 週"
            return "- [\(weeks)：\(from) 至 \(to)](\(link))：沒有新的票，累計仍是 \(grouped(voters)) 人、\(grouped(votes)) 票"
        })
}
