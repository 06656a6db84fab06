import AuthTrailTestSupport
import Foundation
import Testing

/// `verify` scans every input class it accepts for residual personal data and says what it read each file as. Before,
/// raw MSAL text holding an e-mail address, an IP address and a refresh token in clear got "OK (segment, 5 events)":
/// the reader redacts raw lines into events, and only the redacted events were scanned.
@Suite("verify scans every input class and names it")
struct VerifyInputClassTests {
    static let email = "megan.bowen@contoso.com"
    static let refreshToken = "0.AXkAvJ5r9QmZ7kOqN2b4eXampleRefreshTokenValue1234567890abcdefghij"

    /// Real MSAL log lines (an NSLog paste) with an e-mail address, an IP address and a refresh token in clear.
    static let leakyPaste = """
        2024-07-12 16:58:40.100 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:40 - 11111111-2222-3333-4444-555555555555] [MSAL] acquireTokenSilent for account \(email)
        2024-07-12 16:58:41.100 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:41 - 11111111-2222-3333-4444-555555555555] Sending request from 203.0.113.77 with refresh_token=\(refreshToken)
        2024-07-12 16:58:41.200 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:41 - 11111111-2222-3333-4444-555555555555] [MSAL] acquireTokenSilent returning with error: (MSALErrorDomain, -50002) Masked(not-null)

        """

    /// The same lines with nothing personal in them.
    static let cleanPaste = """
        2024-07-12 16:58:41.200 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:41 - 11111111-2222-3333-4444-555555555555] [MSAL] acquireTokenSilent returning with error: (MSALErrorDomain, -50002) Masked(not-null)
        2024-07-12 16:59:08.200 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:59:08 - 66666666-7777-8888-9999-AAAAAAAAAAAA] [MSAL] acquireToken returning with error: (MSALErrorDomain, -50005) Masked(not-null)

        """

    /// `text` as `name` in `directory`, and zstd-compressed by the zstd tool as `name.zst`.
    static func files(_ text: String, _ name: String, in directory: TemporaryDirectory) throws -> [String] {
        let plain = "\(directory.path)/\(name)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: plain))
        #expect(try ProcessRunner.run("zstd", ["-q", plain, "-o", plain + ".zst"]).status == 0)
        return [plain, plain + ".zst"]
    }

    @Test("raw MSAL text with personal data fails, plain and zstd alike, naming the class and never the value")
    func leakyRawText() throws {
        let directory = try TemporaryDirectory("verify-raw")
        defer { directory.remove() }
        for file in try Self.files(Self.leakyPaste, "leaky.log", in: directory) {
            let result = try ProcessRunner.authtrail(["verify", file])
            #expect(result.status == 1, "\(file): \(result.text)")
            let compressed = file.hasSuffix(".zst") ? ", zstd-compressed" : ""
            #expect(
                result.text.hasPrefix("\(file): FAILED (not a segment: raw MSAL log text\(compressed), "),
                "\(result.text)")
            for kind in ["residual e-mail address", "residual IPv4 address", "residual token"] {
                #expect(result.text.contains(kind), "\(file): no \(kind) finding in \(result.text)")
            }
            #expect(result.text.contains("line 2"), "findings name the line: \(result.text)")
            for secret in [Self.email, "203.0.113.77", Self.refreshToken] {
                #expect(!result.text.contains(secret) && !result.standardError.contains(secret), "a value was printed")
            }
        }
    }

    @Test("raw MSAL text without personal data passes, named as not a segment")
    func cleanRawText() throws {
        let directory = try TemporaryDirectory("verify-raw-clean")
        defer { directory.remove() }
        for file in try Self.files(Self.cleanPaste, "clean.log", in: directory) {
            let result = try ProcessRunner.authtrail(["verify", file])
            #expect(result.status == 0, "\(file): \(result.text)")
            #expect(result.text.hasPrefix("\(file): OK (not a segment: raw MSAL log text"), "\(result.text)")
        }
    }

    @Test("a folder with nothing to verify is an error, not a pass")
    func emptyFolders() throws {
        let directory = try TemporaryDirectory("verify-empty")
        defer { directory.remove() }
        let empty = directory.path + "/empty"
        let noSegment = directory.path + "/no-segment"
        for folder in [empty, noSegment] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try Data("notes\n".utf8).write(to: URL(fileURLWithPath: noSegment + "/notes.txt"))
        for folder in [empty, noSegment] {
            let result = try ProcessRunner.authtrail(["verify", folder])
            #expect(result.status == 65, "\(folder): \(result.status) \(result.text)")
            #expect(result.standardError.contains("nothing to verify in \(folder)"))
        }
    }

    @Test("random bytes and a zero-byte file hold nothing readable: 65, as in every command")
    func nothingReadable() throws {
        let directory = try TemporaryDirectory("verify-unreadable")
        defer { directory.remove() }
        let random = directory.path + "/random.zst"
        var generator = SystemRandomNumberGenerator()
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(
            to: URL(fileURLWithPath: random))
        let empty = directory.path + "/empty.zst"
        try Data().write(to: URL(fileURLWithPath: empty))
        for file in [random, empty] {
            let result = try ProcessRunner.authtrail(["verify", file])
            #expect(result.status == 65, "\(file): \(result.text)")
            #expect(result.text.hasPrefix("\(file): FAILED ("))
        }
    }

    @Test("verify's help names every input class it reads")
    func helpNamesClasses() throws {
        let help = try ProcessRunner.authtrail(["verify", "--help"]).text
        for name in [
            "segments", "bundles", "raw MSAL log", "zstd-compressed", "NDJSON", "directories", "standard input",
        ] {
            #expect(help.contains(name), "verify --help does not name \(name)")
        }
    }
}
