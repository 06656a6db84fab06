import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// A trail told to leave some personal data in clear, on purpose: a lower level, or an allow-listed value.
struct LenientTrail: Sendable, CustomTestStringConvertible {
    let name: String
    let level: RedactionLevel
    let allowedValues: Set<String>
    /// The residual kinds `bundle` and `verify` must name, as the engine names them.
    let expectedKinds: [String]

    var testDescription: String { name }

    static let all: [LenientTrail] = [
        LenientTrail(
            name: "maskSecretsOnly keeps every identifier", level: .maskSecretsOnly, allowedValues: [],
            expectedKinds: [
                "e-mail address", "IPv4 address", "IPv6 address", "object id", "phone number", "user name in a path",
            ]),
        LenientTrail(
            name: "maskEUIIOnly keeps pseudonymous ids", level: .maskEUIIOnly, allowedValues: [],
            expectedKinds: ["IPv4 address", "IPv6 address", "object id"]),
        LenientTrail(
            name: "an allow-listed email at the default level", level: .maskAllPII,
            allowedValues: [ResidualPIICommandTests.email], expectedKinds: ["e-mail address"]),
        LenientTrail(
            name: "an allow-listed IP address at the default level", level: .maskAllPII,
            allowedValues: [ResidualPIICommandTests.ipv4], expectedKinds: ["IPv4 address"]),
    ]
}

@Suite("verify catches what the redactor is asked to miss on purpose")
struct ResidualPIICommandTests {
    static let email = "brisa.calloway@contoso.com"
    static let ipv4 = "198.51.100.9"
    static let ipv6 = "2001:db8:4f::a17"
    static let objectID = "9c1d5a7e-3b2f-4e6a-8d0c-1f2e3d4c5b6a"
    static let phone = "+1 425 555 0142"
    static let userName = "brisacal"
    static let planted = [email, ipv4, ipv6, objectID, phone, userName]

    /// Writes one clean event (line 2 of the segment, after its metadata line) and one planted event (line 3) through
    /// a real trail, and a failed acquisition whose error description carries an identifier (lines 4 and 5).
    static func writeTrail(level: RedactionLevel, allowedValues: Set<String>, into folder: URL) throws {
        var configuration = TrailConfiguration(directory: folder, redactionLevel: level)
        configuration.redactionRules = RedactionRules(allowedValues: allowedValues)
        let trail = try Trail(configuration: configuration)
        trail.record(TrailEvent(name: .log, message: "token cache loaded, 3 accounts"))
        trail.record(
            TrailEvent(
                name: .log,
                message: "signed in \(email) from \(ipv4) and \(ipv6); object id \(objectID), phone \(phone), "
                    + "cache /Users/\(userName)/Library/Caches/msal.db"))
        trail.beginAcquisition(.silent, scopes: ["User.Read"]).failed(
            NSError(
                domain: "MSALErrorDomain", code: -50002,
                userInfo: [NSLocalizedDescriptionKey: "AADSTS50076: MFA required for \(email) at \(ipv4)"]))
        #expect(trail.shutdown(timeout: .testWait))
    }

    /// No planted value in `text` (checked without printing either).
    static func printsNoPlantedValue(_ text: String) -> Bool {
        !planted.contains { text.contains($0) }
    }

    @Test("bundle refuses naming file, line and kind; --force writes loudly; verify fails", arguments: LenientTrail.all)
    func lenientTrailIsCaught(lenient: LenientTrail) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let logs = directory.url.appendingPathComponent("logs")
        try Self.writeTrail(level: lenient.level, allowedValues: lenient.allowedValues, into: logs)
        let segments = try FileManager.default.contentsOfDirectory(atPath: logs.path).filter {
            $0.hasSuffix(".jsonl.zst")
        }
        #expect(segments.count == 1)
        let segmentName = try #require(segments.first)

        let bundle = directory.path + "/ticket.authtrail.zst"
        let refused = try ProcessRunner.authtrail(["bundle", "-o", bundle, logs.path])
        #expect(refused.status == 1)
        #expect(!FileManager.default.fileExists(atPath: bundle))
        let refusal = refused.standardError
        #expect(refusal.contains("refused to write"))
        for kind in lenient.expectedKinds {
            let named = refusal.contains("\(segmentName): line 3: residual \(kind)")
            #expect(named, "the refusal does not name line 3 of the segment for \(kind)")
        }
        // The classified failure's description (line 5, `acquisition.end`) is caught too.
        let namesFailure = refusal.contains("line 5: residual")
        #expect(namesFailure, "the failure's error description was not caught")
        // The clean event and the acquisition start are not findings.
        let falsePositive = refusal.contains(": line 2: ") || refusal.contains(": line 4: ")
        #expect(!falsePositive, "a clean line was reported")
        let quiet = Self.printsNoPlantedValue(refusal) && Self.printsNoPlantedValue(refused.text)
        #expect(quiet, "bundle printed a planted value")

        let forced = try ProcessRunner.authtrail(["bundle", "--force", "-o", bundle, logs.path])
        #expect(forced.status == 0)
        #expect(forced.standardError.contains("WARNING: --force"))
        #expect(FileManager.default.fileExists(atPath: bundle))

        for target in [bundle, logs.path] {
            let verify = try ProcessRunner.authtrail(["verify", target])
            #expect(verify.status == 1, "verify accepted \(target == bundle ? "the bundle" : "the segments")")
            let report = verify.text + verify.standardError
            for kind in lenient.expectedKinds {
                let named = report.contains("line 3: residual \(kind)")
                #expect(named, "verify does not name line 3 for \(kind)")
            }
            let quietVerify = Self.printsNoPlantedValue(report)
            #expect(quietVerify, "verify printed a planted value")
        }
    }

    @Test("a default-level trail with the same planted text bundles and verifies clean")
    func defaultLevelIsClean() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let logs = directory.url.appendingPathComponent("logs")
        try Self.writeTrail(level: .maskAllPII, allowedValues: [], into: logs)
        let bundle = directory.path + "/ticket.authtrail.zst"
        let written = try ProcessRunner.authtrail(["bundle", "-o", bundle, logs.path])
        #expect(written.status == 0, "bundle refused a default-level trail: \(written.standardError)")
        let verify = try ProcessRunner.authtrail(["verify", bundle])
        #expect(verify.status == 0)
        #expect(verify.text.hasSuffix("OK (bundle, 5 events)\n"))
        #expect(!verify.text.contains("residual"))
    }
}
