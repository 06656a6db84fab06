/// The bounds and waits of a `RetryDriver`. The defaults follow Microsoft's guidance and MSAL's own behaviour: four
/// attempts, two minutes in all, 60 seconds when a 429 carries no Retry-After, backoff from 1 to 30 seconds.
public struct RetryPolicy: Sendable {
    /// Attempts per operation, the first one included.
    public var maximumAttempts: Int
    /// The driver stops instead of waiting past this much time since the first attempt began.
    public var maximumTotalDuration: Duration
    /// The first backoff; each later one doubles, up to `maximumBackoff`.
    public var initialBackoff: Duration
    /// The longest backoff.
    public var maximumBackoff: Duration
    /// The wait after a 429 without a usable Retry-After (MSAL's throttling cache uses the same 60 seconds).
    public var defaultRetryAfter: Duration
    /// How long to wait for connectivity at most, when the driver has a connectivity monitor.
    public var connectivityTimeout: Duration
    /// A number in 0...1 for jitter; `Double.random(in:)` unless a test makes it deterministic.
    public var randomFraction: @Sendable () -> Double

    /// - Parameters:
    ///   - maximumAttempts: attempts per operation, at least 1.
    ///   - maximumTotalDuration: the time budget of the whole chain, waits included.
    ///   - initialBackoff: the first backoff; each later one doubles.
    ///   - maximumBackoff: the longest backoff.
    ///   - defaultRetryAfter: the wait after a 429 without a usable Retry-After.
    ///   - connectivityTimeout: the longest wait for connectivity.
    ///   - randomFraction: a number in 0...1 for jitter; a test passes a fixed one.
    public init(
        maximumAttempts: Int = 4,
        maximumTotalDuration: Duration = .seconds(120),
        initialBackoff: Duration = .seconds(1),
        maximumBackoff: Duration = .seconds(30),
        defaultRetryAfter: Duration = .seconds(60),
        connectivityTimeout: Duration = .seconds(30),
        randomFraction: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.maximumTotalDuration = maximumTotalDuration
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.defaultRetryAfter = defaultRetryAfter
        self.connectivityTimeout = connectivityTimeout
        self.randomFraction = randomFraction
    }

    /// "Equal jitter" exponential backoff before retry number `retry` (1 for the first): half the capped exponential
    /// delay, plus a random part of the other half, so clients spread out but never retry at once.
    ///
    /// Total for every input: the delay doubles only while it stays under the cap (no `Duration` overflow however
    /// large `retry`, `initialBackoff` or `maximumBackoff`), negative settings count as zero, and a random fraction
    /// outside 0...1 (or NaN) is clamped.
    package func backoff(beforeRetry retry: Int) -> Duration {
        let ceiling = max(maximumBackoff, .zero)
        var capped = min(max(initialBackoff, .zero), ceiling)
        var doublings = retry > 1 ? retry - 1 : 0
        while doublings > 0, capped > .zero, capped < ceiling {
            capped = capped <= ceiling / 2 ? capped * 2 : ceiling
            doublings -= 1
        }
        let raw = randomFraction()
        let fraction = raw.isNaN ? 0 : min(1, max(0, raw))
        // The jitter in millionths, in integer arithmetic: `Duration * Double` goes through a Double and can round past
        // the largest Duration.
        let half = capped / 2
        return half + (capped - half) / 1_000_000 * Int((fraction * 1_000_000).rounded())
    }
}
