/// One pass of the redaction scanner over UTF-8 text.
///
/// Hand-written single-pass byte scanner rather than regular expressions: the goal is at least 100 MB/s of free text
/// on one core (docs/BENCHMARKS.md), and NSRegularExpression on Linux runs one pattern at a few MB/s through UTF-16.
/// The text is split into runs (bytes between whitespace, quotes and brackets); a table lookup per byte finds the
/// runs worth a closer look (those with `@ : / = . -`, digits or a long length), and only those go through the
/// detectors in `TextScan+Detectors.swift`. Untouched text is returned without a copy.
struct TextScan {
    let input: UnsafeBufferPointer<UInt8>
    let engine: RedactionEngine
    let classes: UnsafeBufferPointer<UInt8>
    private(set) var output: [UInt8] = []
    var copied = 0
    private(set) var changed = false
    /// What the last key said about the value that follows it (`password: …`, `"upn": "…"`, `Bearer …`).
    var pending: Pending = .none
    /// The closing quote of a string being scanned from inside, so it is not taken for an opening one.
    var closingQuote = -1
    /// The class of a JSON key being scanned from inside; it applies to the value once its closing quote is reached.
    var keyClassAtClosingQuote: FieldKeyClass?
    /// Reused for normalized identifiers, so a pseudonym allocates nothing.
    var scratch: [UInt8] = []
    /// The closing `\"` of an escaped string (JSON inside a JSON string) being scanned from inside.
    var closingEscapedQuote = -1
    /// The class of an escaped key being scanned from inside, applied once its closing `\"` is reached.
    var keyClassAtClosingEscapedQuote: FieldKeyClass?
    /// Where a display name that ran on past its run (`name=Ylva Marrow`) ended; the scan resumes there.
    var nameEnd = 0
    /// Detection only: nothing is copied or hashed; what would be replaced is recorded in `found`.
    let detecting: Bool
    /// In detection: one bit per `PrivacyFinding` that a replacement would have hidden.
    private(set) var found: UInt32 = 0

    enum Pending {
        case none
        case value(FieldKeyClass)
        case authorization
        /// After a bare `Bearer` or `Basic` in prose: the next run is a credential if it is long enough to be one.
        case schemeCredential
    }

    init(
        input: UnsafeBufferPointer<UInt8>, engine: RedactionEngine, classes: UnsafeBufferPointer<UInt8>,
        detecting: Bool = false
    ) {
        self.input = input
        self.engine = engine
        self.classes = classes
        self.detecting = detecting
    }

