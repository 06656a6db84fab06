/// A failure pattern: (`error.domain`, `error.code`, `error.subcode`).
struct PatternKey: Hashable {
    let domain: String
    let code: Int?
    let subcode: Int?
    /// The three hashed once: a failed attempt's key is looked up in about ten tables (patterns, breakdowns,
    /// timelines, examples), and hashing its domain string in each cost about 3 % of a report (perf, large segments).
    private let fieldsHash: UInt64

    init(domain: String, code: Int?, subcode: Int?) {
        self.domain = domain
        self.code = code
        self.subcode = subcode
        func mixed(_ hash: UInt64, _ value: Int?) -> UInt64 {
            let withValue = (hash ^ UInt64(bitPattern: Int64(value ?? 0))) &* 0x0000_0100_0000_01b3
            return (withValue ^ (value == nil ? 0 : 1)) &* 0x0000_0100_0000_01b3
        }
        fieldsHash = mixed(mixed(DistinctCount.hash(domain), code), subcode)
    }

    static func == (left: Self, right: Self) -> Bool {
        left.fieldsHash == right.fieldsHash && left.code == right.code && left.subcode == right.subcode
            && left.domain == right.domain
    }

    func hash(into hasher: inout Hasher) { hasher.combine(fieldsHash) }

    /// The same in every run (for counting folded groups).
    var stableHash: UInt64 { DistinctCount.hash(text) }

    /// `domain|code|subcode`, `-` for an absent code or sub-code.
    var text: String { "\(domain)|\(code.map(String.init) ?? "-")|\(subcode.map(String.init) ?? "-")" }
}
