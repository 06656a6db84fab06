/// `EventFilter.codes` read once into what each of a record's code fields is compared with, so a record is matched by
/// integer lookups and at most two lower-cased names, not by spelling every code it carries as text (that was 4.6 %
/// of a `show --code`; perf, large segments).
///
/// A code given as text matches a record when it equals, in any case, one of these spellings of the record's codes:
/// `error.code` (`-50002`), `error.domain:error.code` (`MSALErrorDomain:-50002`), `error.code_name`, `error.subcode`,
/// `error.subcode_name`, the HTTP status, and each STS code as `AADSTS50076` and as `50076`.
struct CodeMatcher: Sendable, Hashable {
    /// Texts that spell an integer as `String(Int)` does: a code, sub-code, HTTP status or STS code.
    private var integers: Set<Int> = []
    /// `AADSTS` followed by such an integer.
    private var stsCodes: Set<Int> = []
    /// `domain:code`, by code: the domains, lower-cased.
    private var domainsByCode: [Int: Set<String>] = [:]
    /// Every text, lower-cased: any of them can be a code name or a sub-code name.
    private var names: Set<String> = []

    init(_ codes: Set<String>) {
        for text in codes.map({ $0.lowercased() }) {
            names.insert(text)
            if let integer = Self.integer(text[...]) { integers.insert(integer) }
            if text.hasPrefix("aadsts"), let code = Self.integer(text.dropFirst(6)) { stsCodes.insert(code) }
            if let colon = text.lastIndex(of: ":"), let code = Self.integer(text[text.index(after: colon)...]) {
                domainsByCode[code, default: []].insert(String(text[..<colon]))
            }
        }
    }

    /// Whether no code was given.
    var isEmpty: Bool { names.isEmpty }

    func matches(_ record: LogRecord) -> Bool {
        if let code = record.errorCode {
            if integers.contains(code) { return true }
            if let domains = domainsByCode[code], let domain = record.errorDomain,
                domains.contains(domain.lowercased())
            {
                return true
            }
        }
        if let subcode = record.errorSubcode, integers.contains(subcode) { return true }
        if let status = record.httpStatus, integers.contains(status) { return true }
        for code in record.stsErrorCodes where stsCodes.contains(code) || integers.contains(code) { return true }
        if let name = record.errorCodeName, names.contains(name.lowercased()) { return true }
        if let name = record.errorSubcodeName, names.contains(name.lowercased()) { return true }
        return false
    }

    /// The integer `text` spells exactly as `String(Int)` writes it (no sign but `-`, no leading zero); nil otherwise.
    private static func integer(_ text: Substring) -> Int? {
        guard let value = Int(text), String(value) == text else { return nil }
        return value
    }
}
