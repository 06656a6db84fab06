import AuthTrail
import AuthTrailAnalysis
import Foundation

/// What must hold when `authtrail explain` meets any pasted text; checked by the `fuzz-pasted-error` libFuzzer target
/// (Tests/Fuzz/PastedError) and replayed over the committed corpus by the unit tests.
///
/// The input is the paste (invalid UTF-8 becomes U+FFFD). The harness also plants a JWT and an email where the
/// scanner copies text into its findings (an NSError's domain, description and userInfo values, a binding's
/// message, an OAuth error) between the input's two halves; neither may appear in the text or JSON rendering.
package enum PastedErrorInvariants {
    // Synthetic values: a JWT-shaped string and an email no one owns; never printed.
    static let plantedToken =
        "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1cG4iOiJwYXN0ZUBjb250b3NvLmNvbSJ9.cGFzdGVkLWVycm9yLWZ1enotc2ln"
    static let plantedEmail = "paste.planted.user@contoso-fuzz.com"
    static let redactor = Redactor(level: .maskAllPII, key: RedactionKey(bytes: Array(repeating: 9, count: 32)))

    /// The violated invariants for `input` (empty when all hold). Messages never include the text or a planted value.
    package static func violations(input: [UInt8]) -> [String] {
        var violations = [String]()
        let half = input.count / 2
        let head = String(decoding: input[..<half], as: UTF8.self)
        let tail = String(decoding: input[half...], as: UTF8.self)
        let text = head + tail

        // 1. Any text: findings stay within their bounds and nest one level at a time, outermost first.
        violations += check(PastedErrorScanner.errors(in: text), rendered: false, input: text)

        // 2. The planted secrets, where the scanner copies text, never reach either rendering.
        let planted = """
            \(head) Error Domain=\(plantedToken) Code=-50000 "\(plantedEmail) \(plantedToken)" UserInfo={\
            MSALOAuthErrorKey=\(plantedToken), MSALErrorDescriptionKey=\(plantedEmail), MSALCorrelationIDKey=\
            \(plantedEmail), NSUnderlyingError=0x1 {Error Domain=\(plantedEmail) Code=1 "(null)"}} \
            (\(plantedToken) error -50005.) errorCode: \(plantedEmail) \(tail) invalid_grant: AADSTS50076 \
            "error":"\(plantedEmail)" (\(plantedEmail), -50002)
            """
        violations += check(PastedErrorScanner.errors(in: planted), rendered: true, input: text)
        return violations
    }

    private static func check(_ errors: [PastedError], rendered: Bool, input: String) -> [String] {
        var violations = [String]()
        if errors.count > PastedErrorScanner.maximumFindings { violations.append("more findings than the cap") }
        var previousDepth = -1
        for error in errors {
            if error.depth >= PastedErrorScanner.maximumNestingDepth {
                violations.append("a finding deeper than the cap")
            }
            if error.depth > previousDepth + 1 { violations.append("an underlying error without its outer error") }
            previousDepth = error.depth
        }
        let text = PastedErrorRendering.text(errors, redactor: redactor)
        let json = PastedErrorRendering.json(errors, redactor: redactor)
        if (try? JSONSerialization.jsonObject(with: Data(json.utf8))) == nil {
            violations.append("the JSON rendering does not parse")
        }
        guard rendered else { return violations }
        for (name, output) in [("text", text), ("JSON", json)] {
            if output.contains(plantedEmail) {
                violations.append("the planted email survived in the \(name) rendering")
            }
            if output.contains(plantedToken) || hasTokenPart(output, input: input) {
                violations.append("the planted JWT survived in the \(name) rendering")
            }
        }
        return violations
    }

    /// Whether the JWT's payload or signature survived on its own (unless the input itself holds that segment).
    private static func hasTokenPart(_ text: String, input: String) -> Bool {
        plantedToken.split(separator: ".").dropFirst().contains { text.contains($0) && !input.contains($0) }
    }
}
