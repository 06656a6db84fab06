import AuthTrailTestSupport
import Foundation
import Testing

@Suite("report, cat and bundle read raw MSAL log text, plain or compressed")
struct RawLogCommandTests {
    static let email = "megan.bowen@contoso.com"
    static let jwt =
        "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1cG4iOiJtZWdhbkBjb250b3NvLmNvbSJ9.c2lnbmF0dXJlLWNsaS10ZXN0LTAwMQ"

    /// A silent request refused, then the interactive request after it cancelled, pasted behind NSLog headers with
    /// an array over several lines and an identifier and a token in the lines.
    static let paste = """
        2024-07-12 16:58:40.100 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:40 - 11111111-2222-3333-4444-555555555555] [MSAL] -[MSALPublicClientApplication acquireTokenSilentWithParameters:(
            "User.Read"
        ) account:\(email)
        2024-07-12 16:58:41.100 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:41 - 11111111-2222-3333-4444-555555555555] Processing an AAD error with error code -51412, error invalid_grant, suberror bad_token, description AADSTS50173: The provided grant has expired. token \(jwt)
        2024-07-12 16:58:41.200 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:41 - 11111111-2222-3333-4444-555555555555] [MSAL] acquireTokenSilent returning with error: (MSALErrorDomain, -50002) Masked(not-null)
        2024-07-12 16:58:41.300 App[1:2] Showing the sign-in screen to \(email)
        2024-07-12 16:59:08.100 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:59:08 - 66666666-7777-8888-9999-AAAAAAAAAAAA] [MSAL] Interactive flow finished. Result (null), error: -51700 error domain: MSIDErrorDomain
        2024-07-12 16:59:08.200 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:59:08 - 66666666-7777-8888-9999-AAAAAAAAAAAA] [MSAL] acquireToken returning with error: (MSALErrorDomain, -50005) Masked(not-null)

        """

    /// The paste as `ticket.txt` in `plain/`, and zstd-compressed by the `zstd` tool under the same name in `zstd/`.
    static func files(in directory: TemporaryDirectory) throws -> (plain: String, compressed: String) {
        for folder in ["plain", "zstd"] {
            try FileManager.default.createDirectory(
                atPath: "\(directory.path)/\(folder)", withIntermediateDirectories: true)
        }
        let plain = "\(directory.path)/plain/ticket.txt"
        try Data(paste.utf8).write(to: URL(fileURLWithPath: plain))
        let compressed = "\(directory.path)/zstd/ticket.txt"
        let zstd = try ProcessRunner.run("zstd", ["-q", "-19", plain, "-o", compressed])
        #expect(zstd.status == 0)
        return (plain, compressed)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("report --format json shows the patterns, the AADSTS code and the fallback, plain and compressed alike")
    func reportJSON() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (plain, compressed) = try Self.files(in: directory)
        let result = try ProcessRunner.authtrail(["report", "--format", "json", plain])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let report = try Self.json(result.text)
        let patterns = try #require(report["patterns"] as? [[String: Any]])
        #expect(Set(patterns.compactMap { $0["code"] as? Int }) == [-50002, -50005])
        let sts = try #require(report["sts_patterns"] as? [[String: Any]])
        #expect(sts.compactMap { $0["sts_code"] as? Int } == [50173])
        let fallback = try #require((report["retries"] as? [String: Any])?["fallback"] as? [String: Any])
        #expect(fallback["silent_failures"] as? Int == 1)
        #expect(fallback["fallbacks"] as? Int == 1)
        #expect(fallback["cancelled"] as? Int == 1)
        let raw = try #require((report["input"] as? [String: Any])?["raw_logs"] as? [String: Any])
        #expect((raw["note"] as? String)?.contains("durations") == true)
        let input = try #require((raw["inputs"] as? [[String: Any]])?.first)
        #expect(input["install_id"] as? String == "raw:ticket.txt")
        let requests = try #require(input["requests"] as? [[String: Any]])
        #expect(requests.map { $0["kind"] as? String } == ["silent", "interactive"])
        #expect(requests.map { $0["outcome"] as? String } == ["failure", "cancelled"])
        #expect(requests.map { $0["code"] as? Int } == [-50002, -50005])
        #expect(requests.last?["operation_id"] as? String == "11111111-2222-3333-4444-555555555555")

        let fromZstd = try ProcessRunner.authtrail(["report", "--format", "json", compressed])
        #expect(fromZstd.status == 0)
        #expect(fromZstd.text.replacingOccurrences(of: "/zstd/", with: "/plain/") == result.text)

        // Text, Markdown and HTML say which inputs were raw logs too.
        for format in ["text", "markdown", "html"] {
            let rendered = try ProcessRunner.authtrail(["report", "--format", format, plain])
            #expect(rendered.status == 0)
            #expect(rendered.text.contains("Raw MSAL logs"))
            #expect(rendered.text.contains("11111111-2222-3333-4444-555555555555"))
        }
    }

