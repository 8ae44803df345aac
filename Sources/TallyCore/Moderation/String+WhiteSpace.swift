extension String {
    /// The text without leading and trailing white space (Unicode's definition).
    func trimmingWhiteSpace() -> String {
        var slice = Substring(self)
        while let first = slice.unicodeScalars.first, first.properties.isWhitespace {
            slice = Substring(slice.unicodeScalars.dropFirst())
        }
        while let last = slice.unicodeScalars.last, last.properties.isWhitespace {
            slice = Substring(slice.unicodeScalars.dropLast())
        }
        return String(slice)
    }

    /// True when the text is empty or only white space.
    var isBlank: Bool { unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
}
