import TallyHTTP
import TallyRender

extension HTTPResponse {
    /// A refusal outside the page's forms, as a bare page in the page's language that a phone shows at its
    /// width (plain text is laid out 980 px wide there).
    static func refusal(_ status: Int, _ refusal: ReportLanguage.PlainRefusal, in language: ReportLanguage)
        -> HTTPResponse
    {
        let text = HTMLText.escape(language.plainRefusal(refusal))
        let page = """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1"><title>\(status)</title></head>
            <body><p>\(text)</p></body></html>

            """
        return HTTPResponse(
            status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(page.utf8))
    }
}
