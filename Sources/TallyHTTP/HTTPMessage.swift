/// What the server knows of a request before its body: enough to refuse it early.
public struct HTTPRequestHead: Sendable {
    /// `GET`, `POST` …, as sent.
    public let method: String
    /// The path, percent-decoded by libmicrohttpd, without the query.
    public let path: String
    /// Header fields by lowercased name (the last one when repeated).
    public let headers: [String: String]
    /// Query arguments, decoded (an argument without `=` has the empty value).
    public let query: [String: String]

    /// A request head; see the properties.
    public init(method: String, path: String, headers: [String: String], query: [String: String]) {
        self.method = method
        self.path = path
        self.headers = headers
        self.query = query
    }
}

/// A whole request: its head and its form fields (a POST's `application/x-www-form-urlencoded`
/// body, decoded by libmicrohttpd's post processor).
public struct HTTPRequest: Sendable {
    /// The head.
    public let head: HTTPRequestHead
    /// Form fields by name (the last one when repeated); empty for a GET.
    public let form: [String: String]

    /// A request; see the properties.
    public init(head: HTTPRequestHead, form: [String: String]) {
        self.head = head
        self.form = form
    }
}

/// A response: status, header fields and body.
public struct HTTPResponse: Sendable {
    /// The status code.
    public let status: Int
    /// Header fields, in order.
    public let headers: [(String, String)]
    /// The body's bytes.
    public let body: [UInt8]

    /// A response; see the properties.
    public init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plain-text response (for refusals, which carry no page).
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((text + "\n").utf8))
    }
}
