import AuthTrail
import Foundation

// Tokens a pasted error is made of: codes, OAuth errors, HTTP status, debugger summaries, MSAL log lines.
extension PastedTextScan {
    // MARK: Tokens

    /// Reads a token at `position`; false when none starts there.
    mutating func readToken() -> Bool {
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "E") where matches("Error Domain="): return readNSError()
        case UInt8(ascii: "d") where matches("domain: "): return readDebuggerSummary()
        case UInt8(ascii: "c") where matches("code: "): return readUnsignedCode()
        case UInt8(ascii: "?"), UInt8(ascii: "&"), UInt8(ascii: "#"):
            return matches("error=", at: position + 1) ? readURLOAuthError() : false
        case UInt8(ascii: "C") where matches("CorrelationId"):
            position += "CorrelationId".utf8.count
            while position < bytes.count, bytes[position] == UInt8(ascii: ":") || bytes[position] == UInt8(ascii: "=") {
                position += 1
            }
            if let id = readGUID(skippingSpaces: true) { noteCorrelation(id) }
            return true
        case UInt8(ascii: "U") where matches("UserInfo={"): return readUserInfoStart()
        case UInt8(ascii: "("): return readParenthesised()
        case UInt8(ascii: "A") where matches("AADSTS"): return readPrefixedCode("AADSTS", isB2C: false)
        case UInt8(ascii: "A") where matches("AADB2C"): return readPrefixedCode("AADB2C", isB2C: true)
        case UInt8(ascii: "C")
        where matches("Correlation ID:") || matches("Correlation Id:") || matches("Correlation+ID:"):
            // `Correlation+ID:+…`: B2C descriptions arrive form-encoded.
            position += "Correlation ID:".utf8.count
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") { position += 1 }
            if let id = readGUID(skippingSpaces: true) { noteCorrelation(id) }
            return true
        case UInt8(ascii: "\"") where matches("\"correlation_id\":") || matches("\"correlationId\":"):
            position += (matches("\"correlationId\":") ? "\"correlationId\":" : "\"correlation_id\":").utf8.count
            if let id = guid(in: position..<min(bytes.count, position + 48)) { noteCorrelation(id) }
            return true
        case UInt8(ascii: "\"") where matches("\"error\":") || matches("\"suberror\":"):
            return readJSONOAuthError()
        case UInt8(ascii: "E") where matches("ErrorCode: "):
            return readExceptionErrorCode()
        case UInt8(ascii: "e") where matches("errorCode:") || matches("errorCode ="):
            return readErrorCodeField()
        case UInt8(ascii: "e") where matches("error: "):
            return readCodeThenDomain()
        case UInt8(ascii: "e") where matches("error code ") && !matches("error code: "):
            return readAADErrorLogLine()
        case UInt8(ascii: "e") where matches("error ") && position > 0 && bytes[position - 1] == UInt8(ascii: " "):
            return readBareDomainError()
        case UInt8(ascii: "S"), UInt8(ascii: "s"), UInt8(ascii: "H"):
            return readHTTPStatus()
        case UInt8(ascii: "M"), UInt8(ascii: "\""), UInt8(ascii: "R"), UInt8(ascii: "r"):
            return readUserInfoKey()
        case UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "0")...UInt8(ascii: "9"), 0xE2:
            return readMention()
        default: return false
        }
    }

    /// A correlation id in text: the open error's, else the plain codes' around it, else the last error's.
    mutating func noteCorrelation(_ id: String) {
        if let target = currentTarget(allowingLast: false) {
            if findings[target].correlationID == nil { findings[target].correlationID = id }
        } else if !context.findings.isEmpty || context.line >= 0 {
            note { $0.correlationID = $0.correlationID ?? id }
        } else if let last = findings.indices.last, line - lastFindingLine <= 3 {
            if findings[last].correlationID == nil { findings[last].correlationID = id }
        } else {
            note { $0.correlationID = $0.correlationID ?? id }
        }
    }

    /// Xcode's variables view and `po` of a Swift `Error`: `domain: "MSALErrorDomain" - code: 18446744073709501616`
    /// (LLDB prints the NSInteger as unsigned 64-bit; read back as the signed value, -50000).
    mutating func readDebuggerSummary() -> Bool {
        guard !insideError else { return false }
        var cursor = position + "domain: ".utf8.count
        if matches("@", at: cursor) { cursor += 1 }
        guard matches("\"", at: cursor) else { return false }
        let domainStart = cursor + 1
        cursor = domainStart
        while cursor < bytes.count, isDomainByte(bytes[cursor]), cursor - domainStart < 200 { cursor += 1 }
        guard cursor > domainStart, matches("\"", at: cursor) else { return false }
        let domain = string(domainStart..<cursor)
        cursor += 1
        guard matches(" - code: ", at: cursor), let (code, end) = readInteger(at: cursor + " - code: ".utf8.count)
        else { return false }
        position = end
        append(PastedError(form: .debuggerSummary, domain: canonicalDomain(domain), code: code))
        return true
    }

    /// `code: 18446744073709501616` on its own, as Xcode's variables view shows an MSAL error's code: a value from 2^63
    /// up is a negative NSInteger read as unsigned; smaller values say too little to be an error.
    mutating func readUnsignedCode() -> Bool {
        guard !insideError, position == 0 || !isDomainByte(bytes[position - 1]) else { return false }
        let start = position + "code: ".utf8.count
        guard let (code, end) = readInteger(at: start), code < 0, !matches("-", at: start),
            end == bytes.count || !isDomainByte(bytes[end])
        else { return false }
        position = end
        append(PastedError(form: .errorCodeField, domain: MSALUserInfoKeyNames.msalDomain, code: code))
        return true
    }

    /// `?error=access_denied&error_description=…` in a redirect URL: the OAuth error of the codes beside it.
    mutating func readURLOAuthError() -> Bool {
        guard let (word, end) = oauthWord(at: position + "?error=".utf8.count) else { return false }
        position = end
        if let target = currentTarget(allowingLast: false) {
            if findings[target].oauthError == nil { findings[target].oauthError = word }
        } else {
            note { $0.oauthError = $0.oauthError ?? word }
        }
        return true
    }

    /// `"error":"invalid_grant"` and `"suberror":"basic_action"` in an STS JSON body: the OAuth error and suberror
    /// of the AADSTS codes beside it.
    mutating func readJSONOAuthError() -> Bool {
        guard currentTarget(allowingLast: false) == nil else { return false }
        let isSuberror = matches("\"suberror\":")
        var cursor = position + (isSuberror ? "\"suberror\":" : "\"error\":").utf8.count
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\""), let (word, end) = oauthWord(at: cursor + 1)
        else { return false }
        position = end
        if isSuberror {
            note { $0.oauthSuberror = $0.oauthSuberror ?? word }
        } else {
            note { $0.oauthError = $0.oauthError ?? word }
        }
        return true
    }

    /// MSAL.NET's `ErrorCode: invalid_grant` line: the OAuth error of the AADSTS codes after it.
    mutating func readExceptionErrorCode() -> Bool {
        guard currentTarget(allowingLast: false) == nil, let (word, end) = oauthWord(at: position + 11) else {
            return false
        }
        position = end
        note { $0.oauthError = $0.oauthError ?? word }
        return true
    }

    /// An OAuth error code at `start` (`invalid_grant`, `interaction_required`): lower-case letters and `_`, with at
    /// least one `_`; the word and where it ends.
    func oauthWord(at start: Int) -> (String, Int)? {
        var cursor = start
        while cursor < bytes.count, cursor - start < 64,
            (0x61...0x7A).contains(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "_")
        {
            cursor += 1
        }
        let word = string(start..<cursor)
        guard cursor - start >= 5, word.contains("_"), cursor == bytes.count || !isDomainByte(bytes[cursor])
        else { return nil }
        return (word, cursor)
    }

    /// `StatusCode: 429`, `status: 400`, `Status code: 503`, `HTTP/1.1 429`: an HTTP failure status, outside an error.
    mutating func readHTTPStatus() -> Bool {
        guard currentTarget(allowingLast: false) == nil else { return false }
        var cursor = position
        if matches("HTTP/1.1 ") || matches("HTTP/1.0 ") {
            cursor += 9
        } else if matches("HTTP/2 ") {
            cursor += 7
        } else {
            guard position == 0 || !isDomainByte(bytes[position - 1]) else { return false }
            var matched = false
            for word in ["statuscode", "status code", "status"] where matchesIgnoringCase(word, at: cursor) {
                cursor += word.utf8.count
                matched = true
                break
            }
            guard matched else { return false }
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "_") {
                cursor += 1
            }
            // `HTTP StatusCode 400`: MSAL.NET's log writes the status after a space.
            let spaced = matchesIgnoringCase("statuscode ", at: position) && matches(" ", at: cursor)
            guard cursor < bytes.count,
                bytes[cursor] == UInt8(ascii: ":") || bytes[cursor] == UInt8(ascii: "=") || spaced
            else { return false }
            cursor += 1
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        }
        guard let (status, end) = readInteger(at: cursor), (400...599).contains(status), end - cursor == 3 else {
            return false
        }
        position = end
        note { $0.httpStatus = $0.httpStatus ?? status }
        return true
    }

    /// MSAL's AAD error log line: `Processing an AAD error with error code -51412, error invalid_grant, suberror
    /// (null)`: an MSID OAuth error with its OAuth error and suberror.
    mutating func readAADErrorLogLine() -> Bool {
        guard !insideError, let (code, end) = readInteger(at: position + "error code ".utf8.count), code < 0,
            matches(", error ", at: end)
        else { return false }
        var error = PastedError(form: .logLine, domain: "MSIDOAuthErrorDomain", code: code)
        var cursor = end + ", error ".utf8.count
        if let (word, wordEnd) = plainWord(at: cursor) {
            error.oauthError = word
            cursor = wordEnd
        }
        if matches(", suberror ", at: cursor), let (word, wordEnd) = plainWord(at: cursor + ", suberror ".utf8.count) {
            error.oauthSuberror = word
            cursor = wordEnd
        }
        position = cursor
        append(error)
        return true
    }

    /// A word of letters, digits and `_` at `start`, nil for MSAL's `(null)`.
    func plainWord(at start: Int) -> (String, Int)? {
        var cursor = start
        while cursor < bytes.count, cursor - start < 64, isDomainByte(bytes[cursor]), bytes[cursor] != UInt8(ascii: ".")
        {
            cursor += 1
        }
        return cursor > start ? (string(start..<cursor), cursor) : nil
    }

    /// `com.apple.AuthenticationServices.WebAuthenticationSession error 2` without the parentheses of a
    /// localizedDescription: a domain-shaped word, then ` error `, then the code.
    mutating func readBareDomainError() -> Bool {
        guard !insideError else { return false }
        var start = position - 1
        while start > 0, position - start < 200, isDomainByte(bytes[start - 1]) { start -= 1 }
        guard start < position - 1 else { return false }
        let domain = string(start..<(position - 1))
        guard domain.hasPrefix("com.apple.") || domain.hasSuffix("ErrorDomain") || domain == "OSStatus" else {
            return false
        }
        let codeStart = position + "error ".utf8.count
        guard let (code, end) = readInteger(at: codeStart), end == bytes.count || !isDomainByte(bytes[end]) else {
            return false
        }
        position = end
        append(PastedError(form: .localizedDescription, domain: canonicalDomain(domain), code: code))
        return true
    }

    func matchesIgnoringCase(_ literal: String, at start: Int) -> Bool {
        let utf8 = literal.utf8
        guard start + utf8.count <= bytes.count else { return false }
        var index = start
        for byte in utf8 {
            let actual = bytes[index]
            if (actual >= 0x41 && actual <= 0x5A ? actual | 0x20 : actual) != byte { return false }
            index += 1
        }
        return true
    }
}
