/// A failure pattern: (`error.domain`, `error.code`, `error.subcode`).
struct PatternKey: Hashable {
    let domain: String
    let code: Int?
    let subcode: Int?
    /// The three hashed once: a failed attempt's key is looked up in about ten tables (patterns, breakdowns,
    /// timelines, examples), and hashing its domain string in each cost about 3 % of a report (perf, large segments).
    let fieldsHash: UInt64

    init(domain: String, code: Int?, subcode: Int?) {
        self.init(domain: domain, code: code, subcode: subcode, fieldsHash: Self.fieldsHash(domain, code, subcode))
    }

    /// A key whose `fieldsHash` was computed already (`ReportFact.EndedAttempt.patternHash`).
    init(domain: String, code: Int?, subcode: Int?, fieldsHash: UInt64) {
        self.domain = domain
        self.code = code
        self.subcode = subcode
        self.fieldsHash = fieldsHash
    }

    static func fieldsHash(_ domain: String, _ code: Int?, _ subcode: Int?) -> UInt64 {
        func mixed(_ hash: UInt64, _ value: Int?) -> UInt64 {
            let withValue = (hash ^ UInt64(bitPattern: Int64(value ?? 0))) &* 0x0000_0100_0000_01b3
            return (withValue ^ (value == nil ? 0 : 1)) &* 0x0000_0100_0000_01b3
        }
        return mixed(mixed(DistinctCount.hash(domain), code), subcode)
    }

    static func == (left: Self, right: Self) -> Bool {
        left.fieldsHash == right.fieldsHash && left.code == right.code && left.subcode == right.subcode
            && left.domain == right.domain
    }

    func hash(into hasher: inout Hasher) { hasher.combine(fieldsHash) }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The table's bucket without running `Hasher` (`StableHash`).
    func _rawHashValue(seed: Int) -> Int { StableHash.bucketHash(fieldsHash, seed: seed) }

    /// The same in every run (for counting folded groups).
    var stableHash: UInt64 { DistinctCount.hash(text) }

    /// `domain|code|subcode`, `-` for an absent code or sub-code.
    var text: String { "\(domain)|\(code.map(String.init) ?? "-")|\(subcode.map(String.init) ?? "-")" }
}
