import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// The forms of issue 33 `explain` did not read, its exit status for the same text given different ways, the set-up
/// codes it now points to `authtrail doctor`, the description it shows, the count past 10,000 errors and its JSON
/// key order. Each failed before the change.
@Suite("explain reads what people type and answers the same way however it is given")
struct ExplainFormsTests {
    static let forms: [(text: String, heading: String)] = [
        ("Sign in failed with AADSTS 50011: The reply URL specified in the request does not match", "AADSTS50011 "),
        ("Code=-50005", "MSALErrorDomain -50005 userCanceled"),
        ("Der Vorgang konnte nicht abgeschlossen werden. (MSALErrorDomain-Fehler -50005.)", "MSALErrorDomain -50005"),
        ("操作无法完成。（MSALErrorDomain错误-50005。）", "MSALErrorDomain -50005"),
        ("Error 530001: The request was blocked", "AADSTS530001"),
        ("401", "HTTP 401 unauthorized"),
    ]

    @Test("each form is read, as an argument and on standard input, with the same exit status 0", arguments: forms)
    func formsAreRead(text: String, heading: String) throws {
        let argument = try ProcessRunner.authtrail(["explain", text])
        let input = try ProcessRunner.authtrail(["explain", "-"], input: Data(text.utf8))
        #expect(argument.status == 0 && input.status == 0, "\(text): \(argument.status) / \(input.status)")
        #expect(argument.text.contains(heading), "\(argument.text)")
        #expect(input.text.contains(heading), "\(input.text)")
    }

    @Test("AADSTS 50011 with a space keeps the redirect-URI action and points to the doctor's redirect rules")
    func redirectURICause() throws {
        let text = try ProcessRunner.authtrail(["explain", "-"], input: Data("failed: AADSTS 50011: reply URL".utf8))
            .text
        #expect(text.contains("the redirect URI is missing or does not match"))
        #expect(text.contains("authtrail doctor") && text.contains("redirect-uri-bundle-mismatch"))
    }

    @Test("explain -- -42006 answers as explain -42006")
    func doubleDash() throws {
        let plain = try ProcessRunner.authtrail(["explain", "-42006"])
        let dashed = try ProcessRunner.authtrail(["explain", "--", "-42006"])
        #expect(dashed.status == 0 && dashed.text == plain.text)
    }

    @Test(
        "the same text gives the same exit status as arguments, on standard input and in a file",
        arguments: ["Code=-50005", "-77777", "12345", "hello", "401", "AADSTS50076", "-50002 -50005", "Error 530001:"])
    func sameStatus(text: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/paste.txt"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let argument = try ProcessRunner.authtrail(["explain"] + text.split(separator: " ").map(String.init))
        let input = try ProcessRunner.authtrail(["explain", "-"], input: Data(text.utf8))
        let file = try ProcessRunner.authtrail(["explain", "--file", path])
        #expect(argument.status == input.status && input.status == file.status, "\(text)")
        #expect(argument.text == input.text && input.text == file.text, "\(text)")
    }

    @Test(
        "set-up codes point to authtrail doctor, typed alone and inside a pasted error",
        arguments: [-42001, -42006, -42010, -42011, -42700])
    func setUpCodes(code: Int) throws {
        let alone = try ProcessRunner.authtrail(["explain", String(code)])
        #expect(alone.text.contains("authtrail doctor"), "\(alone.text)")
        let paste = #"Error Domain=MSALErrorDomain Code=-50000 "(null)" UserInfo={MSALInternalErrorCodeKey=\#(code)}"#
        let pasted = try ProcessRunner.authtrail(["explain", paste])
        #expect(pasted.text.contains("set-up:       ") && pasted.text.contains("authtrail doctor"), "\(pasted.text)")
        let json = try ProcessRunner.authtrail(["explain", "--format", "json", paste]).text
        #expect(json.contains("\"doctorRules\""))
    }

