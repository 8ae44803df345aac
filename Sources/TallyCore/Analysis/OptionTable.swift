/// The options as the vote scan needs them: an index per option id and each
/// option's creation time, looked up once per vote.
struct OptionTable {
    /// Every option row, in id order.
    let options: [(id: Int64, content: String, section: String, stored: String?, createdAt: Instant?)]
    /// Creation time in milliseconds per option index; `Int64.min` when unreadable, so no vote counts as "before" it.
    let createdMillis: [Int64]
    private let dense: [Int32]
    private let sparse: [Int64: Int32]
    /// Ids up to this bound are looked up in a flat array, the rest in a dictionary.
    private static let denseLimit: Int64 = 1 << 20

    init(options: [(id: Int64, content: String, section: String, stored: String?, createdAt: Instant?)]) {
        self.options = options
        self.createdMillis = options.map { $0.createdAt?.millis ?? Int64.min }
        let maxDense: Int64 = options.map(\.id).filter { $0 >= 0 && $0 < OptionTable.denseLimit }.max() ?? -1
        var dense = [Int32](repeating: -1, count: Int(maxDense + 1))
        var sparse: [Int64: Int32] = [:]
        for (index, option) in options.enumerated() {
            if option.id >= 0 && option.id <= maxDense {
                dense[Int(option.id)] = Int32(index)
            } else {
                sparse[option.id] = Int32(index)
            }
        }
        self.dense = dense
        self.sparse = sparse
    }

    /// The index of an option id, or -1 when `survey_options` has no such option.
    @inline(__always)
    func index(of id: Int64) -> Int32 {
        if id >= 0 && id < Int64(dense.count) { return dense[Int(id)] }
        return sparse[id] ?? -1
    }
}