    @Test("cat writes one redacted event per MSAL record and per request, from a file or standard input")
    func cat() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (plain, compressed) = try Self.files(in: directory)
        let result = try ProcessRunner.authtrail(["cat", plain])
        #expect(result.status == 0)
        let lines = result.text.split(separator: "\n").map(String.init)
        let events = try lines.map { try Self.json($0) }
        #expect(events.filter { $0["event.name"] as? String == "log" }.count == 5)
        #expect(events.filter { $0["event.name"] as? String == "acquisition.end" }.count == 2)
        #expect(events.allSatisfy { $0["install.id"] as? String == "raw:ticket.txt" })
        // The same lines; pseudonyms differ, as each run of the tool makes its own key (as `authtrail redact` does).
        func withoutPseudonyms(_ text: String) -> String {
            text.replacingOccurrences(of: #"<[a-z]+:[0-9a-f]{10}>"#, with: "<pseudonym>", options: .regularExpression)
        }
        let fromZstd = try ProcessRunner.authtrail(["cat", compressed]).text
        #expect(withoutPseudonyms(fromZstd) == withoutPseudonyms(result.text))
        #expect(result.text.contains("<email:"))
        let stdin = try ProcessRunner.authtrail(["cat", "-"], input: Data(Self.paste.utf8))
        #expect(stdin.status == 0)
        #expect(stdin.text.split(separator: "\n").count == lines.count)
        #expect(stdin.text.contains("\"install.id\":\"raw:stdin\""))
        for output in [result.text, result.standardError, stdin.text, stdin.standardError] {
            #expect(!output.contains(Self.email) && !output.contains(Self.jwt), "a planted identifier was printed")
        }
    }

    @Test("bundle packs the raw log's events with no residual finding, verify accepts it, and report reads it back")
    func bundle() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (plain, compressed) = try Self.files(in: directory)
        for (index, input) in [plain, compressed].enumerated() {
            let bundle = "\(directory.path)/ticket-\(index).authtrail.zst"
            let written = try ProcessRunner.authtrail(["bundle", "-o", bundle, input])
            #expect(written.status == 0, "\(written.standardError)")
            #expect(written.text.contains("7 events"))
            let verify = try ProcessRunner.authtrail(["verify", bundle])
            #expect(verify.status == 0)
            #expect(verify.text == "\(bundle): OK (bundle, 7 events)\n")
            let content = try ProcessRunner.run("zstd", ["-d", "-c", "-q", bundle]).text
            #expect(!content.contains(Self.email) && !content.contains(Self.jwt), "a planted identifier was bundled")
            let fromBundle = try Self.json(try ProcessRunner.authtrail(["report", "--format", "json", bundle]).text)
            let fromText = try Self.json(try ProcessRunner.authtrail(["report", "--format", "json", plain]).text)
            #expect(
                NSDictionary(dictionary: fromBundle["retries"] as? [String: Any] ?? [:])
                    == NSDictionary(dictionary: fromText["retries"] as? [String: Any] ?? [:]))
            #expect((fromBundle["patterns"] as? [[String: Any]])?.count == 2)
        }
    }

    @Test("text with no MSAL line is still refused: 'not zstd data' at byte 0 and exit 65")
    func notMSAL() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let notes = "\(directory.path)/notes.txt"
        try Data("the user says sign-in fails\n".utf8).write(to: URL(fileURLWithPath: notes))
        let result = try ProcessRunner.authtrail(["report", notes])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(notes): byte 0: not zstd data, 28 bytes not decodable"))
        #expect(!result.standardError.contains("sign-in fails"))
    }
}
