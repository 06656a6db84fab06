import AuthTrail
import Foundation
import Testing

@Suite("JSON line writer")
struct JSONLineWriterTests {
    static let awkwardStrings: [String] = [
        "", "plain ascii", "quote \" and backslash \\ and slash /", "newline\nreturn\rtab\t",
        String((0..<32).map { Character(UnicodeScalar($0)!) }) + "\u{7F}", "émoji 🙂 and 中文 and \u{2028}\u{2029}",
        String(repeating: "a\"", count: 5000), "\u{0}", "ends with backslash \\",
    ]

    @Test("strings survive a round trip through Foundation's JSON parser", arguments: awkwardStrings)
    func stringRoundTrip(_ value: String) throws {
        var writer = JSONLineWriter()
        writer.beginObject()
        writer.field("k", value)
        writer.field("n", -42)
        writer.field("d", milli: 12.3456)
        writer.field("list", strings: [value, "x"])
        writer.field("joined", value, ":", -50002)
        writer.endLine()
        #expect(writer.bytes.last == UInt8(ascii: "\n"))
        #expect(writer.bytes.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") }, "one event is one line")
        let object = try JSONSerialization.jsonObject(with: Data(writer.bytes.dropLast())) as? [String: Any]
        #expect(object?["k"] as? String == value)
        #expect(object?["n"] as? Int == -42)
        #expect((object?["d"] as? Double).map { abs($0 - 12.346) < 1e-9 } == true)
        #expect(object?["list"] as? [String] == [value, "x"])
        #expect(object?["joined"] as? String == value + ":-50002")
    }

    /// Every length crosses the writer's copy paths (bytes, half words, whole words with an overlapping last one,
    /// `memmove`), with and without an escape at each end.
    @Test("strings of every length up to 80 bytes are copied exactly")
    func everyLength() throws {
        let pattern = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for length in 0...80 {
            let plain = String(decoding: (0..<length).map { pattern[$0 % pattern.count] }, as: UTF8.self)
            for value in [plain, "\"" + plain, plain + "\n", "é" + plain] {
                var writer = JSONLineWriter()
                writer.beginObject()
                writer.field("k", value)
                writer.endLine()
                let object = try JSONSerialization.jsonObject(with: Data(writer.bytes.dropLast())) as? [String: String]
                #expect(object?["k"] == value, "length \(length)")
            }
        }
    }

    @Test("integers at the edges are written exactly", arguments: [0, 1, -1, 9, 10, Int.max, Int.min, -50002, 42011])
    func integers(_ value: Int) {
        var writer = JSONLineWriter()
        writer.integer(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }
}
