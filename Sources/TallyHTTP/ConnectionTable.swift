import Foundation

/// The server's open connections, so that slow, silent or many clients cannot starve the others.
///
/// libmicrohttpd multiplexes every connection on a few polling threads (no thread waits on one
/// client), but its own limits are a total that trickling sockets fill and an idle timeout that a
/// byte every few seconds resets. This table adds, per connection that is still sending its request:
/// a deadline for the whole request (head and body), counted from the connection's opening or from
/// the previous answer on it; and limits per client address and in total that close the connection
/// that has waited longest instead of refusing the newcomer. A local attacker shares 127.0.0.1 with
/// the moderator, so refusing newcomers from a full address would lock the moderator out; closing
/// the oldest unfinished connection costs a client that sends a whole request at once nothing.
/// A connection whose request is being answered is never closed here.
///
/// libmicrohttpd reports a connection's end before it closes its socket, and both that report and
/// every `shutdown` here hold `lock`, so a socket shut down here is always still the connection's.
final class ConnectionTable: @unchecked Sendable {
    private struct Entry {
        let socket: Int32
        let address: String
        var since: ContinuousClock.Instant
        var answering = false
        var closing = false
    }

    private let lock = NSLock()
    private var entries: [OpaquePointer: Entry] = [:]
    private let perAddress: Int
    private let total: Int
    private let requestDeadline: Duration

    init(perAddress: Int, total: Int, requestDeadline: Duration) {
        self.perAddress = perAddress
        self.total = total
        self.requestDeadline = requestDeadline
    }

    /// A new connection: over a limit, the longest-waiting unfinished connection of its address
    /// (or of all, for the total) is closed.
    func opened(_ connection: OpaquePointer, socket: Int32, address: String) {
        lock.lock()
        defer { lock.unlock() }
        entries[connection] = Entry(socket: socket, address: address, since: .now)
        let open = entries.filter { !$0.value.closing }
        if open.values.filter({ $0.address == address }).count > perAddress {
            closeLongestWaiting(open.filter { $0.value.address == address }, sparing: connection)
        } else if open.count > total {
            closeLongestWaiting(open, sparing: connection)
        }
    }

    func closed(_ connection: OpaquePointer) {
        lock.lock()
        entries[connection] = nil
        lock.unlock()
    }

    /// The connection's request has arrived whole and is being answered.
    func answering(_ connection: OpaquePointer) { update(connection) { $0.answering = true } }

    /// The answer is sent; the next request on this connection has its own deadline from now.
    func answered(_ connection: OpaquePointer) {
        update(connection) {
            $0.answering = false
            $0.since = .now
        }
    }

    /// Closes every unfinished connection past its deadline; returns how many.
    @discardableResult
    func closeExpired(now: ContinuousClock.Instant = .now) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let late = entries.filter { !$0.value.answering && !$0.value.closing && now - $0.value.since > requestDeadline }
        for connection in late.keys { close(connection) }
        return late.count
    }

    private func update(_ connection: OpaquePointer, _ change: (inout Entry) -> Void) {
        lock.lock()
        if var entry = entries[connection] {
            change(&entry)
            entries[connection] = entry
        }
        lock.unlock()
    }

    private func closeLongestWaiting(_ candidates: [OpaquePointer: Entry], sparing newcomer: OpaquePointer) {
        let waiting = candidates.filter { $0.key != newcomer && !$0.value.answering }
        if let oldest = waiting.min(by: { $0.value.since < $1.value.since }) { close(oldest.key) }
    }

    /// Ends the connection's socket both ways; libmicrohttpd sees the end and closes it. Under `lock`.
    private func close(_ connection: OpaquePointer) {
        guard var entry = entries[connection] else { return }
        entry.closing = true
        entries[connection] = entry
        if entry.socket >= 0 { _ = shutdown(entry.socket, Int32(SHUT_RDWR)) }
    }
}
