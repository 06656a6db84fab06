import AuthTrailTestSupport
import Foundation
import Testing

/// `authtrail redact` over every real paste in `Tests/Pastes` (and its `msal-logs`): what support needs (every
/// AADSTS/AADB2C code, exception type name and stack frame) comes out as it went in, and the personal data planted in
/// the pastes (the fake accounts of Microsoft's sample tenant) does not.
@Suite("redact keeps the codes, exception types and frames of real pastes, and hides the data planted in them")
struct PasteRedactionTests {
    static var pastes: [String] {
        let folder = PastedErrorFixtureTests.fixtures
        let top = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let logs = (try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/msal-logs")) ?? []
        return (top.filter { $0.hasSuffix(".txt") } + logs.map { "msal-logs/" + $0 }).sorted()
    }

    /// `AADSTS50011`, `AADB2C90118` (and `AADSTS 50011` as people retype it).
    static func serviceCodes(_ text: String) -> Set<String> {
        Set(text.matches(of: /AAD(STS|B2C) ?\d{4,9}/).map { String($0.output.0) })
    }

    /// Dotted exception type names (`Microsoft.Identity.Client.MsalServiceException`, `java.util.concurrent.
    /// CompletionException`) and the symbol of each stack frame (`at Some.Type.Method(`).
    static func symbols(_ text: String) -> Set<String> {
        let types = text.matches(of: /[A-Za-z_][\w$]*(\.[A-Za-z_$][\w$]*)+(Exception|Error)\b/).map {
            String($0.output.0)
        }
        let frames = text.matches(of: /(?m)^\s*at ([\w$.]+)/).map { String($0.output.1) }
        return Set(types + frames)
    }

    /// Addresses in a paste are planted fakes (`megan.bowen@contoso.com`): real ones are never copied in.
    static func plantedAddresses(_ text: String) -> Set<String> {
        Set(text.matches(of: /[\w.+-]+@[\w-]+(\.[\w-]+)+/).map { String($0.output.0) })
    }

    @Test("the pastes hold codes, exception types, frames and planted addresses to check")
    func corpusHoldsWhatIsChecked() throws {
        let texts = try Self.pastes.map {
            try String(contentsOf: PastedErrorFixtureTests.fixtures.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(texts.count >= 60)
        #expect(texts.flatMap(Self.serviceCodes).count >= 20)
        #expect(texts.flatMap(Self.symbols).count >= 10)
        #expect(texts.flatMap(Self.plantedAddresses).count >= 3)
    }

    @Test("every code, exception type and frame survives, no planted address does", arguments: pastes)
    func redacted(name: String) throws {
        let path = PastedErrorFixtureTests.fixtures.appendingPathComponent(name).path
        let input = try String(contentsOfFile: path, encoding: .utf8)
        let result = try ProcessRunner.authtrail(["redact", path])
        #expect(result.status == 0, "\(name): \(result.standardError)")
        for code in Self.serviceCodes(input) { #expect(result.text.contains(code), "\(name): \(code) was removed") }
        for symbol in Self.symbols(input) { #expect(result.text.contains(symbol), "\(name): \(symbol) was removed") }
        for address in Self.plantedAddresses(input) {
            #expect(!result.text.contains(address), "\(name): a planted address survived")
        }
        #expect(!result.text.contains("megan.bowen") && !result.text.contains("adele.vance"), "\(name)")
    }
}
