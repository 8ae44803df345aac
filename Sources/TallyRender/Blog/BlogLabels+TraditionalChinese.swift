extension BlogLabels {
    /// Traditional Chinese as written in Taiwan (which groups digits by three with a comma, as English does).
    package static let traditionalChinese = BlogLabels(
        voters: "人數", thousandsSeparator: ",",
        briefSettings: { zone, cutoff, named, asOf, through, hash in
            var parts = [zone]
            if let cutoff { parts.append("第一票早於 \(cutoff) 的人屬於測試資料，沒有計入") }
            if named > 0 { parts.append("另外指名排除 \(named) 人") }
            if let through { parts.append("只計入 \(through) 以前的票") }
            parts.append("統計時間 \(asOf)")
            if let hash { parts.append("資料指紋 `\(hash)`") }
            return "設定：" + parts.joined(separator: "；") + "。"
        },
        noteReference: { id in "便利貼 \(id)" },
        noRankingChart: { section in "「\(section)」沒有圖表：這個區塊還沒有人投票。" },
        noDailyChart: "沒有每日圖表：還沒有計入的票。",
        noDailyChartThisWeek: "沒有每日圖表：這一週沒有計入的票。",
        dailyChartTitle: "每天計入的票數",
        rankingChartTitle: { section in "\(section)（各選項的人數）" },
        fullTable: { section in "\(section)（完整表格）" },
        titled: { title, page in "\(title)｜\(page)" },
        shareFooter: { voters, until in "計入 \(grouped(voters)) 人・\(until)" },
        shareNoVotes: "還沒有人投票",
        shareTie: { options in "\(options) 個選項並列第一" },
        documentTitle: { title, asOf in "\(title)（統計時間 \(asOf)）" },
        internalNotice: "> **內部頁面。** 這一頁列出投票者代號和審核者的名字，只給審核者看，請不要公開"
            + "（不加 `--internal` 重跑，就會得到可以公開的頁面）。",
        excludedWhen: { from, to in
            from == to ? "這些人的第一票都在 \(from)。" : "這些人的第一票都在 \(from) 到 \(to) 之間。"
        },
        withheldSession: "（代號不公開）",
        countedHeading: "這些數字怎麼算",
        votingRule: { votes in
            "每人最多\(votes == 3 ? "三" : " \(votes) ")票，可以重複投給同一個選項；排名看的是有幾個人選，"
                + "不是幾票，所以各選項的比例加起來會超過 100%。"
        })
}
