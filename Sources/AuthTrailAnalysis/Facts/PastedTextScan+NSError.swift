import AuthTrail
import Foundation

// NSError descriptions and the codes printed inside or beside them.
extension PastedTextScan {
    mutating func readNSError() -> Bool {
        var cursor = position + "Error Domain=".utf8.count
        let domainStart = cursor
        while cursor < bytes.count, isDomainByte(bytes[cursor]) { cursor += 1 }
        guard cursor > domainStart else { return false }
        let domain = string(domainStart..<cursor)
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard matches("Code=", at: cursor), let (code, end) = readInteger(at: cursor + 5) else { return false }
        // Errors without userInfo before this one are complete.
        while let last = open.last, last.userInfoDepth == nil { open.removeLast() }
        // A new error outside the braces of pasted userInfo keys ends them (one inside is their underlying error).
        if let first = open.first, first.isFragment, braceDepth <= (first.userInfoDepth ?? 0) { open.removeAll() }
        // Pasted userInfo keys may be dropped when finished (see `finishFragments`): an error under them is outermost.
        let depth = open.count { !$0.isFragment }
        position = end
        guard depth < PastedErrorScanner.maximumNestingDepth else { return true }
        guard findings.count < PastedErrorScanner.maximumFindings else {
            omitted += 1
            return true
        }
        if depth == 0, !context.isEmpty || !context.findings.isEmpty { closeContext() }
        var error = PastedError(form: .nsErrorDescription, domain: canonicalDomain(domain), code: code, depth: depth)
        if depth == 0 { error.correlationID = headerCorrelationID() }
        findings.append(error)
        if depth == 0 { lastOutermost = findings.count - 1 }
        open.append(OpenError(finding: findings.count - 1, userInfoDepth: nil, startDepth: braceDepth))
        skipQuotedHeaderText()
        return true
    }

    /// Skips the `"text"` after `Code=`: its braces and parentheses are prose.
    mutating func skipQuotedHeaderText() {
        var cursor = position
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") else { return }
        // The text ends at `" UserInfo={`, or at the quote that ends the line.
        var scan = cursor + 1
        // Header text is a sentence or two: a quote with no end within 4 KiB is not one (and a 50 MB line of
        // quotes stays linear).
        let limit = min(bytes.count, scan + 4096)
        while scan < limit {
            if bytes[scan] == UInt8(ascii: "\"") {
                if matches(" UserInfo={", at: scan + 1) || scan + 1 == bytes.count || isLineEnd(bytes[scan + 1]) {
                    // Codes named in the text belong to this error.
                    scanTextForCodes(cursor + 1..<scan)
                    position = scan + 1
                    return
                }
            }
            if bytes[scan] == UInt8(ascii: "\n") { return }
            scan += 1
        }
    }

    mutating func readUserInfoStart() -> Bool {
        guard let index = open.indices.last, open[index].userInfoDepth == nil else { return false }
        position += "UserInfo=".utf8.count
        open[index].userInfoDepth = braceDepth + 1
        return true
    }

