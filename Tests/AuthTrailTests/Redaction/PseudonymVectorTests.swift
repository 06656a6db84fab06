import AuthTrail
import Testing

/// Fixed HMAC-SHA256 vectors: a pseudonym is the first 5 bytes of HMAC-SHA256(install key, normalized identifier),
/// in lowercase hex. Support matches pseudonyms across bundles and versions (`--key-file`), so a change in the
/// normalization, the truncation or the key handling must fail here. The expected markers were computed outside
/// Swift (Python's `hmac`), not by the code under test.
@Suite("pseudonyms stay the same across versions")
struct PseudonymVectorTests {
    /// The key bytes 0x00, 0x01, … 0x1f.
    static let key = RedactionKey(bytes: Array(0..<32))

    @Test(
        "known key, known input, known marker",
        arguments: [
            ("account Megan.Bowen@Contoso.com", "account <email:1ba660160d>"),
            ("from 203.0.113.42 today", "from <ip:608d984297> today"),
            ("path /Users/meganb/Library", "path /Users/<user:7548a0c0fc>/Library"),
        ])
    func vector(input: String, expected: String) {
        let redactor = Redactor(level: .maskAllPII, key: Self.key)
        #expect(redactor.redact(text: input) == expected)
    }

    @Test("the key's public id is the first 4 bytes of its SHA-256")
    func keyID() {
        #expect(Self.key.id == "630dcd29")
    }
}
