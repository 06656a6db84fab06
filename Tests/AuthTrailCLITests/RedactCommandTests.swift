import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("authtrail redact")
struct RedactCommandTests {
    static let email = "adele.vance@contoso.com"
    static let jwt =
        "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJvaWQiOiIxMjM0NTY3OCIsIm5hbWUiOiJBZGVsZSJ9.c2lnbmF0dXJlX29mX3RoZV90b2tlbg"
    static let correlation = "5E3A1C2B-9D4F-4E6A-8B7C-1D2E3F4A5B6C"
    static let log = """
        TID=4711 (main thread) MSAL 2.14.0 iOS 18.2 [2025-07-01 09:15:42 - \(correlation)] [MSAL] Acquire token for \(email)
        Authorization: Bearer \(jwt)
        Error Domain=MSALErrorDomain Code=-50002 "AADSTS50076: MFA required" from 203.0.113.9

        """

    @Test("a file comes out with secrets removed, identifiers pseudonymized and the keep-list intact")
    func redactsAFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/msal.log"
        try Data(Self.log.utf8).write(to: URL(fileURLWithPath: path))
        let result = try ProcessRunner.authtrail(["redact", path])
        #expect(result.status == 0, "redact failed: \(result.standardError)")
        let output = result.text
        let leaked = output.contains(Self.email) || output.contains(Self.jwt) || output.contains("203.0.113.9")
        #expect(!leaked, "a planted secret or identifier survived")
        for kept in [
            Self.correlation, "MSALErrorDomain", "Code=-50002", "AADSTS50076", "2025-07-01 09:15:42", "<email:", "<ip:",
            "Bearer <credential:removed>",
        ] {
            let found = output.contains(kept)
            #expect(found, "\(kept) is missing from the output")
        }
        #expect(
            output.split(separator: "\n", omittingEmptySubsequences: false).count
                == Self.log.split(separator: "\n", omittingEmptySubsequences: false).count
        )
    }

    @Test("standard input is read when no file is given, with pseudonyms stable within the run and random across runs")
    func readsStandardInput() throws {
        let input = Data("\(Self.email) then \(Self.email.uppercased())\n".utf8)
        let first = try ProcessRunner.authtrail(["redact"], input: input)
        let second = try ProcessRunner.authtrail(["redact"], input: input)
        #expect(first.status == 0 && second.status == 0)
        let words = first.text.split(separator: " ")
        #expect(words.count == 3 && words[0] == words[2].dropLast(), "one address gives one pseudonym within a run")
        #expect(first.text != second.text, "without --key-file each run uses a new key")
    }

    @Test("--key-file gives the same pseudonyms as the library with that key")
    func keyFileMatchesLibrary() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let keyPath = directory.path + "/.redaction-key"
        let keyBytes = (0..<32).map { UInt8($0 * 7 % 256) }
        try Data(keyBytes).write(to: URL(fileURLWithPath: keyPath))
        let result = try ProcessRunner.authtrail(
            ["redact", "--key-file", keyPath],
            input: Data("user \(Self.email)\n".utf8)
        )
        let library = Redactor(key: RedactionKey(bytes: keyBytes))
        #expect(result.text == "user \(library.pseudonym(Self.email, kind: "email"))\n")
    }

    @Test("--level maskSecretsOnly keeps identifiers and still removes secrets")
    func secretsOnly() throws {
        let result = try ProcessRunner.authtrail(["redact", "--level", "maskSecretsOnly"], input: Data(Self.log.utf8))
        #expect(result.status == 0)
        let keptEmail = result.text.contains(Self.email)
        let leakedToken = result.text.contains(Self.jwt)
        #expect(keptEmail, "the email stays at maskSecretsOnly")
        #expect(!leakedToken, "the token is removed at every level")
    }

    @Test(
        "an unreadable file gives a one-line error naming it and exit code 66, and the readable ones are still written"
    )
    func unreadableInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let good = directory.path + "/good.log"
        try Data("from 198.51.100.4\n".utf8).write(to: URL(fileURLWithPath: good))
        let missing = directory.path + "/missing.log"
        let result = try ProcessRunner.authtrail(["redact", missing, good])
        #expect(result.status == 66)
        #expect(result.standardError == "authtrail: \(missing): no such file or directory\n")
        #expect(result.text.hasPrefix("from <ip:"))

        let folder = try ProcessRunner.authtrail(["redact", directory.path])
        #expect(folder.status == 66)
        #expect(folder.standardError == "authtrail: \(directory.path): is a directory\n")
        #expect(folder.standardError.split(separator: "\n").count == 1)
    }

    @Test("an unknown level is a usage error")
    func unknownLevel() throws {
        let result = try ProcessRunner.authtrail(["redact", "--level", "maskNothing"], input: Data())
        #expect(result.status == 64)
        #expect(result.standardError.contains("maskNothing"))
    }
}