    /// `(MSALErrorDomain, -50002)`, `(MSALErrorDomain error -50005.)`, `(OSStatus error -34018.)`, and `Optional(`.
    mutating func readParenthesised() -> Bool {
        guard !insideError else { return false }
        var cursor = position + 1
        let domainStart = cursor
        while cursor < bytes.count, isDomainByte(bytes[cursor]) { cursor += 1 }
        guard cursor > domainStart, cursor - domainStart < 200 else { return false }
        let domain = string(domainStart..<cursor)
        let form: PastedError.Form
        if matches(", ", at: cursor) {
            form = .logLine
            cursor += 2
        } else if matches(" error ", at: cursor) {
            form = .localizedDescription
            cursor += 7
        } else {
            return false
        }
        // `~50000`: some fonts and bindings render the minus sign as a tilde.
        let tilde = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "~")
        guard let (parsed, end) = readInteger(at: tilde ? cursor + 1 : cursor) else { return false }
        let code = tilde ? -parsed : parsed
        let closing = form == .logLine ? ")" : (matches(".)", at: end) ? ".)" : ")")
        guard matches(closing, at: end) else { return false }
        guard form == .localizedDescription || looksLikeDomain(domain) else { return false }
        position = end + closing.utf8.count
        if form == .localizedDescription, let last = findings.indices.last, findings[last].form == .errorCodeField,
            lastFindingLine == line, findings[last].code != code
        {
            // `{ errorCode: -42000, message: …(MSALErrorDomain error -50000.) }`: the binding's code is the sub-code.
            let subcode = findings[last].code
            findings[last] = PastedError(form: form, domain: canonicalDomain(domain), code: code)
            findings[last].subcode = subcode
            return true
        }
        append(PastedError(form: form, domain: canonicalDomain(domain), code: code))
        return true
    }

    /// A binding's exception text: `errorCode: -50002` or `errorCode: "-50002"`.
    mutating func readErrorCodeField() -> Bool {
        guard !insideError else { return false }
        var cursor = position + "errorCode".utf8.count
        while cursor < bytes.count,
            bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: ":")
                || bytes[cursor] == UInt8(ascii: "=") || bytes[cursor] == UInt8(ascii: "\"")
        {
            cursor += 1
        }
        guard let (code, end) = readInteger(at: cursor) else { return false }
        position = end
        if let last = findings.indices.last, findings[last].form == .localizedDescription, lastFindingLine == line,
            findings[last].subcode == nil, findings[last].code != code
        {
            // `{ message: …(MSALErrorDomain error -50000.), errorCode: -42000 }`: the binding's code is the sub-code.
            findings[last].subcode = code
            return true
        }
        append(PastedError(form: .errorCodeField, domain: MSALUserInfoKeyNames.msalDomain, code: code))
        return true
    }

    /// MSAL's interactive-flow log phrase: `error: -51440 error domain: MSIDOAuthErrorDomain`.
    mutating func readCodeThenDomain() -> Bool {
        let quoteAt = position + "error: ".utf8.count
        if quoteAt < bytes.count, bytes[quoteAt] == UInt8(ascii: "'"), currentTarget(allowingLast: false) == nil {
            // `Message contains error: 'redirect_uri_mismatch', error_description: 'AADB2C90006: …'` (ASP.NET).
            guard let (word, end) = oauthWord(at: quoteAt + 1), matches("'", at: end) else { return false }
            position = end + 1
            note { $0.oauthError = $0.oauthError ?? word }
            return true
        }
        guard !insideError, let (code, end) = readInteger(at: position + "error: ".utf8.count),
            matches(" error domain: ", at: end)
        else { return false }
        let domainStart = end + " error domain: ".utf8.count
        var cursor = domainStart
        while cursor < bytes.count, isDomainByte(bytes[cursor]), cursor - domainStart < 200 { cursor += 1 }
        guard cursor > domainStart else { return false }
        append(PastedError(form: .logLine, domain: canonicalDomain(string(domainStart..<cursor)), code: code))
        position = cursor
        return true
    }

    /// `AADSTS50076` / `AADB2C90118` in text: attached to the error being read, or a finding of its own.
    mutating func readPrefixedCode(_ prefix: String, isB2C: Bool) -> Bool {
        var start = position + prefix.utf8.count
        // `AADSTS 50011`: people retype the code with a space.
        if matches(" ", at: start), start + 1 < bytes.count, isDigit(bytes[start + 1]) { start += 1 }
        var end = start
        while end < bytes.count, isDigit(bytes[end]), end - start < 9 { end += 1 }
        guard end > start, end == bytes.count || !isDigit(bytes[end]) else { return false }
        let code = Int(string(start..<end)) ?? 0
        let codeStart = position
        position = end
        if let target = currentTarget(allowingLast: false) {
            add(code, isB2C: isB2C, to: target)
        } else if !isB2C, let last = findings.indices.last, findings[last].stsErrorCodes.contains(code) {
            // Already counted (a repeated description).
        } else if let last = context.findings.last, findings[last].domain == (isB2C ? "AADB2C" : "AADSTS"),
            findings[last].code == code
        {
            // The same code again in the same body (`error_description` and a message quoting it).
        } else {
            var error = PastedError(form: .plainCode, domain: isB2C ? "AADB2C" : "AADSTS", code: code)
            // `invalid_request: AADSTS90027: …`: MSAL.js, MSAL Python and web stacks print the OAuth error first.
            error.oauthError = oauthErrorBefore(codeStart)
            appendPlainCode(error)
        }
        return true
    }

    /// The OAuth error written just before a code: `invalid_grant: `, `invalid_grant ` (MSAL Android's message) or
    /// `invalid_resource;` (a Flutter binding's) ending at `end`.
    func oauthErrorBefore(_ end: Int) -> String? {
        guard end >= 2 else { return nil }
        var wordEnd = end - 1
        if bytes[wordEnd] == UInt8(ascii: " ") {
            if bytes[wordEnd - 1] == UInt8(ascii: ":") || bytes[wordEnd - 1] == UInt8(ascii: ";") { wordEnd -= 1 }
        } else if bytes[wordEnd] != UInt8(ascii: ";") {
            return nil
        }
        let separatorLength = end - wordEnd
        var start = wordEnd
        while start > 0, end - start < 64,
            (0x61...0x7A).contains(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: "_")
        {
            start -= 1
        }
        guard start < wordEnd, let (word, found) = oauthWord(at: start), found == end - separatorLength else {
            return nil
        }
        return word
    }

    /// A plain AADSTS or AADB2C code read outside an error: it takes the context around it (status, OAuth error,
    /// correlation id, Retry-After).
    mutating func appendPlainCode(_ error: PastedError) {
        guard findings.count < PastedErrorScanner.maximumFindings else {
            omitted += 1
            return
        }
        if context.line >= 0, line - context.line > 3 { closeContext() }
        findings.append(error)
        lastOutermost = findings.count - 1
        lastFindingLine = line
        context.findings.append(findings.count - 1)
        context.line = line
        apply(context, to: findings.count - 1)
    }

    /// Scans an error's header text for AADSTS and AADB2C codes and a correlation id.
    mutating func scanTextForCodes(_ range: Range<Int>) {
        guard let target = findings.indices.last else { return }
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            for (prefix, isB2C) in [("AADSTS", false), ("AADB2C", true)] where matches(prefix, at: cursor) {
                var start = cursor + prefix.utf8.count
                if matches(" ", at: start), start + 1 < range.upperBound, isDigit(bytes[start + 1]) { start += 1 }
                var end = start
                while end < range.upperBound, isDigit(bytes[end]), end - start < 9 { end += 1 }
                if end > start, let code = Int(string(start..<end)) { add(code, isB2C: isB2C, to: target) }
            }
            cursor += 1
        }
    }

    mutating func add(_ code: Int, isB2C: Bool, to target: Int) {
        if isB2C {
            if !findings[target].b2cErrorCodes.contains(code) { findings[target].b2cErrorCodes.append(code) }
        } else if !findings[target].stsErrorCodes.contains(code) {
            findings[target].stsErrorCodes.append(code)
        }
    }
}
