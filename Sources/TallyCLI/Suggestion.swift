/// "Did you mean …?" for a mistyped command or option, as git and swift-argument-parser do.
enum Suggestion {
    /// The candidate closest to `word`, when it is close enough to be a likely typo: at most two
    /// edits apart (one for words of up to four letters), or a unique candidate `word` begins.
    /// Ties are broken by the order of `candidates`, so the answer is stable.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(word)
        let limit = typed.count <= 4 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate))
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        if let best { return best.name }
        let extensions = candidates.filter { typed.count >= 2 && $0.hasPrefix(word) }
        return extensions.count == 1 ? extensions[0] : nil
    }

    /// `; did you mean 'x'?`, or nothing when no candidate is close.
    static func hint(for word: String, among candidates: [String], prefix: String = "") -> String {
        closest(to: word, among: candidates).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit (`repot` → `report` is 1,
    /// `fromat` → `format` is 1).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            previousPrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
