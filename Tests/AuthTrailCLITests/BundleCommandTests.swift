import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("authtrail bundle and verify")
struct BundleCommandTests {
    @Test("a bundle is a valid zstd file whose events are the segments' events, and verify accepts it")
    func bundleRoundTrips() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = try ReportCommandTests.demo(in: directory)
        let bundle = directory.path + "/ticket.authtrail.zst"
        let written = try ProcessRunner.authtrail(["bundle", "-o", bundle, out])
        #expect(written.status == 0, "\(written.standardError)")
        // The demo's own trail holds no residual finding: bundle says nothing about it (verify's exact line below).
        #expect(!written.standardError.contains("residual"))
        #expect(try ProcessRunner.run("zstd", ["-t", "-q", bundle]).status == 0)
        let segments = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".zst") }.map {
            "\(out)/\($0)"
        }
        let original = try ProcessRunner.run("zstd", ["-d", "-c", "-q"] + segments).text
        #expect(try ProcessRunner.run("zstd", ["-d", "-c", "-q", bundle]).text == original)

        let verify = try ProcessRunner.authtrail(["verify", bundle])
        #expect(verify.status == 0)
        #expect(verify.text == "\(bundle): OK (bundle, \(original.split(separator: "\n").count) events)\n")
        // The report over the bundle equals the report over the segments.
        let fromBundle = try ProcessRunner.authtrail(["report", "--format", "json", bundle])
        let fromSegments = try ProcessRunner.authtrail(["report", "--format", "json", out])
        #expect(try stripFiles(fromBundle.standardOutput) == stripFiles(fromSegments.standardOutput))

        // The manifest is the first frame: a skippable frame with the SHA-256 of each segment file.
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: bundle)))
        #expect(bytes[0..<4] == [0x5A, 0x2A, 0x4D, 0x18])
        let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(bytes[8..<(8 + size)])) as? [String: Any])
        #expect(manifest["format"] as? String == "authtrail-bundle")
        let entries = try #require(manifest["segments"] as? [[String: Any]])
        #expect(entries.count == segments.count)
        for entry in entries {
            let name = try #require(entry["name"] as? String)
            let sha = try ProcessRunner.run("sha256sum", ["\(out)/\(name)"]).text.prefix(64)
            #expect(entry["sha256"] as? String == String(sha))
        }
        #expect(manifest["redaction.levels"] as? [String] == ["maskAllPII"])
        #expect((manifest["apps"] as? [String])?.first == "com.contoso.demo 1.0.0")
    }

    @Test("verify fails a bundle with one flipped byte, naming the file")
    func tamperedBundleFails() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = try ReportCommandTests.demo(in: directory)
        let bundle = directory.path + "/ticket.zst"
        #expect(try ProcessRunner.authtrail(["bundle", "-o", bundle, out]).status == 0)
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: bundle)))
        bytes[bytes.count - 40] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: bundle))
        let verify = try ProcessRunner.authtrail(["verify", bundle])
        #expect(verify.status == 1)
        #expect(verify.text.hasPrefix("\(bundle): FAILED"))
    }

    @Test(
        "bundle refuses logs with a residual e-mail address or token, names the line but never the value; --force writes loudly"
    )
    func residualPIIIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let logs = directory.url.appendingPathComponent("leaky")
        let trail = try Trail(configuration: TrailConfiguration(directory: logs, redactionLevel: .maskSecretsOnly))
        let email = "adele.vance@contoso.com"
        trail.record(TrailEvent(name: .log, message: "signed in as \(email) from 10.1.2.3"))
        trail.shutdown(timeout: .testWait)
        let bundle = directory.path + "/leaky.zst"
        let refused = try ProcessRunner.authtrail(["bundle", "-o", bundle, logs.path])
        #expect(refused.status == 1)
        #expect(!FileManager.default.fileExists(atPath: bundle))
        #expect(refused.standardError.contains("line 2: residual e-mail address"))
        #expect(refused.standardError.contains("line 2: residual IPv4 address"))
        #expect(refused.standardError.contains("refused to write"))
        #expect(!refused.standardError.contains(email) && !refused.text.contains(email), "the address was printed")

        let forced = try ProcessRunner.authtrail(["bundle", "--force", "-o", bundle, logs.path])
        #expect(forced.status == 0)
        #expect(forced.standardError.contains("WARNING: --force"))
        let verify = try ProcessRunner.authtrail(["verify", bundle])
        #expect(verify.status == 1)
        #expect(
            verify.text.contains("residual e-mail address") && !verify.text.contains(email),
            "verify printed the address")
    }

    @Test("verify reports a torn segment and passes a sound one")
    func verifySegments() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = try ReportCommandTests.demo(in: directory)
        let segment = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".zst") }.sorted()[
            0]
        #expect(try ProcessRunner.authtrail(["verify", "\(out)/\(segment)"]).status == 0)
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: "\(out)/\(segment)")))
        bytes.removeLast(100)
        let torn = directory.path + "/torn.zst"
        try Data(bytes).write(to: URL(fileURLWithPath: torn))
        let verify = try ProcessRunner.authtrail(["verify", torn])
        #expect(verify.status == 1)
        #expect(verify.text.contains("\(torn): byte ") && verify.text.contains("truncated frame"))
        #expect(try ProcessRunner.authtrail(["verify", directory.path + "/missing.zst"]).status == 66)
    }
}

/// The report JSON without its file count (a bundle is one file, the segments several).
private func stripFiles(_ data: Data) throws -> NSDictionary {
    var json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    var input = json["input"] as! [String: Any]
    input["files"] = nil
    json["input"] = input
    return json as NSDictionary
}
