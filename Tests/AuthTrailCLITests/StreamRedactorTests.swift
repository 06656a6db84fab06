import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// The engine behind `authtrail redact`, read in chunks from one byte to a megabyte: whatever the cut, the output is
/// the redaction of the whole text at once, and records over the limit are replaced, never written.
@Suite("the stream redactor writes what redacting the whole text writes, whatever the chunk size")
struct StreamRedactorTests {
    static let redactor = Redactor(key: RedactionKey(bytes: (0..<32).map { UInt8($0 * 5 % 256) }))
    static let chunkSizes = [1, 2, 3, 7, 64, 1000, 1 << 20]

    /// PEM blocks in every arrangement the record cutting must get right, and lines that only look like one.
    static let pemCases = [
        "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\nc2Vjb25kIGxpbmU=\n-----END PRIVATE KEY-----\nafter",
        "before -----BEGIN RSA PRIVATE KEY----- MIIBOgIBAAJBAKj34 -----END RSA PRIVATE KEY----- after\nnext a@b.io",
        "-----END X----- then -----BEGIN CERTIFICATE-----\nbody line one\nbody -----BEGIN again\nstill body\n-----END CERTIFICATE----- tail 10.1.2.3\nfree 10.4.5.6",
        "an unterminated -----BEGIN PRIVATE KEY-----\nbody megan@contoso.com\nto the end\n",
        "dashes ----- and ----BEGIN nothing\n-----BEGIN-----\n-----END \nnot a key 10.9.8.7",
        "\r\n-----BEGIN KEY-----\r\nYm9keQ==\r\n-----END KEY-----\r\nuser megan@contoso.com\r\n",
    ]

    /// Every committed redactor fuzz input, one per line, then the PEM cases.
    static func corpusText() throws -> [UInt8] {
        var text = [UInt8]()
        for name in FuzzInputs.names(target: "redactor") {
            text += try FuzzInputs.bytes(name)
            text.append(UInt8(ascii: "\n"))
        }
        for pem in pemCases { text += Array(pem.utf8) + [UInt8(ascii: "\n")] }
        return text
    }

    /// `text` through a `StreamRedactor` reading `chunk` bytes at a time, into a real file.
    static func streamed(
        _ text: [UInt8], chunk: Int, limit: Int
    ) throws -> (
        output: [UInt8], oversized: [StreamRedactor.OversizedRecord]
    ) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/out"
        let descriptor = try SystemCalls.open(path, write: true, create: true, exclusive: true)
        var source = MemorySource(text)
        var oversized: [StreamRedactor.OversizedRecord] = []
        do {
            try StreamRedactor(redactor: redactor, chunkBytes: chunk, recordLimit: limit).redact(
                from: &source, to: descriptor
            ) { oversized.append($0) }
        } catch {
            SystemCalls.close(descriptor)
            throw error
        }
        SystemCalls.close(descriptor)
        return (try SystemCalls.readFile(path), oversized)
    }

    @Test("the fuzz corpus and PEM blocks, cut at every chunk size", arguments: chunkSizes)
    func corpusMatchesWholeText(chunk: Int) throws {
        let text = try Self.corpusText()
        let expected = Array(Self.redactor.redact(text: String(decoding: text, as: UTF8.self)).utf8)
        let result = try Self.streamed(text, chunk: chunk, limit: 1 << 20)
        #expect(result.oversized.isEmpty)
        let same = result.output == expected
        #expect(same, "chunks of \(chunk) bytes gave another output than the whole text")
    }

    @Test("each PEM case alone, with and without a final newline", arguments: pemCases.indices)
    func pemCaseMatchesWholeText(index: Int) throws {
        for text in [Self.pemCases[index], Self.pemCases[index] + "\n"] {
            let expected = Array(Self.redactor.redact(text: text).utf8)
            for chunk in [1, 2, 5, 11, 4096] {
                let same = try Self.streamed(Array(text.utf8), chunk: chunk, limit: 4096).output == expected
                #expect(same, "PEM case \(index), chunks of \(chunk) bytes")
            }
        }
    }

    @Test(
        "records over the limit become <line:removed>, reported by line; one at the limit is redacted",
        arguments: [1, 5, 64, 4096])
    func oversizedRecords(chunk: Int) throws {
        let limit = 64
        let atLimit = "kept at the limit from 10.1.2.3 " + String(repeating: "x", count: limit - 32)
        let lines = [
            "first megan@contoso.com",
            "a long line " + String(repeating: "y", count: 30) + " megan@contoso.com "
                + String(repeating: "z", count: 20),
            atLimit,
            "-----BEGIN PRIVATE KEY-----",
            "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7",
            "c2Vjb25kIGxpbmU=",
            "-----END PRIVATE KEY-----",
            "after 10.4.5.6",
            "a last line that is too long to keep " + String(repeating: "w", count: 40),
        ]
        #expect(atLimit.utf8.count == limit)
        let text = Array(lines.joined(separator: "\n").utf8)
        var replaced = lines
        replaced[1] = StreamRedactor.placeholder
        replaced[3...6] = [StreamRedactor.placeholder]
        let lastIndex = replaced.count - 1
        replaced[lastIndex] = StreamRedactor.placeholder
        let expected = Array(Self.redactor.redact(text: replaced.joined(separator: "\n")).utf8)
        let result = try Self.streamed(text, chunk: chunk, limit: limit)
        let same = result.output == expected
        #expect(same, "chunks of \(chunk) bytes")
        #expect(
            result.oversized == [
                .init(firstLine: 2, lastLine: 2), .init(firstLine: 4, lastLine: 7), .init(firstLine: 9, lastLine: 9),
            ])
    }
}
