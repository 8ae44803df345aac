import CMicroHTTPD
import Foundation

/// An HTTP server on GNU libmicrohttpd: the library parses HTTP and form bodies and owns the
/// sockets and threads; this wraps its callbacks in two Swift functions.
///
/// libmicrohttpd calls back on its own polling threads (a pool of `Limits.threads`), several
/// at once: `admit` and `respond` must be safe to call concurrently.
package final class HTTPServer: @unchecked Sendable {
    /// The limits every connection runs under.
    package struct Limits: Sendable {
        /// Largest request body accepted; a larger one gets 413 and is not read further.
        package var bodyBytes = 64 * 1024
        /// A connection idle for this long is closed by libmicrohttpd (slow or stalled clients).
        package var timeoutSeconds: UInt32 = 10
        /// Polling threads.
        package var threads: UInt32 = 4
        /// Simultaneous connections; more are refused by libmicrohttpd.
        package var connections: UInt32 = 64
        /// Memory per connection for headers and buffers; a longer head gets 431/413 from the library.
        package var connectionMemory = 64 * 1024

        /// The defaults above.
        package init() {}
    }

    /// Why the server did not start.
    package struct StartError: Error, CustomStringConvertible {
        /// What went wrong.
        package let description: String
    }

    let limits: Limits
    let admit: @Sendable (HTTPRequestHead) -> HTTPResponse?
    let respond: @Sendable (HTTPRequest) -> HTTPResponse
    private var daemon: OpaquePointer?
    /// The port listened on (the one chosen when 0 was asked for).
    package private(set) var port: UInt16 = 0

    /// Starts listening on `address` (numeric IPv4 or IPv6) and `port` (0: any free one).
    /// `admit` sees every request's head first and may refuse it (its body is then never
    /// read); `respond` answers the rest.
    package init(
        address: String, port: UInt16, limits: Limits = Limits(),
        admit: @escaping @Sendable (HTTPRequestHead) -> HTTPResponse?,
        respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws {
        self.limits = limits
        self.admit = admit
        self.respond = respond
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard
            let daemon = tally_mhd_start(
                address, port, limits.threads, limits.timeoutSeconds, limits.connectionMemory, limits.connections,
                accessHandler, me, completedHandler, me)
        else {
            throw StartError(
                description: "could not listen on \(address) port \(port) (in use, not an address of this machine, "
                    + "or not permitted)")
        }
        self.daemon = daemon
        self.port = tally_mhd_port(daemon)
    }

    /// Stops listening and waits for the polling threads to end.
    package func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    deinit { stop() }

    /// One call of libmicrohttpd's access handler; see `MHD_AccessHandlerCallback`: the first
    /// call of a request has only its head, later ones its body in pieces, the last none.
    fileprivate func handle(
        _ connection: OpaquePointer, url: String, method: String, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, state slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let pointer = slot.pointee else {
            let head = HTTPRequestHead(
                method: method, path: url, headers: Self.values(connection, .HEADER_KIND, lowercased: true),
                query: Self.values(connection, .GET_ARGUMENT_KIND, lowercased: false))
            if let refusal = admit(head) { return queue(connection, refusal) }
            if let length = head.headers["content-length"].flatMap(Int.init), length > limits.bodyBytes {
                return queue(connection, tooLarge)
            }
            let state = RequestState(head: head)
            if method == "POST" {
                state.processor = MHD_create_post_processor(
                    connection, 8 * 1024, postIterator, Unmanaged.passUnretained(state).toOpaque())
                if state.processor == nil {
                    return queue(
                        connection,
                        .text(415, "Send forms as application/x-www-form-urlencoded (the page's own forms do)."))
                }
            }
            slot.pointee = Unmanaged.passRetained(state).toOpaque()
            return .YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
        let size = uploadSize.pointee
        if size > 0 {
            state.bytes += size
            if state.bytes > limits.bodyBytes {
                state.tooLarge = true
            } else if let processor = state.processor, let upload {
                if MHD_post_process(processor, upload, size) != .YES { state.malformed = true }
            }
            uploadSize.pointee = 0
            return .YES
        }
        if state.tooLarge { return queue(connection, tooLarge) }
        guard !state.malformed, let form = state.decodedForm() else {
            return queue(connection, .text(400, "The form could not be read (malformed or not UTF-8)."))
        }
        return queue(connection, respond(HTTPRequest(head: state.head, form: form)))
    }

    private var tooLarge: HTTPResponse {
        .text(413, "The request is larger than the \(limits.bodyBytes) bytes this server accepts.")
    }

    private func queue(_ connection: OpaquePointer, _ response: HTTPResponse) -> MHD_Result {
        let made = response.body.withUnsafeBytes { tally_mhd_copied_response($0.baseAddress, $0.count) }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers { _ = MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }

    private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool)
        -> [String: String]
    {
        let box = ValueBox(lowercased: lowercased)
        _ = MHD_get_connection_values(connection, kind, valueIterator, Unmanaged.passUnretained(box).toOpaque())
        return box.values
    }

    fileprivate func completed(_ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let slot, let pointer = slot.pointee else { return }
        let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
        if let processor = state.processor { _ = MHD_destroy_post_processor(processor) }
        state.processor = nil
        slot.pointee = nil
    }
}

/// A request between libmicrohttpd's calls; only its connection's thread touches it.
private final class RequestState {
    let head: HTTPRequestHead
    var processor: OpaquePointer?
    var fields: [String: [UInt8]] = [:]
    var bytes = 0
    var tooLarge = false
    var malformed = false

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

private final class ValueBox {
    let lowercased: Bool
    var values: [String: String] = [:]
    init(lowercased: Bool) { self.lowercased = lowercased }
}

private let valueIterator: MHD_KeyValueIterator = { cls, _, key, value in
    guard let cls, let key else { return .YES }
    let box = Unmanaged<ValueBox>.fromOpaque(cls).takeUnretainedValue()
    let name = String(cString: key)
    box.values[box.lowercased ? name.lowercased() : name] = value.map { String(cString: $0) } ?? ""
    return .YES
}

private let postIterator: MHD_PostDataIterator = { cls, _, key, _, _, _, data, offset, size in
    guard let cls, let key else { return .YES }
    let state = Unmanaged<RequestState>.fromOpaque(cls).takeUnretainedValue()
    let name = String(cString: key)
    // A field comes in pieces; offset 0 starts it (a repeated name starts it again).
    if offset == 0 { state.fields[name] = [] }
    if let data, size > 0 {
        data.withMemoryRebound(to: UInt8.self, capacity: size) {
            state.fields[name, default: []].append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
        }
    }
    return .YES
}

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, upload, uploadSize, slot in
    guard let cls, let connection, let url, let method, let uploadSize, let slot else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    return server.handle(
        connection, url: String(cString: url), method: String(cString: method), upload: upload,
        uploadSize: uploadSize, state: slot)
}

private let completedHandler: MHD_RequestCompletedCallback = { cls, _, slot, _ in
    guard let cls else { return }
    Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().completed(slot)
}
