/// When open operations are closed before their end (`OperationTracker`): the thresholds that bound memory whatever
/// the input.
package struct OperationLimits: Sendable {
    /// Below 24,576 (three quarters of 2^15), so the dictionary of open operations never doubles to 2^16 buckets for
    /// a few more. A real install has a handful open at once. The bound is per shard, and two shards can hold it at
    /// once: two installs at 48,000 took 87-97 MB of peak RSS, at 24,000 they take 60 MB (`authtrail-bench hostile`,
    /// open-operations-twice).
    package var openOperations = 24_000
    /// An operation with no event for this long (on its device's clock) is closed by the idle sweep.
    package var idleOperationMilliseconds: Int64 = 30 * 60_000
    /// Open operations above which idle ones are looked for (the threshold then doubles with the open count).
    package var idleSweepOperations = 4_096

    package init() {}
}
