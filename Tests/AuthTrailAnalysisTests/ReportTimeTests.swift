import AuthTrailAnalysis
import Foundation
import Testing

/// The report's JSON keeps its time strings while the model holds integers.
@Suite("a report time is milliseconds, written as the RFC 3339 string")
struct ReportTimeTests {
    /// 2026-11-22T21:56:58.123Z.
    static let milliseconds: Int64 = 1_795_384_618_123

    @Test("it encodes as ReportTime.string and decodes from it")
    func codable() throws {
        let time = ReportTime(milliseconds: Self.milliseconds)
        #expect(time.description == "2026-11-22T21:56:58.123Z")
        let data = try JSONEncoder().encode([time])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-11-22T21:56:58.123Z"]"#)
        #expect(try JSONDecoder().decode([ReportTime].self, from: data) == [time])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ReportTime].self, from: Data(#"["x"]"#.utf8)) }
    }

    @Test("it orders and adds as its milliseconds")
    func order() {
        let time = ReportTime(milliseconds: Self.milliseconds)
        #expect(time < time.advanced(by: 1))
        #expect(time.advanced(by: 60_000).description == "2026-11-22T21:57:58.123Z")
        #expect(ReportTime(Date(timeIntervalSince1970: 1_795_384_618.123_9)) == time)
    }

    @Test("every millisecond is written as itself, in every decade (a Double of seconds lost one now and then)")
    func exactMilliseconds() {
        var random = SystemRandomNumberGenerator()
        // 1970 to 2100, and the values next to each decade's start.
        let decades = stride(from: Int64(0), through: 4_102_444_800_000, by: 315_569_520_000)
        let samples =
            (0..<20_000).map { _ in Int64.random(in: 0...4_102_444_800_000, using: &random) }
            + decades.flatMap { [$0 - 1, $0, $0 + 1] }
        let wrong = samples.filter { ReportTime.parse(ReportTime.string($0)) != $0 }
        #expect(wrong.isEmpty, "written wrong: \(wrong.prefix(5).map { "\($0) as \(ReportTime.string($0))" })")
        #expect(ReportTime.string(2_000_000_000_123) == "2033-05-18T03:33:20.123Z")
    }
}
