import AuthTrail

// Codes described rather than pasted: `MSALErrorDomain code -50005`, `- Code: -50000` under `- Domain: …`, an issue
// title `acquireToken fails with -42700`, `Keychain find status: -34018`, `Error 530001:` from a sign-in log, a
// localizedDescription in another language `(MSALErrorDomain-Fehler -50005.)`.
extension PastedTextScan {
    // MARK: Mentions

    /// Reads a code at `position` mentioned near a domain name or an error word. A negative code must be one the
    /// catalog knows (MSAL, MSAL internal, MSID, NSURLErrorDomain, OSStatus, Apple's); a positive one of five to
    /// seven digits an AADSTS or AADB2C code it knows, or any such number in a sign-in log's `Error 530001:`.
    mutating func readMention() -> Bool {
        guard open.isEmpty, findings.count < PastedErrorScanner.maximumFindings,
            mentionLooks < Self.maximumMentionLooks, let (code, start, end) = mentionedNumber()
        else { return false }
        mentionLooks += 1
        guard Self.isCatalogued(code) || (code > 0 && isSignInLogCode(start..<end)) else { return false }
        let lineEnd = endOfLine(from: end)
        let named = namedDomain(around: start..<end, lineEnd: lineEnd)
        var error: PastedError?
        if let named { error = reading(code, inDomain: named.domain) }
        if let found = error, let named {
            error?.confidence = .namedDomain
            if named.written != found.domain && named.written != "OSStatus" { error?.domainAsWritten = named.written }
        } else if hasErrorWord(around: start..<end, lineEnd: lineEnd) {
            error = inferredReading(code, around: start..<end, lineEnd: lineEnd)
            error?.confidence = .inferred
        }
        guard var error else { return false }
        error.form = .mention
        position = end
        if error.domain == MSALUserInfoKeyNames.stsDomain || error.domain == MSALUserInfoKeyNames.b2cDomain {
            appendPlainCode(error)
        } else {
            append(error)
        }
        return true
    }

    /// Numbers looked at around for a domain or an error word, at most (a paste holds a handful; 100,000 keeps a
    /// 50 MB paste of numbers to a bounded amount of work per byte).
    static let maximumMentionLooks = 100_000

    /// Whether some domain of the catalog knows `code` (negative: MSAL, internal, MSID, NSURL, OSStatus, Apple's;
    /// positive: AADSTS, AADB2C, or a negative code written without its minus): dictionary lookups only.
    static func isCatalogued(_ code: Int) -> Bool {
        let negative = code < 0 ? code : -code
        for domain in negativeDomains where ErrorCatalog.entry(domain: domain, code: negative) != nil { return true }
        guard code > 0 else { return false }
        return ErrorCatalog.entry(domain: ErrorCatalog.stsDomain, code: code) != nil
            || ErrorCatalog.entry(domain: ErrorCatalog.b2cDomain, code: code) != nil
    }

    static let negativeDomains = [
        MSALUserInfoKeyNames.msalDomain, ErrorCatalog.internalDomain, ErrorCatalog.urlDomain,
        ErrorCatalog.osStatusDomain, ErrorCatalog.msidDomain, ErrorCatalog.appSSODomain,
        ErrorCatalog.authorizationErrorDomain,
    ]

