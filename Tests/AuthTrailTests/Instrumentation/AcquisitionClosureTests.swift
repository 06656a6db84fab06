import AuthTrail
import Foundation
import Testing

@Suite("recording an acquisition with the closure form")
struct AcquisitionClosureTests {
    struct Result {
        var accessToken: String
        var correlationId: UUID
    }

    @Test("success returns the value and records start, end, duration and the correlation id")
    func success() async throws {
        let recorded = try RecordedTrail()
        let clock = recorded.clock
        let correlation = UUID()
        let result = try await recorded.trail.acquire(
            .silent, scopes: ["User.Read"], authorityHost: "login.microsoftonline.com",
            correlationID: \.correlationId.uuidString
        ) {
            clock.advance(by: .milliseconds(180))
            return Result(accessToken: "opaque", correlationId: correlation)
        }
        #expect(result.accessToken == "opaque")
        let events = try recorded.events()
        #expect(events.values("event.name") == ["acquisition.start", "acquisition.end"])
        let end = events[1]
        #expect(end["outcome"] as? String == "success")
        #expect(end["duration_ms"] as? Double == 180)
        #expect(end["msal.correlation_id"] as? String == correlation.uuidString)
        #expect(end["server.address"] as? String == "login.microsoftonline.com")
        #expect(end["attempt"] as? Int == 1)
    }

    @Test("failure rethrows the same error and records it classified, with MSAL's correlation id")
    func failure() async throws {
        let recorded = try RecordedTrail()
        let thrown = NSError(
            domain: "MSALErrorDomain", code: -50000,
            userInfo: [
                "MSALInternalErrorCodeKey": -42011, "MSALCorrelationIDKey": "5E3A2F0E-7B0C-4A53-9F7A-2D3C1B0A9E11",
            ])
        do {
            _ = try await recorded.trail.acquire(.interactive, scopes: ["User.Read"]) { () async throws -> Result in
                throw thrown
            }
            Issue.record("no error")
        } catch {
            #expect((error as NSError) === thrown, "the caller must get MSAL's own error")
        }
        let end = try recorded.events().named("acquisition.end")[0]
        #expect(end["outcome"] as? String == "failure")
        #expect(end["error.subcode"] as? Int == -42011)
        #expect(end["error.subcode_name"] as? String == "internalErrorInvalidRedirectURI")
        #expect(end["error.action"] as? String == "showGenericMessage")
        #expect(end["msal.correlation_id"] as? String == "5E3A2F0E-7B0C-4A53-9F7A-2D3C1B0A9E11")
    }

    @Test("a cancelled task is recorded as cancelled")
    func cancellation() async throws {
        let recorded = try RecordedTrail()
        await #expect(throws: CancellationError.self) {
            _ = try await recorded.trail.acquire(.silent, scopes: ["User.Read"]) { () async throws -> Result in
                throw CancellationError()
            }
        }
        #expect(try recorded.events().named("acquisition.end").values("outcome") == ["cancelled"])
    }
}
