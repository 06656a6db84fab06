// GUIDs, by what the text before them says they are.
extension TextScan {
    // MARK: GUIDs

    /// For a GUID, or `<guid>.<guid>` (home account id): `.some(kind)` to pseudonymize, `.some(nil)` to keep, nil
    /// when `range` is not one. A lone GUID is judged by the words before it: correlation, client, tenant and request
    /// ids stay; object, user, account and device ids are hashed; a GUID with no telling context stays.
    func guidIdentifier(in range: Range<Int>) -> IdentifierKind?? {
        guard isGUID(at: range.lowerBound, limit: range.upperBound) else { return nil }
        if range.count == 36 { return .some(context(before: range.lowerBound)) }
        // `<uid>.<utid>-login.windows.net`: the keychain account MSAL prints, a home account id and its environment.
        if range.count >= 73, input[range.lowerBound + 36] == UInt8(ascii: "."),
            isGUID(at: range.lowerBound + 37, limit: range.upperBound)
        {
            return .some(.account)
        }
        // `<uid>.<utid>` and B2C's `<uid>-b2c_1_policy.<utid>`.
        let tail = range.upperBound - 36
        if range.count >= 73, input[tail - 1] == UInt8(ascii: "."), isGUID(at: tail, limit: range.upperBound) {
            return .some(.account)
        }
        return nil
    }

    func isGUID(at start: Int, limit: Int) -> Bool {
        guard start + 36 <= limit else { return false }
        return GUIDCheck.matches(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input[start..<(start + 36)])))
    }

    /// The identifier kind named by the nearest telling word among the three before `position`, on the same line.
    /// An email address or one of the engine's placeholders ends the search: either is a value, not a name, and
    /// judging both alike keeps redaction idempotent (`a@b.io <GUID>` and `<email:…> <GUID>` give the same answer).
    func context(before position: Int) -> IdentifierKind? {
        var end = position
        let limit = max(0, position - 64)
        var words = 0
        while end > limit, words < 3 {
            while end > limit, !ByteClass.isAlphanumeric(input[end - 1]) {
                if input[end - 1] == UInt8(ascii: "\n") || input[end - 1] == UInt8(ascii: "@") { return nil }
                end -= 1
            }
            var start = end
            while start > limit, ByteClass.isAlphanumeric(input[start - 1]) || input[start - 1] == UInt8(ascii: "_") {
                start -= 1
            }
            guard start < end else { return nil }
            let word = start..<end
            if endsPlaceholder(word) { return nil }
            // Numbers (times, dates, thread ids) name nothing.
            if ByteClass.isDigit(input[start]) {
                end = start
                words += 1
                continue
            }
            if matches(word, "id") || matches(word, "is") || matches(word, "the") || matches(word, "for") {
                end = start
                continue
            }
            words += 1
            switch engine.keys.classify(input[word]) {
            case .identifier(let kind):
                // A GUID after `user`, `upn` or `name` is the user's object id.
                return kind == .account || kind == .device ? kind : .oid
            case .keep: return nil
            default: break
            }
            // `tenant profile <GUID>`, `account identifier <GUID>` (MSAL's cache lookups print these).
            if matches(word, "object") || matches(word, "users") || matches(word, "subject")
                || matches(word, "profile")
            {
                return .oid
            }
            if matches(word, "home") || matches(word, "account") { return .account }
            if matches(word, "correlation") || matches(word, "client") || matches(word, "request")
                || matches(word, "trace") || matches(word, "operation")
            {
                return nil
            }
            end = start
        }
        return nil
    }

    /// Whether `word` is the value of a placeholder: `<tag:` before it and `>` after.
    func endsPlaceholder(_ word: Range<Int>) -> Bool {
        guard word.lowerBound >= 3, input[word.lowerBound - 1] == UInt8(ascii: ":") else { return false }
        var tagStart = word.lowerBound - 1
        while tagStart > 0, input[tagStart - 1] >= UInt8(ascii: "a"), input[tagStart - 1] <= UInt8(ascii: "z") {
            tagStart -= 1
        }
        return isPlaceholder(tagStart..<word.upperBound)
    }
}
