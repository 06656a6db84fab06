public import Foundation

/// Where the trail reads the time and how a retry driver waits: the system's clock in an app, a manual clock in tests
/// and in the demo, so simulated waits take no real time and timestamps still tell the true story.
public protocol TrailClock: Sendable {
    /// The current wall-clock time.
    func now() -> Date
    /// Waits for `duration`.
    func sleep(for duration: Duration) async throws
}

/// The system's clock and `Task.sleep`.
public struct SystemTrailClock: TrailClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}

/// A clock that only moves when told to: `sleep` and `advance` move it forward at once.
package final class ManualTrailClock: TrailClock {
    private let current: Locked<Date>

    /// - Parameter start: the clock's first reading.
    package init(start: Date) { current = Locked(start) }

    package func now() -> Date { current.withLock { $0 } }

    package func sleep(for duration: Duration) async throws { advance(by: duration) }

    /// Moves the clock forward by `duration`.
    package func advance(by duration: Duration) {
        current.withLock { $0 = $0.addingTimeInterval(duration.milliseconds / 1000) }
    }
}
