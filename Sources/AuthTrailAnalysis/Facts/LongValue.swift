import AuthTrail

/// String values longer than `ReportBounds.stringBytes` of UTF-8, as the analysis keeps them: their first
/// `keptBytes`, `…#` and a hash of the whole (16 hexadecimal digits), so distinct values stay distinct and none holds
/// more than about 210 bytes. Ids, domains, names and versions are far shorter; kept whole, a 140 KB input of 2,000
/// operations with 1 MB ids held 2 GB (zstd shrinks repeated bytes to almost nothing), since the memory bounds count
/// values, not bytes.
enum LongValue {
    /// Bytes of a long value kept as written (cut back to the start of a character).
    static let keptBytes = 192

    /// `bytes` (UTF-8) shortened.
    static func shortened(_ bytes: UnsafeRawBufferPointer) -> String {
        let hash = String(ByteHash.of(bytes), radix: 16)
        return prefix(of: bytes, upTo: keptBytes) + "…#" + String(repeating: "0", count: 16 - hash.count) + hash
    }

    /// The first `count` bytes of `bytes` (UTF-8), fewer when that would end inside a character.
    static func prefix(of bytes: UnsafeRawBufferPointer, upTo count: Int) -> String {
        var cut = min(count, bytes.count)
        // A continuation byte (10xxxxxx) does not start a character.
        while cut > 0, cut < bytes.count, UTF8.isContinuation(bytes[cut]) { cut -= 1 }
        return String(decoding: bytes[..<cut], as: UTF8.self)
    }

    /// `text` when it is no longer than `ReportBounds.stringBytes`, else shortened, adding 1 to `shortened`.
    static func bounded(_ text: String, shortened: inout Int) -> String {
        guard text.utf8.count > ReportBounds.stringBytes else { return text }
        shortened += 1
        var text = text
        return text.withUTF8 { Self.shortened(UnsafeRawBufferPointer($0)) }
    }
}

extension LongValue {
    /// Entries kept of one list of a recorded set-up (URL schemes, authority hosts); apps register a few.
    static let setupListEntries = 64

    /// `setup` (an `app.configuration` line, read by Foundation) with its strings bounded as the scanner bounds an
    /// event's, and its lists cut to their first `setupListEntries`; adds to `shortened` each value shortened and
    /// each list cut.
    static func bounded(_ setup: RecordedAppConfiguration, shortened: inout Int) -> RecordedAppConfiguration {
        var setup = setup
        func bound(_ value: inout String?) {
            if let text = value { value = bounded(text, shortened: &shortened) }
        }
        func bound(_ list: inout [String]) {
            if list.count > setupListEntries {
                list.removeLast(list.count - setupListEntries)
                shortened += 1
            }
            list = list.map { bounded($0, shortened: &shortened) }
        }
        bound(&setup.bundleID)
        bound(&setup.platform)
        bound(&setup.msalVersion)
        bound(&setup.redirectScheme)
        bound(&setup.keychainGroup)
        bound(&setup.urlSchemes)
        bound(&setup.authorityHosts)
        bound(&setup.knownAuthorityHosts)
        if case .notChecked(let reason) = setup.keychainProbe {
            setup.keychainProbe = .notChecked(reason: bounded(reason, shortened: &shortened))
        }
        return setup
    }
}
