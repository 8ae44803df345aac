/// What the server knows of a request before its body: enough to refuse it early.
package struct HTTPRequestHead: Sendable {
    /// `GET`, `POST` …, as sent.
    package let method: String
    /// The path, percent-decoded by libmicrohttpd, without the query.
    package let path: String
    /// Header fields by lowercased name (the last one when repeated).
    package let headers: [String: String]
    /// Query arguments, decoded (an argument without `=` has the empty value).
    package let query: [String: String]
}

/// A whole request: its head and its form fields (a POST's `application/x-www-form-urlencoded`
/// body, decoded by libmicrohttpd's post processor).
package struct HTTPRequest: Sendable {
    package let head: HTTPRequestHead
    /// Form fields by name (a form repeating one is refused before it gets here); empty for a GET.
    package let form: [String: String]
}

/// A response: status, header fields and body.
package struct HTTPResponse: Sendable {
    package let status: Int
    /// Header fields, in order.
    package let headers: [(String, String)]
    package let body: [UInt8]

    /// A response; see the properties.
    package init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plain-text response (for refusals, which carry no page).
    package static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((text + "\n").utf8))
    }
}
