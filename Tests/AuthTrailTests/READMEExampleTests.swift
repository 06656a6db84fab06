import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// The README's "Enabling AuthTrail in an app" sample, compiled and run against a stand-in for MSAL.
@Suite("README example")
struct READMEExampleTests {
    /// Just enough of MSALPublicClientApplication's shape for the sample to compile unchanged.
    struct StandInMSAL {
        struct Result {
            var accessToken: String
            var correlationId: UUID
        }
        var silentError: NSError?

        func acquireTokenSilent(with parameters: String) async throws -> Result {
            if let silentError { throw silentError }
            return Result(accessToken: "opaque-test-value", correlationId: UUID())
        }

        func acquireToken(with parameters: String) async throws -> Result {
            Result(accessToken: "opaque-test-value", correlationId: UUID())
        }
    }

    final class App {
        let trail: Trail
        let msal: StandInMSAL
        let silentParameters = "silent"
        let interactiveParameters = "interactive"

        init(trail: Trail, msal: StandInMSAL) {
            self.trail = trail
            self.msal = msal
        }

        // BEGIN README SAMPLE
        func acquireToken(scopes: [String]) async throws -> String {
            let attempt = trail.beginAcquisition(.silent, scopes: scopes, authorityHost: "login.microsoftonline.com")
            do {
                let result = try await msal.acquireTokenSilent(with: silentParameters)
                attempt.succeeded(correlationID: result.correlationId.uuidString)
                return result.accessToken
            } catch {
                let failure = attempt.failed(error)  // classified: domain, code, sub-code, STS codes, Retry-After…
                guard failure.action == .acquireInteractively else { throw error }
                let interactive = attempt.nextAttempt(.interactive)  // same operation id: the report links the two
                do {
                    let result = try await msal.acquireToken(with: interactiveParameters)
                    interactive.succeeded(correlationID: result.correlationId.uuidString)
                    return result.accessToken
                } catch {
                    interactive.failed(error)
                    throw error
                }
            }
        }
        // END README SAMPLE
    }

    @Test("interaction required falls back to interactive, and both attempts share one operation id")
    func fallbackIsRecorded() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        let needsInteraction = NSError(
            domain: "MSALErrorDomain", code: -50002, userInfo: ["MSALOAuthErrorKey": "invalid_grant"])
        let app = App(trail: trail, msal: StandInMSAL(silentError: needsInteraction))
        _ = try await app.acquireToken(scopes: ["User.Read"])
        await trail.shutdown(timeout: .testWait)

        let records = try directory.files(withSuffix: ".jsonl.zst").flatMap { try SegmentReader.read(path: $0).records }
        let ends = records.filter { $0.eventName == .acquisitionEnd }
        #expect(ends.map(\.kind) == [.known(.silent), .known(.interactive)])
        #expect(ends.map(\.outcome) == [.known(.failure), .known(.success)])
        #expect(ends.map(\.attempt) == [1, 2])
        #expect(Set(ends.map(\.operationID)).count == 1)
        #expect(ends.first?.errorCodeName == "interactionRequired")
    }

    @Test("the README shows the sample exactly as compiled here")
    func readmeMatchesSample() throws {
        let testFile = try String(contentsOfFile: #filePath, encoding: .utf8)
        let sample = testFile.components(separatedBy: "// BEGIN README SAMPLE\n")[1].components(
            separatedBy: "        // END README SAMPLE")[0]
        let dedented = sample.split(separator: "\n", omittingEmptySubsequences: false).map { $0.dropFirst(8) }.joined(
            separator: "\n")
        let readmePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md").path
        let readme = try String(contentsOfFile: readmePath, encoding: .utf8)
        #expect(readme.contains(dedented), "README.md's sample differs from READMEExampleTests.swift")
    }
}
