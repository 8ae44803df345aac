import CMicroHTTPD
import Foundation

/// An HTTP server on GNU libmicrohttpd: the library parses HTTP and form bodies and owns the
/// sockets and threads; this wraps its callbacks in two Swift functions. The library is loaded
/// at run time (`load`), so only `tally serve` needs it.
///
/// libmicrohttpd calls back on its own polling threads (a pool of `Limits.threads`, each
/// multiplexing many connections), several at once: `admit` and `respond` must be safe to call
/// concurrently. `ConnectionTable` keeps slow and many clients from starving the others.
package final class HTTPServer: @unchecked Sendable {
    /// The limits every connection runs under (docs/serve.md states them).
    package struct Limits: Sendable {
        /// Largest request body accepted; a larger one gets 413 and is not read further.
        package var bodyBytes = 64 * 1024
        /// A request (head and body) must arrive whole within this time of its connection opening
        /// or of the previous answer on it; a connection still sending then is closed.
        package var requestDeadline: Duration = .seconds(10)
        /// A connection with no traffic at all for this long is closed by libmicrohttpd.
        package var idleSeconds: UInt32 = 10
        package var threads: UInt32 = 4
        /// Open connections per client address; a new one beyond it closes that address's
        /// longest-waiting silent connection. Large enough that a flood of silent sockets from the
        /// moderator's own address takes longer to cycle through them than a client takes to send its
        /// request (32 did not: issue 48 item 6).
        package var perAddress = 128
        /// Open connections in all; a new one beyond it closes the longest-waiting silent one.
        package var connections = 512
        /// Memory per connection for headers and buffers; a longer head gets 431/413 from the library.
        package var connectionMemory = 64 * 1024

        package init() {}
    }

    package struct StartError: Error, CustomStringConvertible {
        package let description: String
    }

    /// Loads GNU libmicrohttpd (`path`, or libmicrohttpd.so.12 where the system's loader finds it);
    /// the loader's words when it cannot. Later calls give the first call's answer.
    package static func load(path: String?) -> Result<Void, StartError> {
        var said = [CChar](repeating: 0, count: 512)
        guard tally_mhd_load(path, &said, said.count) == 0 else { return .success(()) }
        return .failure(
            StartError(description: String(decoding: said.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)))
    }

    let limits: Limits
    let admit: @Sendable (HTTPRequestHead) -> HTTPResponse?
    let respond: @Sendable (HTTPRequest) -> HTTPResponse
    let connections: ConnectionTable
    private var daemon: OpaquePointer?
    private let answering = DispatchQueue(label: "tally-serve-answers", attributes: .concurrent)
    /// Answers being made; `stop` waits for them (a suspended connection must be resumed before the daemon stops).
    private let inFlight = DispatchGroup()
    private var watchdog: Thread?
    private let stopped = NSCondition()
    private var stopping = false
    /// The port listened on (the one chosen when 0 was asked for).
    package private(set) var port: UInt16 = 0

    /// Starts listening on `address` (numeric IPv4 or IPv6) and `port` (0: any free one).
    /// `admit` sees every request's head first and may refuse it (its body is then never
    /// read); `respond` answers the rest. `load` must have succeeded.
    package init(
        address: String, port: UInt16, limits: Limits = Limits(),
        admit: @escaping @Sendable (HTTPRequestHead) -> HTTPResponse?,
        respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws {
        if case .failure(let error) = Self.load(path: nil) { throw error }
        self.limits = limits
        self.admit = admit
        self.respond = respond
        connections = ConnectionTable(
            perAddress: limits.perAddress, total: limits.connections, requestDeadline: limits.requestDeadline)
        Self.allowDescriptors(2 * limits.connections + 256)
        let me = Unmanaged.passUnretained(self).toOpaque()
        // libmicrohttpd's own limit sits above the table's, which closes connections first.
        guard
            let daemon = tally_mhd_start(
                address, port, limits.threads, limits.idleSeconds, limits.connectionMemory,
                UInt32(2 * limits.connections), accessHandler, me, completedHandler, me, connectionHandler, me)
        else {
            throw StartError(
                description: "could not listen on \(address) port \(port) (in use, not an address of this machine, "
                    + "or not permitted)")
        }
        self.daemon = daemon
        self.port = tally_mhd_port(daemon)
        let watchdog = Thread { self.closeLateConnections() }
        watchdog.name = "tally-serve-deadlines"
        watchdog.start()
        self.watchdog = watchdog
    }

    /// Raises the process's soft limit on open files to `wanted` (within the hard limit) when it is lower,
    /// so libmicrohttpd's connection limit, not the descriptor table, is what bounds the connections.
    private static func allowDescriptors(_ wanted: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(wanted) else { return }
        limit.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// Four times a second, closes connections past their request deadline, until `stop`.
    private func closeLateConnections() {
        stopped.lock()
        defer { stopped.unlock() }
        while !stopping {
            connections.closeExpired()
            _ = stopped.wait(until: Date(timeIntervalSinceNow: 0.25))
        }
    }

    /// Stops listening and waits for the polling threads to end.
    package func stop() {
        stopped.lock()
        stopping = true
        stopped.signal()
        stopped.unlock()
        inFlight.wait()
        if let daemon { tally_mhd_stop(daemon) }
        daemon = nil
    }

    deinit { stop() }

    /// One call of libmicrohttpd's access handler; see `MHD_AccessHandlerCallback`: the first
    /// call of a request has only its head, later ones its body in pieces, the last none.
    fileprivate func handle(
        _ connection: OpaquePointer, url: String, method: String, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, state slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> tally_mhd_result {
        guard let pointer = slot.pointee else {
            connections.heard(connection)
            let head = HTTPRequestHead(
                method: method, path: url,
                headers: Self.values(connection, UInt32(TALLY_MHD_HEADER_KIND), lowercased: true),
                query: Self.values(connection, UInt32(TALLY_MHD_GET_ARGUMENT_KIND), lowercased: false))
            if let refusal = admit(head) { return queue(connection, refusal) }
            if let length = head.headers["content-length"].flatMap(Int.init), length > limits.bodyBytes {
                return queue(connection, tooLarge)
            }
            let state = RequestState(head: head)
            if method == "POST" {
                state.processor = tally_mhd_post_processor(
                    connection, 8 * 1024, postIterator, Unmanaged.passUnretained(state).toOpaque())
                if state.processor == nil {
                    return queue(
                        connection,
                        .text(415, "Send forms as application/x-www-form-urlencoded (the page's own forms do)."))
                }
            }
            slot.pointee = Unmanaged.passRetained(state).toOpaque()
            return TALLY_MHD_YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
        let size = uploadSize.pointee
        if size > 0 {
            state.bytes += size
            if state.bytes > limits.bodyBytes {
                state.tooLarge = true
            } else if let processor = state.processor, let upload {
                if tally_mhd_post_process(processor, upload, size) != TALLY_MHD_YES { state.malformed = true }
            }
            uploadSize.pointee = 0
            return TALLY_MHD_YES
        }
        if let answer = state.answer { return queue(connection, answer) }
        if state.tooLarge { return queue(connection, tooLarge) }
        if let name = state.repeated { return queue(connection, Self.repeatedField(name)) }
        guard !state.malformed, let form = state.decodedForm() else {
            return queue(connection, .text(400, "The form could not be read (malformed or not UTF-8)."))
        }
        answerElsewhere(connection, state, HTTPRequest(head: state.head, form: form))
        return TALLY_MHD_YES
    }

    /// Makes the answer off the polling thread (it may wait on the database or run a push), which
    /// meanwhile serves its other connections; the library calls `handle` again on resume.
    private func answerElsewhere(_ connection: OpaquePointer, _ state: RequestState, _ request: HTTPRequest) {
        connections.answering(connection)
        tally_mhd_suspend(connection)
        let suspended = SuspendedConnection(pointer: connection)
        answering.async(group: inFlight) {
            state.answer = self.respond(request)
            tally_mhd_resume(suspended.pointer)
        }
    }

    /// A form that sends a field twice is refused whole: which copy a handler read would be the sender's choice.
    private static func repeatedField(_ name: String) -> HTTPResponse {
        let shown = String(String.UnicodeScalarView(name.unicodeScalars.prefix(40).map(printable)))
        return .text(
            400,
            "The form sends the field '\(shown)' more than once; a form sends each field once (the page's own "
                + "forms do): reload the page and try again.")
    }

    private var tooLarge: HTTPResponse {
        .text(413, "The request is larger than the \(limits.bodyBytes) bytes this server accepts.")
    }

    private func queue(_ connection: OpaquePointer, _ response: HTTPResponse) -> tally_mhd_result {
        connections.answering(connection)
        let made = response.body.withUnsafeBytes { tally_mhd_copied_response($0.baseAddress, $0.count) }
        guard let made else { return TALLY_MHD_NO }
        defer { tally_mhd_destroy_response(made) }
        for (name, value) in response.headers { _ = tally_mhd_add_header(made, name, value) }
        return tally_mhd_queue(connection, UInt32(response.status), made)
    }

    private static func values(_ connection: OpaquePointer, _ kind: UInt32, lowercased: Bool) -> [String: String] {
        let box = ValueBox(lowercased: lowercased)
        _ = tally_mhd_values(connection, kind, valueIterator, Unmanaged.passUnretained(box).toOpaque())
        return box.values
    }

    fileprivate func connectionEvent(_ connection: OpaquePointer, started: Bool) {
        guard started else { return connections.closed(connection) }
        var address = [CChar](repeating: 0, count: 64)
        tally_mhd_client_address(connection, &address, address.count)
        connections.opened(
            connection, socket: tally_mhd_connection_fd(connection),
            address: String(decoding: address.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
    }

    fileprivate func completed(_ connection: OpaquePointer?, _ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        if let connection { connections.answered(connection) }
        guard let slot, let pointer = slot.pointee else { return }
        let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
        if let processor = state.processor { _ = tally_mhd_destroy_post_processor(processor) }
        state.processor = nil
        slot.pointee = nil
    }
}

/// A connection handed to the thread making its answer (libmicrohttpd leaves it alone while suspended).
private struct SuspendedConnection: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A request between libmicrohttpd's calls: its connection's polling thread touches it, and while
/// the connection is suspended, the one thread making its answer.
private final class RequestState: @unchecked Sendable {
    let head: HTTPRequestHead
    var answer: HTTPResponse?
    var processor: OpaquePointer?
    var fields: [String: [UInt8]] = [:]
    var bytes = 0
    var tooLarge = false
    var malformed = false
    /// The first field name the form sent twice.
    var repeated: String?

    init(head: HTTPRequestHead) { self.head = head }

    /// The fields as text; nil when one is not valid UTF-8.
    func decodedForm() -> [String: String]? {
        var form: [String: String] = [:]
        for (name, value) in fields {
            guard let text = String(validating: value, as: UTF8.self) else { return nil }
            form[name] = text
        }
        return form
    }
}

/// A scalar as a message may show it: letters, marks, numbers, punctuation, symbols and the space; else `?`.
private func printable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: "?"
    default: scalar
    }
}

private final class ValueBox {
    let lowercased: Bool
    var values: [String: String] = [:]
    init(lowercased: Bool) { self.lowercased = lowercased }
}

private let valueIterator: tally_mhd_value_iterator = { cls, _, key, value in
    guard let cls, let key else { return TALLY_MHD_YES }
    let box = Unmanaged<ValueBox>.fromOpaque(cls).takeUnretainedValue()
    let name = String(cString: key)
    box.values[box.lowercased ? name.lowercased() : name] = value.map { String(cString: $0) } ?? ""
    return TALLY_MHD_YES
}

private let postIterator: tally_mhd_post_iterator = { cls, _, key, _, _, _, data, offset, size in
    guard let cls, let key else { return TALLY_MHD_YES }
    let state = Unmanaged<RequestState>.fromOpaque(cls).takeUnretainedValue()
    let name = String(cString: key)
    // A field comes in pieces; offset 0 starts it, so a name started twice was sent twice.
    if offset == 0 {
        if state.fields[name] != nil, state.repeated == nil { state.repeated = name }
        state.fields[name] = []
    }
    if let data, size > 0 {
        data.withMemoryRebound(to: UInt8.self, capacity: size) {
            state.fields[name, default: []].append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
        }
    }
    return TALLY_MHD_YES
}

private let accessHandler: tally_mhd_access_handler = { cls, connection, url, method, _, upload, uploadSize, slot in
    guard let cls, let connection, let url, let method, let uploadSize, let slot else { return TALLY_MHD_NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    return server.handle(
        connection, url: String(cString: url), method: String(cString: method), upload: upload,
        uploadSize: uploadSize, state: slot)
}

private let completedHandler: tally_mhd_completed_handler = { cls, connection, slot, _ in
    guard let cls else { return }
    Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().completed(connection, slot)
}

private let connectionHandler: tally_mhd_connection_handler = { cls, connection, _, event in
    guard let cls, let connection else { return }
    Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().connectionEvent(
        connection, started: event == UInt32(TALLY_MHD_CONNECTION_NOTIFY_STARTED))
}
