import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// Replays every committed input of the `pasted-error` fuzz target (the real pastes of Tests/Pastes as seeds, hostile
/// seeds and regressions) through the invariants the fuzzer checks, in the normal build.
@Suite("pasted-error fuzz inputs replay")
struct PastedErrorFuzzReplayTests {
    static let inputs = FuzzInputs.names(target: "pasted-error")

    @Test("the committed corpus holds every real paste")
    func corpusHoldsThePastes() throws {
        let pastes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Pastes")
        let names = try FileManager.default.contentsOfDirectory(atPath: pastes.path).filter { $0.hasSuffix(".txt") }
        let seeds = Set(Self.inputs.map { ($0 as NSString).lastPathComponent })
        #expect(!names.isEmpty && names.allSatisfy(seeds.contains))
    }

    @Test("every input is scanned and rendered within bounds, with nothing planted printed", arguments: inputs)
    func replay(input: String) throws {
        #expect(PastedErrorInvariants.violations(input: try FuzzInputs.bytes(input)) == [])
    }

    @Test("the scanner does copy pasted text into findings, so the rendering's redaction is what hides it")
    func findingsHoldPastedText() {
        let token = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJyZXBsYXkifQ.cmVwbGF5LXNpZ25hdHVyZQ"
        let errors = PastedErrorScanner.errors(in: "Error Domain=\(token) Code=1 \"(null)\"")
        #expect(errors.map(\.domain) == [token])
        let redactor = Redactor(key: .random())
        let outputs = [
            PastedErrorRendering.text(errors, redactor: redactor),
            PastedErrorRendering.json(errors, redactor: redactor),
        ]
        for output in outputs {
            let leaked = output.contains("cmVwbGF5LXNpZ25hdHVyZQ")
            #expect(!leaked, "a pasted token was rendered")
        }
    }

    // The scanner's own bounds on a 50 MB line are PastedErrorScannerTests'; 5 MB already reaches the findings cap.
    @Test("the capped findings of a 5 MB line and of 10,000-deep nesting render within bounds")
    func hostileTextRendersBounded() {
        let chunk = #"Error Domain=D Code=-1 "x" UserInfo={MSALSTSErrorCodesKey=(1), Correlation ID: } (X, 1) "#
        let line = String(repeating: chunk, count: 5_000_000 / chunk.utf8.count)
        let opener = "Error Domain=D Code=1 \"(null)\" UserInfo={NSUnderlyingError=0x1 {"
        let deep = String(repeating: opener, count: 10_000) + String(repeating: "}", count: 20_000)
        let redactor = Redactor(key: .random())
        for text in [line, deep] {
            let errors = PastedErrorScanner.errors(in: text)
            #expect(!errors.isEmpty && errors.count <= PastedErrorScanner.maximumFindings)
            let rendered = PastedErrorRendering.text(errors, redactor: redactor)
            // A block per finding, each a few hundred bytes at most.
            #expect(rendered.utf8.count <= errors.count * 1_024)
        }
    }
}
