import CMicroHTTPD
import Foundation

/// The server's open connections, so that slow, silent or many clients cannot starve the others.
///
/// libmicrohttpd multiplexes every connection on a few polling threads (no thread waits on one
/// client), but its own limits are a total that trickling sockets fill and an idle timeout that a
/// byte every few seconds resets. This table adds, per connection that is still sending its request:
/// a deadline for the whole request (head and body), counted from the connection's opening or from
/// the previous answer on it; and limits per client address and in total that close the silent
/// connection that has waited longest instead of refusing the newcomer. A local attacker shares
/// 127.0.0.1 with the moderator, so refusing newcomers from a full address would lock the moderator
/// out; closing the oldest silent connection (no byte of a request received) costs a client that sends
/// a whole request at once nothing, even under a flood of new sockets from its address.
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
        /// Its request's head has arrived (the answer may not have started yet).
        var heard = false
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

    /// The connection's request head has arrived: the client is no silent socket, though its request is
    /// not whole yet (it still has its deadline).
    func heard(_ connection: OpaquePointer) { update(connection) { $0.heard = true } }

    /// The connection's request has arrived whole and is being answered.
    func answering(_ connection: OpaquePointer) { update(connection) { $0.answering = true } }

    /// The answer is sent; the next request on this connection has its own deadline from now.
    func answered(_ connection: OpaquePointer) {
        update(connection) {
            $0.answering = false
            $0.heard = false
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

    /// Closes the longest-waiting silent connection (no byte of its request received by the kernel, no head
    /// heard), or, when none is silent, the longest-waiting of all. Under a flood of new sockets from its
    /// address, a client that had sent its request became the oldest unfinished connection within
    /// milliseconds, and the oldest-first rule alone closed it without an answer (issue 48 item 6).
    private func closeLongestWaiting(_ candidates: [OpaquePointer: Entry], sparing newcomer: OpaquePointer) {
        let waiting = candidates.filter { $0.key != newcomer && !$0.value.answering }
        let silent = waiting.filter { !$0.value.heard && !Self.hasBytesWaiting($0.value.socket) }
        let pool = silent.isEmpty ? waiting : silent
        if let oldest = pool.min(by: { $0.value.since < $1.value.since }) { close(oldest.key) }
    }

    /// True when the client has sent anything on the socket: bytes the kernel received (TCP_INFO), read by
    /// libmicrohttpd or not; where that cannot be told, bytes waiting to be read (a peek, which consumes nothing).
    private static func hasBytesWaiting(_ socket: Int32) -> Bool {
        guard socket >= 0 else { return false }
        let received = tally_socket_bytes_received(socket)
        // The count includes the SYN, and the FIN of a client that closed: a request is over 2 bytes.
        if received >= 0 { return received > 2 }
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    /// Ends the connection's socket both ways; libmicrohttpd sees the end and closes it. Under `lock`.
    private func close(_ connection: OpaquePointer) {
        guard var entry = entries[connection] else { return }
        entry.closing = true
        entries[connection] = entry
        if entry.socket >= 0 { _ = shutdown(entry.socket, Int32(SHUT_RDWR)) }
    }
}
