import AuthTrail
import AuthTrailTestSupport
import Testing

@testable import AuthTrailAnalysis

@Suite("Code filters (`--code`) matched as integers and names")
struct CodeMatcherTests {
    /// The rule as docs and `--help` state it: a code matches when it equals, in any case, one of the record's codes
    /// spelled out as text. Written the slow way, as the filter did before it parsed its codes once.
    static func spelledOut(_ codes: Set<String>, _ record: LogRecord) -> Bool {
        var spellings: [String] = []
        if let code = record.errorCode {
            spellings.append(String(code))
            if let domain = record.errorDomain { spellings.append("\(domain):\(code)") }
        }
        spellings += [record.errorCodeName, record.errorSubcodeName].compactMap { $0 }
        spellings += [record.errorSubcode, record.httpStatus].compactMap { $0 }.map(String.init)
        for sts in record.stsErrorCodes { spellings += ["AADSTS\(sts)", String(sts)] }
        let wanted = Set(codes.map { $0.lowercased() })
        return spellings.contains { wanted.contains($0.lowercased()) }
    }

    static func failure(
        domain: String? = "MSALErrorDomain", code: Int? = -50002, name: String? = "interactionRequired",
        subcode: Int? = nil, subcodeName: String? = nil, status: Int? = nil, sts: [Int] = []
    ) -> LogRecord {
        var record = LogRecord(eventName: .acquisitionEnd)
        record.errorDomain = domain
        record.errorCode = code
        record.errorCodeName = name
        record.errorSubcode = subcode
        record.errorSubcodeName = subcodeName
        record.httpStatus = status
        record.stsErrorCodes = sts
        return record
    }

    @Test(
        "each spelling of each code field matches, in any case; other spellings of the same number do not",
        arguments: [
            ("-50002", true), ("MSALErrorDomain:-50002", true), ("msalerrordomain:-50002", true),
            ("INTERACTIONREQUIRED", true), ("-42", true), ("badTokenCacheItem", true), ("429", true),
            ("AADSTS50076", true), ("aadsts50076", true), ("50076", true),
            ("050076", false), ("+429", false), ("AADSTS050076", false), ("AADSTS+50076", false),
            ("-050002", false), ("MSALErrorDomain:-5000", false), ("OtherDomain:-50002", false),
            ("MSALErrorDomain:", false), (":-50002", false), ("interaction", false), ("", false),
        ])
    func spellings(code: String, matches: Bool) {
        let record = Self.failure(subcode: -42, subcodeName: "badTokenCacheItem", status: 429, sts: [50076])
        var filter = EventFilter()
        filter.codes = [code]
        #expect(filter.accepts(record) == matches)
        #expect(Self.spelledOut([code], record) == matches)
    }

    @Test("a domain that lower-cases to other bytes matches as the spelled-out rule says")
    func unicodeDomain() {
        let record = Self.failure(domain: "ÉRRORDOMAİN", code: 7, name: nil)
        for code in ["érrordomai̇n:7", "ÉRRORDOMAİN:7", "errordomain:7", "ÉRRORDOMAIN:7"] {
            var filter = EventFilter()
            filter.codes = [code]
            #expect(filter.accepts(record) == Self.spelledOut([code], record), "\(code)")
        }
    }

    @Test("20,000 random records and code sets: the parsed filter keeps exactly what the spelled-out rule keeps")
    func randomAgreement() {
        var random = SplitMix64(seed: 35)
        let numbers = [0, 1, -1, 7, 400, 429, 50076, 53003, -50002, -50003, -42, Int.max, Int.min]
        let names = ["interactionRequired", "InteractionRequired", "userCanceled", "x:y", "ÉRRORDOMAİN", "7"]
        let domains = ["MSALErrorDomain", "NSURLErrorDomain", "msalerrordomain", "a:b", "ÉRRORDOMAİN", ""]
        func pick<Element>(_ values: [Element]) -> Element { values[Int(random.next() % UInt64(values.count))] }
        func maybe<Element>(_ values: [Element]) -> Element? { random.next() % 3 == 0 ? nil : pick(values) }
        func codeText() -> String {
            let number = pick(numbers)
            switch random.next() % 7 {
            case 0: return String(number)
            case 1: return "\(pick(domains)):\(number)"
            case 2: return "AADSTS\(number)"
            case 3: return "aadsts\(number)"
            case 4: return "0\(number)"
            case 5: return pick(names)
            default: return pick(names).uppercased()
            }
        }
        var accepted = 0
        for _ in 0..<20_000 {
            let record = Self.failure(
                domain: maybe(domains), code: maybe(numbers), name: maybe(names), subcode: maybe(numbers),
                subcodeName: maybe(names), status: maybe(numbers),
                sts: (0..<Int(random.next() % 3)).map { _ in pick(numbers) })
            let codes = Set((0..<(1 + Int(random.next() % 4))).map { _ in codeText() })
            var filter = EventFilter()
            filter.codes = codes
            let expected = Self.spelledOut(codes, record)
            #expect(filter.accepts(record) == expected, "codes \(codes.sorted()) record \(record)")
            if expected { accepted += 1 }
        }
        // Both outcomes are exercised, each often.
        #expect(accepted > 2_000 && accepted < 18_000, "\(accepted) accepted")
    }
}
