import AuthTrailTestSupport
import Foundation
import Testing

@Suite("report --threads gives the same bytes on any number of threads")
struct ReportThreadsCommandTests {
    @Test("the demo's JSON report, with a segment on standard input, on 1, 2 and 4 threads")
    func sameBytes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = try ReportCommandTests.demo(in: directory)
        let segment = try #require(
            try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".zst") }.sorted().first)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(segment)"))
        func report(_ threads: String) throws -> Data {
            let result = try ProcessRunner.authtrail(
                ["report", "--format", "json", "--threads", threads, out, "-"], input: bytes)
            #expect(result.status == 0, "\(threads) threads: \(result.standardError)")
            return result.standardOutput
        }
        let one = try report("1")
        #expect(!one.isEmpty)
        #expect(try report("2") == one)
        #expect(try report("4") == one)
    }

    @Test("--threads 0 is a usage error naming the option")
    func zeroThreads() throws {
        let result = try ProcessRunner.authtrail(["report", "--threads", "0", "-"], input: Data())
        #expect(result.status == 64)
        #expect(result.standardError.contains("--threads"))
    }
}