    /// A signed number at `position` standing as a word of its own (not part of a date, a version, an identifier, a
    /// GUID or a hex number): `-50005`, `~50005`, `−50005` (U+2212), `530001`; its value and byte range.
    func mentionedNumber() -> (Int, Int, Int)? {
        if position > 0 {
            let before = bytes[position - 1]
            guard !isDomainByte(before), before != UInt8(ascii: "-"), before != UInt8(ascii: "/"),
                before != UInt8(ascii: "#"), before != UInt8(ascii: "%"), before != UInt8(ascii: "+"),
                before != UInt8(ascii: "$")
            else { return nil }
        }
        var cursor = position
        var negative = false
        if bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "~") {
            negative = true
            cursor += 1
        } else if matches("\u{2212}", at: cursor) {
            negative = true
            cursor += 3
        }
        let digitsStart = cursor
        while cursor < bytes.count, isDigit(bytes[cursor]), cursor - digitsStart <= 9 { cursor += 1 }
        let count = cursor - digitsStart
        guard negative ? (3...9).contains(count) : (5...7).contains(count) else { return nil }
        if cursor < bytes.count {
            let next = bytes[cursor]
            if isDomainByte(next) && next != UInt8(ascii: ".") { return nil }
            if next == UInt8(ascii: ".") || next == UInt8(ascii: "-") || next == UInt8(ascii: ":") {
                if cursor + 1 < bytes.count, isDigit(bytes[cursor + 1]) { return nil }
            }
        }
        guard let magnitude = Int(string(digitsStart..<cursor)) else { return nil }
        return (negative ? -magnitude : magnitude, position, cursor)
    }

    /// The error `code` is in `domain`, when the catalog knows it there: an MSAL internal code as MSALErrorDomain
    /// -50000 with the sub-code, as the app receives it.
    func reading(_ code: Int, inDomain domain: String) -> PastedError? {
        if domain == MSALUserInfoKeyNames.msalDomain {
            if let entry = ErrorCatalog.entry(domain: domain, code: code), !entry.isLegacy {
                return PastedError(form: .mention, domain: domain, code: code)
            }
            if ErrorCatalog.entry(domain: ErrorCatalog.internalDomain, code: code) != nil {
                var error = PastedError(form: .mention, domain: domain, code: -50000)
                error.subcode = code
                return error
            }
            return nil
        }
        guard ErrorCatalog.entry(domain: domain, code: code) != nil else { return nil }
        return PastedError(form: .mention, domain: domain, code: code)
    }

    /// `code` read with no domain named: the catalog's first current entry for it (AADB2C before AADSTS when `B2C`
    /// is written nearby); a sign-in log's `Error 530001:` reads as AADSTS even when the catalog lacks the code.
    func inferredReading(_ code: Int, around range: Range<Int>, lineEnd: Int) -> PastedError? {
        if code > 0 {
            let line = lowercasedWindow(around: range, lineEnd: lineEnd)
            let b2cFirst = line.contains("b2c")
            let order = b2cFirst ? [ErrorCatalog.b2cDomain, ErrorCatalog.stsDomain] : [ErrorCatalog.stsDomain]
            for domain in order where ErrorCatalog.entry(domain: domain, code: code) != nil {
                return PastedError(form: .mention, domain: domain, code: code)
            }
            // `error code 34018`: a title that dropped the minus of a code the catalog knows only as negative.
            if !ErrorCatalog.entries(matching: String(-code)).isEmpty {
                return inferredReading(-code, around: range, lineEnd: lineEnd)
            }
            return isSignInLogCode(range)
                ? PastedError(form: .mention, domain: ErrorCatalog.stsDomain, code: code) : nil
        }
        // MSAL logs `Keychain find status: -25300` (errSecItemNotFound) for every cache miss: no failure.
        guard code != -25300, let entry = ErrorCatalog.entries(matching: String(code)).first else { return nil }
        if entry.domain == ErrorCatalog.internalDomain {
            var error = PastedError(form: .mention, domain: MSALUserInfoKeyNames.msalDomain, code: -50000)
            error.subcode = code
            return error
        }
        return PastedError(form: .mention, domain: entry.domain, code: code)
    }

    /// `Error 530001:`, `Error code 50011`, `Sign-in error code: 50011`: an Entra sign-in log's failure code.
    func isSignInLogCode(_ range: Range<Int>) -> Bool {
        let before = string(max(lineStart, range.lowerBound - 24)..<range.lowerBound).lowercased()
        return before.hasSuffix("error ") || before.hasSuffix("error code ") || before.hasSuffix("error code: ")
    }

    func endOfLine(from start: Int) -> Int {
        var cursor = start
        while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n"), cursor - start < 512 { cursor += 1 }
        return cursor
    }

    /// The code's line around it (160 bytes either side), lower-cased.
    func lowercasedWindow(around range: Range<Int>, lineEnd: Int) -> String {
        string(max(lineStart, range.lowerBound - 160)..<min(lineEnd, range.upperBound + 160)).lowercased()
    }

    /// Whether the code's line says it is an error: `error`, `code`, `status`, `fail`, `exception` or the word for
    /// error in a few other languages.
    func hasErrorWord(around range: Range<Int>, lineEnd: Int) -> Bool {
        let window = max(lineStart, range.lowerBound - 160)..<min(lineEnd, range.upperBound + 160)
        for start in window {
            let byte = bytes[start] | 0x20
            // Every word starts with one of these bytes (ASCII letters lower-cased, or a UTF-8 lead byte).
            guard Self.errorWordLeads.contains(byte) || bytes[start] >= 0xC0 else { continue }
            for word in Self.errorWords where start + word.utf8.count <= window.upperBound {
                if matchesIgnoringCase(word, at: start) { return true }
            }
        }
        return false
    }

    static let errorWordLeads: Set<UInt8> = Set(errorWords.compactMap { $0.utf8.first.map { $0 | 0x20 } })

    static let errorWords = [
        "error", "code", "status", "fail", "exception", "fehler", "erreur", "errore", "erro", "fout", "błąd", "chyba",
        "hata", "virhe", "feil", "ошибк", "помилк", "エラー", "错误", "錯誤", "오류", "שגיאה", "خطأ",
    ]

    // MARK: Domains named near a code

    /// The nearest domain named near the code: on its line (before it, then after it), then up to two lines before
    /// and after it (a Markdown list, Xcode's variables view) up to a blank line.
    func namedDomain(around range: Range<Int>, lineEnd: Int) -> (domain: String, written: String)? {
        let before = max(lineStart, range.lowerBound - 200)..<range.lowerBound
        if let found = domainWords(in: before).last { return found }
        if let found = domainWords(in: range.upperBound..<min(lineEnd, range.upperBound + 200)).first { return found }
        var start = lineStart
        for _ in 0..<2 where start > 0 {
            let end = start - 1
            var lineBegin = end
            while lineBegin > 0, bytes[lineBegin - 1] != UInt8(ascii: "\n"), end - lineBegin < 200 { lineBegin -= 1 }
            if lineBegin == end { break }
            if let found = domainWords(in: lineBegin..<end).last { return found }
            start = lineBegin
        }
        var next = lineEnd
        for _ in 0..<2 where next < bytes.count {
            let end = endOfLine(from: next + 1)
            if end == next + 1 { break }
            if let found = domainWords(in: (next + 1)..<min(end, next + 201)).first { return found }
            next = end
        }
        return nil
    }

    /// The domains named in `range`, in order.
    func domainWords(in range: Range<Int>) -> [(domain: String, written: String)] {
        var found = [(domain: String, written: String)]()
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            guard isDomainByte(bytes[cursor]) else {
                cursor += 1
                continue
            }
            let start = cursor
            while cursor < range.upperBound, isDomainByte(bytes[cursor]) { cursor += 1 }
            var end = cursor
            while end > start, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
            guard end - start >= 6, end - start <= 80 else { continue }
            let word = string(start..<end)
            if let domain = Self.knownDomain(word) { found.append((domain, word)) }
        }
        return found
    }

    /// The domain `word` names: a domain or an alias in any letter case (`OSStatus`, `NSURLError`), or a misspelling
    /// within two edits (three for long names) of one (`MSALErorDomain`).
    static func knownDomain(_ word: String) -> String? {
        let lower = word.lowercased()
        if let domain = domainAliases[lower] { return domain }
        guard lower.count >= 10, lower.contains("domain") || lower.hasPrefix("com.apple.") else { return nil }
        var best: (String, Int)?
        for domain in domains {
            let candidate = domain.lowercased()
            guard abs(candidate.count - lower.count) <= 3 else { continue }
            let limit = candidate.count >= 24 ? 3 : 2
            let distance = editDistance(Array(lower.utf8), Array(candidate.utf8), limit: limit)
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (domain, distance) }
        }
        return best?.0
    }

    static let domains = [
        MSALUserInfoKeyNames.msalDomain, ErrorCatalog.msidDomain, ErrorCatalog.msidOAuthDomain,
        ErrorCatalog.msidHTTPDomain, ErrorCatalog.msidKeychainDomain, ErrorCatalog.urlDomain,
        ErrorCatalog.osStatusDomain, ErrorCatalog.cfNetworkDomain, ErrorCatalog.webAuthenticationSessionDomain,
        ErrorCatalog.authorizationErrorDomain, ErrorCatalog.appSSODomain,
    ]

    static let domainAliases: [String: String] = {
        var aliases = [String: String]()
        for domain in domains { aliases[domain.lowercased()] = domain }
        aliases["osstatus"] = ErrorCatalog.osStatusDomain
        aliases["nsurlerror"] = ErrorCatalog.urlDomain
        aliases["urlerror"] = ErrorCatalog.urlDomain
        aliases["aswebauthenticationsessionerror"] = ErrorCatalog.webAuthenticationSessionDomain
        aliases["asauthorizationerror"] = ErrorCatalog.authorizationErrorDomain
        return aliases
    }()

    /// Levenshtein distance, stopping early once every path exceeds `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    // MARK: Repeats

    /// Drops each mention of a code the text also gives in an exact form (as a code, a sub-code or an AADSTS/AADB2C
    /// code of an error), and keeps one reading per code mentioned: the first naming its domain, else the first.
    mutating func dropRepeatedMentions() {
        guard findings.contains(where: { $0.form == .mention }) else { return }
        var exact = Set<Int>()
        for finding in findings where finding.form != .mention {
            exact.insert(finding.code)
            if let subcode = finding.subcode { exact.insert(subcode) }
            exact.formUnion(finding.stsErrorCodes)
            exact.formUnion(finding.b2cErrorCodes)
        }
        // One reading per code: the first that names its domain, else the first.
        var chosen = [Int: Int]()
        for (index, finding) in findings.enumerated() where finding.form == .mention {
            let code = finding.subcode ?? finding.code
            guard !exact.contains(code) else { continue }
            if let earlier = chosen[code] {
                if findings[earlier].confidence == .inferred, finding.confidence == .namedDomain {
                    chosen[code] = index
                }
            } else {
                chosen[code] = index
            }
        }
        let kept = Set(chosen.values)
        findings = findings.enumerated().filter { $0.element.form != .mention || kept.contains($0.offset) }.map(
            \.element)
    }
}
