import AuthTrail
import Foundation
import Testing

/// The README's "Letting AuthTrail drive the retries" sample, compiled and run against a stand-in for MSAL, on the
/// main actor as an app's UI code would run it.
@Suite("README retry driver example")
struct READMERetryDriverExampleTests {
    struct StandInMSAL {
        struct Result {
            var accessToken: String
            var correlationId: UUID
        }
        var silentErrors: [NSError]

        func acquireTokenSilent(with parameters: [String]) async throws -> Result {
            if let error = silentErrors.first { throw error }
            return Result(accessToken: "opaque-silent", correlationId: UUID())
        }

        func acquireToken(with parameters: [String]) async throws -> Result {
            Result(accessToken: "opaque-interactive", correlationId: UUID())
        }
    }

    @MainActor
    final class App {
        let trail: Trail
        let driver: RetryDriver
        let msal: StandInMSAL

        init(trail: Trail, msal: StandInMSAL) {
            self.trail = trail
            self.driver = RetryDriver(trail: trail)
            self.msal = msal
        }

        func silentParameters(_ scopes: [String]) -> [String] { scopes }
        func interactiveParameters(_ scopes: [String]) -> [String] { scopes }

        // BEGIN README RETRY SAMPLE
        // One attempt, recorded: start, end, duration, outcome and the classified failure.
        func refreshSilently(scopes: [String]) async throws -> String {
            let result = try await trail.acquire(.silent, scopes: scopes, correlationID: \.correlationId.uuidString) {
                try await msal.acquireTokenSilent(with: silentParameters(scopes))
            }
            return result.accessToken
        }

        // The whole chain: silent, then whatever each failure calls for, every attempt and wait recorded.
        func acquireToken(scopes: [String]) async throws -> String {
            let result = try await driver.acquire(scopes: scopes, correlationID: \.correlationId.uuidString) { next in
                switch next.kind {
                case .silent: try await msal.acquireTokenSilent(with: silentParameters(next.scopes))
                case .interactive: try await msal.acquireToken(with: interactiveParameters(next.scopes))
                }
            }
            return result.accessToken
        }
        // END README RETRY SAMPLE
    }

    @Test("the closure form records one attempt; the driver falls back to interactive after interaction required")
    @MainActor
    func sampleRuns() async throws {
        let recorded = try RecordedTrail()
        let needsInteraction = NSError(
            domain: "MSALErrorDomain", code: -50002, userInfo: ["MSALOAuthErrorKey": "invalid_grant"])
        let app = App(trail: recorded.trail, msal: StandInMSAL(silentErrors: [needsInteraction]))
        await #expect(throws: NSError.self) { try await app.refreshSilently(scopes: ["User.Read"]) }
        #expect(try await app.acquireToken(scopes: ["User.Read"]) == "opaque-interactive")

        let ends = try recorded.events().named("acquisition.end")
        #expect(ends.values("acquisition.kind") == ["silent", "silent", "interactive"])
        #expect(ends.values("outcome") == ["failure", "failure", "success"])
        #expect(ends.values("attempt") == ["1", "1", "2"])
        #expect(ends[1]["operation.id"] as? String == ends[2]["operation.id"] as? String)
        #expect(ends[0]["operation.id"] as? String != ends[1]["operation.id"] as? String)
    }

    @Test("the README shows the sample exactly as compiled here")
    func readmeMatchesSample() throws {
        let testFile = try String(contentsOfFile: #filePath, encoding: .utf8)
        let sample = testFile.components(separatedBy: "// BEGIN README RETRY SAMPLE\n")[1]
            .components(separatedBy: "        // END README RETRY SAMPLE")[0]
        let dedented = sample.split(separator: "\n", omittingEmptySubsequences: false).map { $0.dropFirst(8) }
            .joined(separator: "\n")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOfFile: root.appendingPathComponent("README.md").path, encoding: .utf8)
        #expect(readme.contains(dedented), "README.md's retry sample differs from READMERetryDriverExampleTests.swift")
    }
}
