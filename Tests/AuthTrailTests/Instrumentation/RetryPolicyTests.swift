import PropertyBased
import Testing

@testable import AuthTrail

@Suite("retry backoff")
struct RetryPolicyTests {
    @Test("equal jitter keeps every backoff between half and all of the capped exponential delay")
    func backoffBounds() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...64), Gen.double(in: 0...1)) { retry, fraction in
            let policy = RetryPolicy(
                initialBackoff: .milliseconds(500), maximumBackoff: .seconds(30), randomFraction: { fraction })
            // 0.5 s, 1 s, 2 s, … doubling, never above 30 s.
            var capped = Duration.milliseconds(500)
            for _ in 1..<min(retry, 20) { capped = min(capped * 2, .seconds(30)) }
            let wait = policy.backoff(beforeRetry: retry)
            #expect(wait >= capped / 2 && wait <= capped, "retry \(retry): \(wait) outside \(capped / 2)…\(capped)")
        }
    }

    @Test("a policy always allows at least one attempt")
    func atLeastOneAttempt() {
        #expect(RetryPolicy(maximumAttempts: 0).maximumAttempts == 1)
        #expect(RetryPolicy(maximumAttempts: -3).maximumAttempts == 1)
    }
}
