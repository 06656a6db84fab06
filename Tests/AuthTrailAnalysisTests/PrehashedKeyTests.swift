import Testing

@testable import AuthTrailAnalysis

/// Keys whose hash is computed once (`StableHash`, `OperationKey`, `PatternKey`, `HashedString`) and handed to sets
/// and dictionaries without running `Hasher`: tables keyed by them still find, keep apart and remove exactly the keys
/// they hold.
@Suite("keys hashed once behave as keys in sets and dictionaries")
struct PrehashedKeyTests {
    @Test("a set of stable hashes holds exactly the values inserted, through growth and removal")
    func stableHashSet() {
        var generator = SystemRandomNumberGenerator()
        let values = (0..<60_000).map { _ in UInt64.random(in: .min ... .max, using: &generator) }
        var set = Set<StableHash>()
        for value in values { set.insert(StableHash(value)) }
        #expect(set.count == Set(values).count)
        for value in values.enumerated() where value.offset.isMultiple(of: 2) { set.remove(StableHash(value.element)) }
        let kept = Set(values.enumerated().filter { !$0.offset.isMultiple(of: 2) }.map(\.element))
        #expect(set.count == kept.count)
        #expect(values.allSatisfy { set.contains(StableHash($0)) == kept.contains($0) })
    }

    @Test("open operations keyed by (install, operation id): the same id in two installs is two operations")
    func operationKeys() {
        var open: [OperationKey: Int] = [:]
        var expected: [String: Int] = [:]
        for index in 0..<30_000 {
            let install = "install-\(index % 7)"
            // Every fifth attempt has no operation id: its install alone tells it apart.
            let operation = index.isMultiple(of: 5) ? "" : "op-\(index % 4_001)"
            open[OperationKey(installID: install, operationID: operation), default: 0] += 1
            expected["\(install)/\(operation)", default: 0] += 1
        }
        #expect(open.count == expected.count)
        for (key, count) in open { #expect(expected["\(key.installID)/\(key.operationID)"] == count) }
        // Removing half and looking every key up again: removal moves the keys after it by their stored hash.
        let keys = open.keys.sorted()
        for (offset, key) in keys.enumerated() where offset.isMultiple(of: 2) { open[key] = nil }
        #expect(open.count == keys.count / 2)
        for (offset, key) in keys.enumerated() {
            let count = offset.isMultiple(of: 2) ? nil : expected["\(key.installID)/\(key.operationID)"]
            #expect(open[key] == count)
        }
        #expect(OperationKey(installID: "a", operationID: "x") != OperationKey(installID: "b", operationID: "x"))
        #expect(OperationKey(installID: "a", operationID: "") != OperationKey(installID: "b", operationID: ""))
    }

    @Test("a table's bucket depends on its seed, and sequential values spread over the buckets")
    func bucketHash() {
        let values = (0..<4_096).map(UInt64.init)
        let differing = values.filter { StableHash.bucketHash($0, seed: 1) != StableHash.bucketHash($0, seed: 2) }
        #expect(differing.count == values.count)
        // 4,096 sequential values into 256 buckets by their low bits: about 16 each, none past 48.
        var buckets = [Int](repeating: 0, count: 256)
        for value in values { buckets[StableHash.bucketHash(value, seed: 0) & 255] += 1 }
        #expect(buckets.max()! <= 48 && buckets.min()! >= 1, "\(buckets.min()!)...\(buckets.max()!)")
    }

    @Test("a pattern keyed with the hash the builder computed once is the pattern keyed from its fields")
    func patternHashedOnce() {
        let fields: [(String, Int?, Int?)] = [
            ("MSALErrorDomain", -50000, -42011), ("MSALErrorDomain", -50002, nil), ("NSURLErrorDomain", -1009, nil),
            ("OSStatus", nil, nil), ("", 0, 0),
        ]
        var table: [PatternKey: Int] = [:]
        for (domain, code, subcode) in fields {
            table[PatternKey(domain: domain, code: code, subcode: subcode)] = 1
        }
        for (domain, code, subcode) in fields {
            let once = PatternKey(
                domain: domain, code: code, subcode: subcode,
                fieldsHash: PatternKey.fieldsHash(domain, code, subcode))
            #expect(once == PatternKey(domain: domain, code: code, subcode: subcode))
            table[once, default: 0] += 1
        }
        #expect(table.count == fields.count && table.values.allSatisfy { $0 == 2 })
        #expect(PatternKey(domain: "D", code: 1, subcode: nil) != PatternKey(domain: "D", code: nil, subcode: 1))
    }

    @Test("the last key made is the key of the ids given, through repeats, changes, absent and empty ids")
    func lastOperationKey() {
        var generator = SystemRandomNumberGenerator()
        let installs: [String?] = [nil, "", "install-a", "install-b"]
        let operations: [String?] = [nil, "", "op-1", "op-2", "0f9d2c4e-8a47-4b1e-9d55-3c1a7e6b2f10"]
        var last = LastOperationKey()
        for _ in 0..<20_000 {
            // Repeats are as likely as changes, as in a log where an attempt's start and end follow each other.
            let install = installs.randomElement(using: &generator)!
            let operation = operations.randomElement(using: &generator)!
            let expected = OperationKey(installID: install ?? "", operationID: operation ?? "")
            let made = last.key(installID: install, operationID: operation)
            #expect(made == expected && made.installID == expected.installID)
            #expect(made.operationID == expected.operationID)
        }
    }
}