    /// The redacted bytes, or nil when nothing changed.
    mutating func finish() -> [UInt8]? {
        guard changed else { return nil }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied...]))
        return output
    }

    // MARK: Output

    /// Copies the text before `range` to the output and skips `range`; the caller appends the replacement. False
    /// when `range` lies in what was already replaced.
    mutating func beginReplacing(_ range: Range<Int>) -> Bool {
        // Detectors run left to right, so a range never starts before what was already replaced; if one ever did,
        // the overlap is dropped rather than trapping inside the app's logging call.
        guard range.upperBound > copied else { return false }
        if detecting {
            copied = range.upperBound
            return true
        }
        let start = max(range.lowerBound, copied)
        if !changed {
            output.reserveCapacity(input.count + 64)
            changed = true
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<start]))
        copied = range.upperBound
        return true
    }

    mutating func remove(_ range: Range<Int>, label: SecretLabel) {
        // `"code":"AADB2C90273"`: an error code under a secret's name is what support needs, never a secret.
        guard !range.isEmpty, !isServiceErrorCode(range), beginReplacing(range) else { return }
        if detecting {
            found |= 1 << PrivacyFinding(label).bit
            return
        }
        output.append(contentsOf: label.marker)
    }

    /// Replaces `range` with the pseudonym of its value when the level hides `kind` and the value is not allowed.
    mutating func pseudonymize(_ range: Range<Int>, kind: IdentifierKind) {
        guard !range.isEmpty, engine.level.hides(kind) else { return }
        if detecting {
            if beginReplacing(range) {
                let isVersion6 = kind == .ip && input[range].contains(UInt8(ascii: ":"))
                found |= 1 << (isVersion6 ? PrivacyFinding.ipv6Address : PrivacyFinding(kind)).bit
            }
            return
        }
        if !engine.allowedValues.isEmpty,
            engine.allowedValues.contains(String(decoding: input[range], as: UTF8.self))
        {
            return
        }
        RedactionEngine.normalize(input[range], kind: kind, into: &scratch)
        guard beginReplacing(range) else { return }
        scratch.withUnsafeBytes { engine.appendPseudonym(of: $0, tag: kind.rawValue, to: &output) }
    }

    // MARK: Main loop

    mutating func run() {
        let count = input.count
        var index = 0
        while index < count {
            let byte = input[index]
            if classes[Int(byte)] & ByteClass.delimiter != 0 {
                switch byte {
                case UInt8(ascii: "\""):
                    index = quote(at: index)
                case UInt8(ascii: "\n"):
                    pending = .none
                    index += 1
                case UInt8(ascii: "<"):
                    // The engine's own `<email:3f2a9c01d4>` or `<jwt:removed>`: already redacted, so redacting twice
                    // changes nothing and detection finds nothing.
                    if let end = marker(at: index) {
                        pending = .none
                        index = end
                    } else {
                        index += 1
                    }
                case UInt8(ascii: "("):
                    if let end = parenthesizedPhone(at: index) {
                        valueOrPhone(index..<end)
                        index = end
                    } else {
                        index += 1
                    }
                default:
                    index += 1
                }
                continue
            }
            if byte == UInt8(ascii: "-"), let end = pemBlock(at: index) {
                remove(index..<end, label: .pem)
                pending = .none
                index = end
                continue
            }
            if byte == UInt8(ascii: "+"), let end = internationalPhone(at: index) {
                valueOrPhone(index..<end)
                index = end
                continue
            }
            if byte == UInt8(ascii: "\\"), index + 1 < count, input[index + 1] == UInt8(ascii: "\"") {
                index = escapedQuote(at: index)
                continue
            }
            var end = index + 1
            var flags = classes[Int(byte)]
            while end < count {
                let next = classes[Int(input[end])]
                if next & ByteClass.delimiter != 0 { break }
                flags |= next
                end += 1
            }
            // `name\"` inside an escaped string: the `\"` is the string's quote, not part of the word.
            if end < count, end - 1 > index, input[end - 1] == UInt8(ascii: "\\"), input[end] == UInt8(ascii: "\"") {
                end -= 1
            }
            index = word(index..<end, flags: flags)
        }
    }

    /// A phone number found across spaces: the pending key decides, else it is a phone number.
    mutating func valueOrPhone(_ range: Range<Int>) {
        if case .value(let keyClass) = pending, keyClass != .neutral {
            pending = .none
            apply(keyClass, to: range)
        } else {
            pending = .none
            pseudonymize(range, kind: .phone)
        }
    }

    /// One run of non-delimiter bytes; returns where the scan resumes (past the run, or past a display name that
    /// spans several runs).
    mutating func word(_ range: Range<Int>, flags: UInt8) -> Int {
        let first = input[range.lowerBound]
        let last = input[range.upperBound - 1]
        // Lone punctuation (`:` between a JSON key and its value, `=`, `-`) leaves the pending key in place.
        if range.count == 1, classes[Int(first)] & (ByteClass.letter | ByteClass.digit) == 0 { return range.upperBound }
        // The redactor's own placeholders stay as they are, so redacting redacted text changes nothing. Before,
        // `email:` read as a key (the hash was hashed again) and `token=<token:removed>` became
        // `token=<<token:removed>>` (found by the redactor fuzz target's idempotence check; inputs in
        // Tests/Fuzz/Regressions/redactor/).
        if isPlaceholder(range) {
            pending = .none
            return range.upperBound
        }
        switch pending {
        case .value(.secret(label: .token)) where isProseWord(range):
            // `could not acquire token: Error Domain=…`: a word of prose after `token:` is no token (every OAuth
            // token is long or mixes case and digits); the sentence goes on.
            pending = .none
        case .value(.identifier(.name)):
            // `name: Megan Bowen`: the whole display name, not only its first word.
            pending = .none
            // `Name: Microsoft.Identity.Client.MsalClientException`: a type, not a person.
            if isTypeName(range) { return range.upperBound }
            if let name = displayName(startingAt: range.lowerBound), name.upperBound > range.upperBound {
                pseudonymize(name, kind: .name)
                return name.upperBound
            }
            apply(.identifier(.name), to: valueRange(range, for: .identifier(.name)))
            return range.upperBound
        case .value(let keyClass):
            pending = .none
            apply(keyClass, to: valueRange(range, for: keyClass))
            return range.upperBound
        case .authorization:
            if isScheme(range) {
                pending = .value(.secret(label: .credential))
            } else {
                pending = .none
                remove(range, label: .credential)
            }
            return range.upperBound
        case .schemeCredential:
            pending = .none
            if range.count >= 8 { remove(range, label: .credential) }
            return range.upperBound
        case .none:
            break
        }
        if (last == UInt8(ascii: ":") || last == UInt8(ascii: "=")) && range.count > 1 {
            let name = range.lowerBound..<(range.upperBound - 1)
            // A key is a name (`token:`, `x-ms-request-id:`); `megan@contoso.com:` ending a clause is a value.
            if !name.contains(where: {
                isPieceSeparator(input[$0]) || input[$0] == UInt8(ascii: "=") || input[$0] == UInt8(ascii: "@")
                    || input[$0] == UInt8(ascii: "%")
            }) {
                setPending(for: engine.keys.classify(input[name]))
                return range.upperBound
            }
        }
        // Letters and digits alone, shorter than an opaque token: nothing to find but `Bearer`, `Basic` and `name`.
        if flags & ByteClass.special == 0 && range.count < ByteClass.longRun {
            // A JWT fragment with no dot in it (a line MSAL wrapped inside the header) still starts with `eyJ`.
            if range.count >= 24, first == UInt8(ascii: "e"), hasPrefix("eyJ", at: range.lowerBound) {
                atom(range)
                return range.upperBound
            }
            if (range.count == 6 || range.count == 5) && (matches(range, "bearer") || matches(range, "basic")) {
                // `Bearer <token>`, `Basic <credentials>`: the next run is the credential.
                pending = .schemeCredential
            }
            // `… with name Megan Bowen`: MSAL and apps print a display name after the bare word.
            if range.count == 4, matches(range, "name"), range.upperBound < input.count,
                input[range.upperBound] == UInt8(ascii: " "),
                let name = displayName(startingAt: range.upperBound + 1)
            {
                pseudonymize(name, kind: .name)
                return name.upperBound
            }
            return range.upperBound
        }
        pieces(range)
        return max(range.upperBound, nameEnd)
    }

    /// A word of prose: ASCII letters, at most one capital and only first, shorter than any token (`Error`,
    /// `expired`, `Masked`).
    func isProseWord(_ range: Range<Int>) -> Bool {
        guard range.count < 24, ByteClass.isAlphanumeric(input[range.lowerBound]),
            !ByteClass.isDigit(input[range.lowerBound])
        else { return false }
        return input[(range.lowerBound + 1)..<range.upperBound].allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
    }

    /// A display name starting at `start`: one to four capitalised words (`Megan`, `Bowen`, `Jean-Luc`, `Zoë`)
    /// separated by single spaces. Nil when the first word is not one.
    func displayName(startingAt start: Int) -> Range<Int>? {
        var end = start
        var cursor = start
        for _ in 0..<4 {
            guard let wordEnd = nameWord(at: cursor) else { break }
            end = wordEnd
            guard wordEnd + 1 < input.count, input[wordEnd] == UInt8(ascii: " ") else { break }
            cursor = wordEnd + 1
        }
        return end > start ? start..<end : nil
    }

    /// Where a capitalised name word at `start` ends: an upper-case letter (or a non-ASCII letter), then lower-case or
    /// non-ASCII letters, `-` before another capital; nil when none starts there or it runs into a `(`, a digit or
    /// other punctuation (`Masked(null)`, `MSAL`, `Error1`).
    func nameWord(at start: Int) -> Int? {
        guard start < input.count else { return nil }
        let first = input[start]
        guard (first >= 0x41 && first <= 0x5A) || first >= 0xC3 else { return nil }
        var index = start + 1
        var lower = 0
        while index < input.count, index - start <= 40 {
            let byte = input[index]
            if (byte >= 0x61 && byte <= 0x7A) || byte >= 0x80 {
                lower += 1
            } else if byte == UInt8(ascii: "-"), index + 1 < input.count, input[index + 1] >= 0x41,
                input[index + 1] <= 0x5A
            {
                index += 1
            } else {
                break
            }
            index += 1
        }
        guard lower > 0 else { return nil }
        if index < input.count {
            // A name ends at a space, a delimiter or a full stop; `(`, `<`, `[` and `{` start something else.
            let next = input[index]
            let opens =
                next == UInt8(ascii: "(") || next == UInt8(ascii: "<") || next == UInt8(ascii: "[")
                || next == UInt8(ascii: "{")
            guard !opens, classes[Int(next)] & ByteClass.delimiter != 0 || next == UInt8(ascii: ".") else {
                return nil
            }
        }
        return index
    }

    mutating func setPending(for keyClass: FieldKeyClass) {
        switch keyClass {
        case .neutral: break  // `ID:` after `Correlation` must not cancel anything; a neutral key sets nothing.
        case .authorization: pending = .authorization
        default: pending = .value(keyClass)
        }
    }

    /// What a key's class does to its value.
    mutating func apply(_ keyClass: FieldKeyClass, to range: Range<Int>) {
        guard !range.isEmpty else { return }
        if input[range.lowerBound] == UInt8(ascii: "<"), marker(at: range.lowerBound) == range.upperBound { return }
        switch keyClass {
        case .secret(let label):
            // `Code=-50002`, `"code": 429`: a number under a secret's name is an error code, not a secret.
            if isNumber(range) || isLiteral(range) { return }
            remove(range, label: label)
        case .identifier(let kind):
            if isLiteral(range) || (kind == .name && isTypeName(range)) { return }
            // `User: megan@contoso.com` is an email, whatever the field calls it.
            let isEmail = kind == .username && email(in: range) == range
            // A level that keeps this identifier still scans its value: `oid: <JWT>` kept the JWT at maskEUIIOnly
            // and maskSecretsOnly (found by the redactor fuzz target; Tests/Fuzz/Regressions/redactor/).
            guard engine.level.hides(isEmail ? .email : kind) else {
                pieces(range)
                return
            }
            pseudonymize(range, kind: isEmail ? .email : kind)
        case .keep:
            // Ids under these names stay (the GUID rule reads the name before them); anything else in the value is
            // still scanned, so `error: megan@contoso.com` hides the address.
            pieces(range)
        case .authorization:
            // `Proxy-Authorization=BASIC <credentials>`: the scheme alone ends the run; the credential is the next.
            if isScheme(range) {
                pending = .value(.secret(label: .credential))
                return
            }
            var start = range.lowerBound
            while start < range.upperBound, input[start] != UInt8(ascii: " ") { start += 1 }
            if start < range.upperBound, isScheme(range.lowerBound..<start) {
                remove((start + 1)..<range.upperBound, label: .credential)
            } else {
                remove(range, label: .credential)
            }
        case .neutral:
            pieces(range)
        }
    }
}
