/// One line of MSAL for iOS/macOS's log callback, split into its parts:
/// `TID=<thread id><thread tag> <product> <version> <OS> [<yyyy-MM-dd HH:mm:ss>< - correlation id>]< [component]>
/// <message>`.
///
/// The line is found wherever it starts, so the same parser reads the callback's own text and MSAL lines as people
/// paste them: behind an NSLog header (`2020-07-01 22:12:51.028 App[926:38699] `), a tag (`[MSAL] `, `MSAL log: `),
/// a logger's level and category columns, `> ` quoting, or inside `Optional("…")` or quotes (then the closing quote
/// is dropped and Swift's escapes are undone). It accepts the older `TID = <n>` form, product tags such as
/// `MSAL.xplat.macOS`, versions with a suffix (`1.1.0+local`, `0.1.4-dev`) and lines without a correlation id. A
/// thread name, when MSAL printed one, is read but never needed.
///
/// The parser never trusts the text: every part is optional, and a line in which no MSAL header is found keeps all of
/// its text in `message`. It reads each byte a bounded number of times (the header is looked for in the first
/// `headerSearchBytes` only) and copies the message once.
package struct MSALLogLine: Sendable, Hashable {
    /// The decimal thread id after `TID=`.
    package var threadID: Int?
    /// `main thread`, the thread's name, or nil.
    package var thread: String?
    /// `MSAL`, or a product tag such as `MSAL.xplat.macOS`.
    package var product: String?
    /// The MSAL version as printed, for example `2.14.0` or `1.1.0+local`.
    package var libraryVersion: String?
    /// `iOS 18.2`, `iOS Sim 18.2`, `Mac 14.5.0` or `UnkOS`.
    package var operatingSystem: String?
    /// MSAL's UTC timestamp, whole seconds, as printed (`2025-07-01 09:15:42`).
    package var loggedAt: String?
    /// The request's correlation id, when MSAL printed one and it is a UUID.
    package var correlationID: String?
    /// `MSAL` for requests (or the product tag).
    package var component: String?
    /// Everything after the header (the whole line when there is none).
    package var message: String

    /// How far into a line the header may start: prefixes are short, and the bound keeps a hostile line linear.
    package static let headerSearchBytes = 4096

    /// True when the header was found: thread id, product, version, OS and timestamp are set.
    package var hasHeader: Bool { threadID != nil }

    /// Splits `line`; a line in another format is kept whole in `message`.
    package init(parsing line: String) {
        var line = line
        let parsed = line.withUTF8 { MSALLogLineParser(bytes: $0).parse() }
        guard let parsed else {
            message = line
            return
        }
        threadID = parsed.threadID
        thread = parsed.thread
        product = parsed.product
        libraryVersion = parsed.version
        operatingSystem = parsed.operatingSystem
        loggedAt = parsed.loggedAt
        correlationID = parsed.correlationID
        component = parsed.component
        message = parsed.message
    }
}

/// The header's parts, read from bytes.
private struct ParsedMSALLine {
    var threadID: Int
    var thread: String?
    var product: String
    var version: String
    var operatingSystem: String
    var loggedAt: String
    var correlationID: String?
    var component: String?
    var message: String
}

/// Reads one line's bytes; `parse()` tries each `TID` in the first `headerSearchBytes` as the header's start.
private struct MSALLogLineParser {
    let bytes: UnsafeBufferPointer<UInt8>

    // Bounds on each header part, so one attempt reads at most a few hundred bytes.
    static let maximumThreadTag = 128
    static let maximumToken = 64
    static let maximumCorrelation = 80

    func parse() -> ParsedMSALLine? {
        let searchEnd = min(bytes.count, MSALLogLine.headerSearchBytes)
        var index = 0
        while index + 3 <= searchEnd {
            if bytes[index] == UInt8(ascii: "T"), bytes[index + 1] == UInt8(ascii: "I"),
                bytes[index + 2] == UInt8(ascii: "D"), let parsed = header(at: index)
            {
                return parsed
            }
            index += 1
        }
        return nil
    }

