import AuthTrailTestSupport
import Foundation
import Testing

/// `authtrail report --baseline` on the binary, over `ReleaseFleet`'s two releases written as real zstd segments.
@Suite("authtrail report --baseline")
struct BaselineCommandTests {
    typealias Fleet = ReleaseFleet

    /// Writes the baseline release and the candidate release into two folders; returns their paths.
    static func piles(in directory: TemporaryDirectory) throws -> (baseline: String, candidate: String) {
        let baseline = directory.path + "/4.1"
        let candidate = directory.path + "/4.2"
        for folder in [baseline, candidate] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try Fleet.write(Fleet.baseline, into: baseline)
        try Fleet.write(Fleet.candidate, into: candidate)
        return (baseline, candidate)
    }

    @Test("JSON: the doubled pattern is significant, the unchanged one is not, the others are new and vanished")
    func json() throws {
        let directory = try TemporaryDirectory("baseline-cli")
        defer { directory.remove() }
        let piles = try Self.piles(in: directory)
        let result = try ProcessRunner.authtrail([
            "report", "--format", "json", piles.candidate, "--baseline", piles.baseline,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let baseline = try #require(json["baseline"] as? [String: Any])
        #expect(baseline["baseline_attempts"] as? Int == Fleet.baseline.attempts)
        #expect(baseline["attempts"] as? Int == Fleet.candidate.attempts)
        let patterns = try #require(baseline["patterns"] as? [[String: Any]])
        func row(_ pattern: Fleet.Pattern) -> [String: Any]? {
            patterns.first {
                let (domain, code, subcode) = ($0["domain"] as? String, $0["code"] as? Int, $0["subcode"] as? Int)
                return pattern.matches(domain: domain, code: code, subcode: subcode)
            }
        }
        func count(_ row: [String: Any]?, _ side: String) -> Int? { (row?[side] as? [String: Any])?["count"] as? Int }
        func significant(_ row: [String: Any]?) -> Bool? { (row?["test"] as? [String: Any])?["significant"] as? Bool }
        let expired = row(Fleet.expired)
        #expect(count(expired, "baseline") == Fleet.baseline.count(of: Fleet.expired))
        #expect(count(expired, "current") == Fleet.candidate.count(of: Fleet.expired))
        #expect(significant(expired) == true)
        #expect(significant(row(Fleet.network)) == false)
        #expect(row(Fleet.vanished)?["status"] as? String == "vanished")
        #expect(row(Fleet.new)?["status"] as? String == "new")
        let kinds = try #require(baseline["kinds"] as? [[String: Any]])
        #expect(significant(kinds.first { $0["kind"] as? String == "silent" }) == true)
        #expect(significant(kinds.first { $0["kind"] as? String == "interactive" }) == false)
        let breakdowns = try #require(json["breakdowns"] as? [[String: Any]])
        #expect(
            breakdowns.compactMap { $0["dimension"] as? String }
                == ["app.version", "os.version", "msal.version", "server.address"])
    }

    @Test("text: the comparison tables name the doubled pattern as significant")
    func text() throws {
        let directory = try TemporaryDirectory("baseline-cli-text")
        defer { directory.remove() }
        let piles = try Self.piles(in: directory)
        let result = try ProcessRunner.authtrail(["report", piles.candidate, "--baseline", piles.baseline])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("Change against the baseline: failure rate by kind") })
        let expired = lines.filter { $0.contains("\(Fleet.expired.code)") && $0.contains(" both ") }
        #expect(expired.count == 1)
        #expect(expired.first?.hasSuffix("yes") == true)
        let network = lines.filter { $0.contains("\(Fleet.network.code)") && $0.contains(" both ") }
        #expect(network.first?.hasSuffix("no") == true)
        #expect(lines.contains { $0.contains("Failures by app.version") })
    }

    @Test("a baseline path that cannot be read exits 66 and says so")
    func missingBaseline() throws {
        let directory = try TemporaryDirectory("baseline-cli-missing")
        defer { directory.remove() }
        let piles = try Self.piles(in: directory)
        let missing = directory.path + "/absent"
        let result = try ProcessRunner.authtrail(["report", piles.candidate, "--baseline", missing])
        #expect(result.status == 66)
        #expect(result.standardError.contains("baseline: \(missing)"))
    }
}