    @Test("-34018 points to the keychain rule, alone and as OSStatus")
    func keychain() throws {
        for text in ["-34018", "(OSStatus error -34018.)"] {
            let result = try ProcessRunner.authtrail(["explain", text])
            #expect(
                result.text.contains("authtrail doctor") && result.text.contains("keychain-group-missing"), "\(text)")
        }
    }

    @Test("the paste's MSALErrorDescriptionKey is shown, redacted")
    func description() throws {
        let paste =
            #"Error Domain=MSALErrorDomain Code=-50000 "(null)" UserInfo={MSALErrorDescriptionKey=The provided "#
            + "redirect URI uses MSAL format, but the bundle ID does not match megan.bowen@contoso.com, "
            + "MSALInternalErrorCodeKey=-42011}"
        for format in ["text", "json"] {
            let result = try ProcessRunner.authtrail(["explain", "--format", format, paste])
            #expect(
                result.text.contains("The provided redirect URI uses MSAL format, but the bundle ID does not match"))
            #expect(!result.text.contains("megan.bowen") && result.text.contains("<email:"), "\(result.text)")
        }
    }

    @Test("past 10,000 errors the rest is counted: and N more")
    func omittedCount() throws {
        let lines = (1...10_005).map { "Error Domain=AppDomain\($0) Code=\($0)" }.joined(separator: "\n")
        let text = try ProcessRunner.authtrail(["explain", "-"], input: Data(lines.utf8))
        #expect(text.status == 0)
        #expect(text.text.contains("and 5 more errors read after the first 10000"))
        let json = try ProcessRunner.authtrail(["explain", "--format", "json", "-"], input: Data(lines.utf8)).text
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["omittedErrors"] as? Int == 5)
        #expect((object?["errors"] as? [Any])?.count == 10_000)
    }

    /// The keys of each object in JSON text, in the order written.
    static func keyOrders(_ json: String) -> [[String]] {
        var orders = [[String]]()
        var stack = [[String]]()
        for line in json.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let match = trimmed.firstMatch(of: #/^"([^"]+)" : /#) {
                stack[stack.count - 1].append(String(match.output.1))
            }
            if trimmed.hasSuffix("{") { stack.append([]) }
            if trimmed.hasPrefix("}") { orders.append(stack.removeLast()) }
        }
        return orders
    }

    @Test("JSON keys are in code-point order in every object, pasted or typed, and empty lists print []")
    func keyOrder() throws {
        let pasted = try ProcessRunner.authtrail([
            "explain", "--format", "json",
            #"Error Domain=MSALErrorDomain Code=-50000 "(null)" UserInfo={MSALInternalErrorCodeKey=-42011}"#,
        ]).text
        let typed = try ProcessRunner.authtrail(["explain", "--format", "json", "AADSTS50011"]).text
        for json in [pasted, typed] {
            let orders = Self.keyOrders(json)
            #expect(!orders.isEmpty)
            for keys in orders {
                #expect(
                    keys == keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }, "\(keys)")
            }
            #expect(!json.contains("[\n\n"), "an empty list spans lines")
        }
        #expect(pasted.contains("\"b2cErrorCodeSpellings\" : [],\n      \"b2cErrorCodes\" : []"))
    }

    @Test("every key explain --format json writes is documented in docs/REPORT-JSON.md")
    func keysDocumented() throws {
        let root = PastedErrorFixtureTests.fixtures.deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/REPORT-JSON.md"), encoding: .utf8)
        let section = try #require(doc.range(of: "## `authtrail explain --format json`")).upperBound
        let documented = Set(doc[section...].matches(of: /`([A-Za-z0-9]+)`/).map { String($0.output.1) })
        let texts = [
            ["AADSTS50011"], ["-42011"], ["getting MSALErorDomain code -50002"],
            [
                #"Error Domain=MSALErrorDomain Code=-50000 "(null)" UserInfo={MSALErrorDescriptionKey=x, MSALInternalErrorCodeKey=-42011, MSALOAuthErrorKey=invalid_grant, MSALHTTPResponseCodeKey=429, MSALCorrelationIDKey=5e3a1c2b-9d4f-4e6a-8b7c-1d2e3f4a5b6c}"#
            ],
        ]
        for arguments in texts {
            let json = try ProcessRunner.authtrail(["explain", "--format", "json"] + arguments).text
            for key in Self.keyOrders(json).flatMap({ $0 }) {
                #expect(documented.contains(key), "\(key) is not documented")
            }
        }
    }
}
