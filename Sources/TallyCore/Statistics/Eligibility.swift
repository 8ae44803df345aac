/// Which options a counted session could choose: those that existed at its last counted vote
/// (docs/statistics.md, "Late options"). The vote page lists an option from its `created_at` on, and a
/// session's choices are final at its last vote, so a session whose last vote is at or after an
/// option's creation saw it (and may have passed it over); one that finished before did not. An option
/// whose creation time cannot be read counts as always there (as the options' table reads it), and a
/// session none of whose vote times can be read as able to choose every option: nothing says otherwise.
///
/// Options are few and their creation times fewer, so a session's votable set is one of a handful: its
/// *epoch*, the number of distinct readable creation times at or before its last vote. The scans count
/// choice sets per epoch (`VoteScan.countChoiceSet`), and `options(in:)`
/// turns an epoch back into the option indices it means; `queries/choices.sql` computes the same set
/// per session directly (its `votable` column).
struct Eligibility: Sendable {
    /// The distinct readable creation times, ascending.
    let times: [Int64]
    /// Per option index, its creation time (`Int64.min` when unreadable).
    let created: [Int64]

    /// The eligibility of options created at `created` (per option index; `Int64.min` when unreadable).
    init(created: [Int64]) {
        self.created = created
        times = Array(Set(created.filter { $0 != Int64.min })).sorted()
    }

    /// How many epochs there are: 0 (before every readable creation) through `times.count`.
    var epochs: Int { times.count + 1 }

    /// The epoch of a session whose last counted readable vote is at `last` (`Int64.min`: none is readable,
    /// so every option counts as votable): the number of creation times at or before it.
    @inline(__always)
    func epoch(last: Int64) -> Int {
        if last == Int64.min { return times.count }
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= last { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The option indices a session of `epoch` could choose, ascending.
    func options(in epoch: Int) -> [Int32] {
        let bound = epoch == 0 ? Int64.min : times[epoch - 1]
        return created.indices.filter { created[$0] == Int64.min || created[$0] <= bound }.map(Int32.init)
    }
}
