import AuthTrail
import Foundation

// userInfo keys and where their values end.
extension PastedTextScan {
    // MARK: userInfo keys

    static let keys: [String] = [
        "MSALErrorDescriptionKey", "MSALInternalErrorCodeKey", "MSALOAuthErrorKey", "MSALOAuthSubErrorKey",
        "MSALSTSErrorCodesKey",
        "MSALHTTPResponseCodeKey", "MSALCorrelationIDKey", "MSIDCorrelationIdKey", "Retry-After", "retry-after",
    ]

    /// `Key=Value` (or `Key = Value;`, or `"Key" = Value;`) for one of ``keys``, inside an error's userInfo or the
    /// `=> { … }` block after it.
    mutating func readUserInfoKey() -> Bool {
        var target = currentTarget()
        var cursor = position
        let quoted = bytes[cursor] == UInt8(ascii: "\"")
        if quoted { cursor += 1 }
        guard let key = Self.keys.first(where: { matches($0, at: cursor) }) else { return false }
        // Outside an error a `Retry-After` header means something (an HTTP response pasted beside its status), and
        // MSAL's keys start an error of their own: pastes often begin in the middle of the userInfo.
        let isMSALKey = key.hasPrefix("MSAL")
        guard target != nil || key.lowercased() == "retry-after" || isMSALKey else { return false }
        cursor += key.utf8.count
        if quoted {
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") else { return false }
            cursor += 1
        }
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") || bytes[cursor] == UInt8(ascii: ":")
        else { return false }
        cursor += 1
        if target == nil, isMSALKey {
            guard let fragment = openFragment() else { return false }
            target = fragment
        }
        if key == "MSALErrorDescriptionKey" {
            // The description is read as text: its AADSTS codes and `Correlation ID:` line belong to this error.
            position = cursor
            if let target, findings[target].errorDescription == nil {
                let text = string(cursor..<endOfDescription(from: cursor))
                let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\";"))
                if !trimmed.isEmpty, trimmed != "(null)" {
                    findings[target].errorDescription = String(trimmed.prefix(1000))
                }
            }
            return true
        }
        guard let target else {
            // A header line's value is the number alone; the text after it may hold the codes it describes.
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\"") {
                cursor += 1
            }
            guard let (seconds, end) = readInteger(at: cursor), seconds >= 0 else { return false }
            position = end
            note { $0.retryAfterSeconds = $0.retryAfterSeconds ?? seconds }
            return true
        }
        let valueStart = cursor
        let valueEnd = endOfValue(from: valueStart)
        position = valueEnd
        let value = string(valueStart..<valueEnd)
        let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\";"))
        switch key {
        case "MSALInternalErrorCodeKey": findings[target].subcode = ErrorCatalog.nsInteger(trimmed)
        case "MSALOAuthErrorKey": findings[target].oauthError = word(trimmed)
        case "MSALOAuthSubErrorKey": findings[target].oauthSuberror = word(trimmed)
        case "MSALHTTPResponseCodeKey": findings[target].httpStatus = Int(trimmed)
        case "MSALCorrelationIDKey", "MSIDCorrelationIdKey":
            findings[target].correlationID = guid(in: valueStart..<valueEnd)
        case "MSALSTSErrorCodesKey":
            for number in numbers(in: valueStart..<valueEnd) { add(number, isB2C: false, to: target) }
        default: findings[target].retryAfterSeconds = Int(trimmed)
        }
        return true
    }

    /// Where `MSALErrorDescriptionKey`'s text ends: its closing quote when quoted (`= "…";`), else the `}` that closes
    /// the userInfo or the `, Key=` of the next key (the text itself may hold commas, brackets and line breaks); at
    /// most 4 KiB.
    func endOfDescription(from start: Int) -> Int {
        var cursor = start
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        let limit = min(bytes.count, cursor + 4096)
        if cursor < limit, bytes[cursor] == UInt8(ascii: "\"") {
            cursor += 1
            while cursor < limit, bytes[cursor] != UInt8(ascii: "\"") {
                cursor += bytes[cursor] == UInt8(ascii: "\\") ? 2 : 1
            }
            return min(cursor + 1, limit)
        }
        while cursor < limit {
            switch bytes[cursor] {
            case UInt8(ascii: "}"): return cursor
            case UInt8(ascii: ","):
                // `, MSALInternalErrorCodeKey=`: a key of letters, `_` and `-`, then `=`.
                var key = cursor + 1
                while key < limit, bytes[key] == UInt8(ascii: " ") || bytes[key] == UInt8(ascii: "\n") { key += 1 }
                let keyStart = key
                while key < limit, key - keyStart < 64, isDomainByte(bytes[key]) || bytes[key] == UInt8(ascii: "-") {
                    key += 1
                }
                if key > keyStart, key < limit, bytes[key] == UInt8(ascii: "=") { return cursor }
            default: break
            }
            cursor += 1
        }
        return cursor
    }

    /// Where a userInfo value ends: the `,`, `;` or newline before the next key, or the `}` or `)` that closes it.
    /// Nested brackets are skipped; a value never runs past 4 KiB (longer values are prose).
    func endOfValue(from start: Int) -> Int {
        var cursor = start
        var nesting = 0
        let limit = min(bytes.count, start + 4096)
        while cursor < limit {
            let byte = bytes[cursor]
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["): nesting += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                if nesting == 0 { return cursor }
                nesting -= 1
            case UInt8(ascii: "{"), UInt8(ascii: "}"): return cursor
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\n"):
                if nesting == 0 { return cursor }
            default: break
            }
            cursor += 1
        }
        return cursor
    }

    /// The error a key or code at `position` belongs to: the innermost open one, or, inside the braces of an
    /// `=> { … }` block after it, the last outermost one.
    func currentTarget(allowingLast: Bool = true) -> Int? {
        if let last = open.last { return last.finding }
        if allowingLast, braceDepth > 0 { return lastOutermost }
        return nil
    }

    mutating func append(_ error: PastedError) {
        if !context.isEmpty || !context.findings.isEmpty { closeContext() }
        guard findings.count < PastedErrorScanner.maximumFindings else {
            omitted += 1
            return
        }
        var error = error
        if error.correlationID == nil { error.correlationID = headerCorrelationID() }
        findings.append(error)
        lastOutermost = findings.count - 1
        lastFindingLine = line
    }

    /// The correlation id in the MSAL log header of the current line, before `position`:
    /// `TID=… MSAL 1.2.5 iOS 18.4 [2025-04-16 08:51:07 - 6FB5FEB1-…] …`.
    func headerCorrelationID() -> String? {
        // The header is near the line's start, after prefixes such as `[MSAL] ` or an NSLog header.
        let end = min(position, lineStart + 512)
        var cursor = lineStart + 1
        while cursor + 40 <= end {
            if bytes[cursor] == UInt8(ascii: "-"), bytes[cursor - 1] == UInt8(ascii: " "),
                bytes[cursor + 1] == UInt8(ascii: " "), bytes[cursor + 38] == UInt8(ascii: "]"),
                let id = guid(in: (cursor + 2)..<(cursor + 38))
            {
                return id
            }
            cursor += 1
        }
        return nil
    }
}