    private func header(at start: Int) -> ParsedMSALLine? {
        var cursor = skipSpaces(start + 3)
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { return nil }
        cursor = skipSpaces(cursor + 1)
        let digitsStart = cursor
        var threadID = 0
        while cursor < bytes.count, isDigit(bytes[cursor]), cursor - digitsStart < 18 {
            threadID = threadID * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
            cursor += 1
        }
        guard cursor > digitsStart, cursor == bytes.count || !isDigit(bytes[cursor]) else { return nil }
        // The thread tag runs to the product token: " (main thread)", a name with no space before it, or nothing.
        let tagStart = cursor
        guard let productStart = find(" MSAL", from: tagStart, within: Self.maximumThreadTag) else { return nil }
        let tag = trimmed(tagStart..<productStart)
        guard let productEnd = tokenEnd(from: productStart + 1), isProduct(productStart + 1..<productEnd),
            let versionEnd = tokenEnd(from: productEnd + 1), isVersion(productEnd + 1..<versionEnd)
        else { return nil }
        let osStart = versionEnd + 1
        guard let osEnd = find(" [", from: osStart, within: Self.maximumToken), osEnd > osStart,
            !contains(UInt8(ascii: "]"), in: osStart..<osEnd)
        else { return nil }
        let stampStart = osEnd + 2
        guard isTimestamp(at: stampStart) else { return nil }
        cursor = stampStart + 19
        var correlationID: String?
        if matches(" - ", at: cursor) {
            let idStart = cursor + 3
            guard let close = find("]", from: idStart, within: Self.maximumCorrelation) else { return nil }
            let candidate = trimmed(idStart..<close)
            if GUIDCheck.matches(candidate) { correlationID = candidate }
            cursor = close
        }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "]") else { return nil }
        cursor += 1
        var component: String?
        if matches(" [", at: cursor), let close = find("]", from: cursor + 2, within: Self.maximumToken),
            close > cursor + 2, !contains(UInt8(ascii: " "), in: cursor + 2..<close)
        {
            component = string(cursor + 2..<close)
            cursor = close + 1
        }
        cursor = skipSpaces(cursor)
        return ParsedMSALLine(
            threadID: threadID, thread: tag == "(main thread)" ? "main thread" : (tag.isEmpty ? nil : tag),
            product: string(productStart + 1..<productEnd), version: string(productEnd + 1..<versionEnd),
            operatingSystem: string(osStart..<osEnd), loggedAt: string(stampStart..<stampStart + 19),
            correlationID: correlationID, component: component, message: message(from: cursor, headerStart: start))
    }

    // MARK: The message and its quoting

    /// The rest of the line. When the header sat inside `Optional("…")`, quotes or backticks, the closing part is
    /// dropped, and inside Swift's quotes its escapes are undone.
    private func message(from start: Int, headerStart: Int) -> String {
        let opening = headerStart > 0 ? bytes[headerStart - 1] : 0
        var end = bytes.count
        var unescape = false
        switch opening {
        case UInt8(ascii: "\""):
            unescape = true
            if endsWith("\")", before: end) {
                end -= 2
            } else if endsWith("\"", before: end) {
                end -= 1
            }
        case UInt8(ascii: "`"), UInt8(ascii: "'"):
            if end > start, bytes[end - 1] == opening { end -= 1 }
        default: break
        }
        guard end > start else { return "" }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard unescape, slice.contains(UInt8(ascii: "\\")) else { return String(decoding: slice, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(slice.count)
        var index = 0
        while index < slice.count {
            let byte = slice[index]
            if byte == UInt8(ascii: "\\"), index + 1 < slice.count {
                switch slice[index + 1] {
                case UInt8(ascii: "n"): output.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): output.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): output.append(slice[index + 1])
                default: output.append(contentsOf: [byte, slice[index + 1]])
                }
                index += 2
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Parts

    private func isProduct(_ range: Range<Int>) -> Bool {
        guard matches("MSAL", at: range.lowerBound) else { return false }
        let rest = range.lowerBound + 4
        guard rest < range.upperBound else { return true }
        // `MSAL.xplat.macOS`: MSAL, then dotted names.
        return bytes[rest] == UInt8(ascii: ".")
            && (rest..<range.upperBound).allSatisfy { isAlphanumeric(bytes[$0]) || bytes[$0] == UInt8(ascii: ".") }
    }

    private func isVersion(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty, isDigit(bytes[range.lowerBound]) else { return false }
        return range.allSatisfy { index in
            let byte = bytes[index]
            return isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// `yyyy-MM-dd HH:mm:ss`.
    private func isTimestamp(at start: Int) -> Bool {
        let shape = Array("dddd-dd-dd dd:dd:dd".utf8)
        guard start + shape.count <= bytes.count else { return false }
        for (offset, expected) in shape.enumerated() {
            let byte = bytes[start + offset]
            if expected == UInt8(ascii: "d") ? !isDigit(byte) : byte != expected { return false }
        }
        return true
    }

    // MARK: Bytes

    /// The end of the token starting at `start` (the next space), when it is 1 to `maximumToken` bytes long.
    private func tokenEnd(from start: Int) -> Int? {
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: " ") {
            guard index - start < Self.maximumToken else { return nil }
            index += 1
        }
        return index > start && index < bytes.count ? index : nil
    }

    /// The first index of `literal` at or after `start`, if it starts within `within` bytes.
    private func find(_ literal: StaticString, from start: Int, within: Int) -> Int? {
        let last = min(bytes.count, start + within + 1)
        var index = start
        while index < last {
            if matches(literal, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func matches(_ literal: StaticString, at start: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard start >= 0, start + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[start + offset] != pointer[offset] { return false }
        return true
    }

    private func endsWith(_ literal: StaticString, before end: Int) -> Bool {
        matches(literal, at: end - literal.utf8CodeUnitCount)
    }

    private func contains(_ byte: UInt8, in range: Range<Int>) -> Bool { range.contains { bytes[$0] == byte } }

    private func skipSpaces(_ start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    private func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, bytes[lower] == UInt8(ascii: " ") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") { upper -= 1 }
        return string(lower..<upper)
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }
}
