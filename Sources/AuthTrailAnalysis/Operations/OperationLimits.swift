/// When open operations are closed before their end (`OperationTracker`): the thresholds that bound memory whatever
/// the input.
package struct OperationLimits: Sendable {
    /// Below 98,304 (three quarters of 2^17), so the dictionary of open operations never doubles to 2^18 buckets for
    /// a few more (`authtrail-bench hostile`, open-operations: 82 MB peak instead of 108 MB).
    package var openOperations = 96_000
    /// An operation with no event for this long (on its device's clock) is closed by the idle sweep.
    package var idleOperationMilliseconds: Int64 = 30 * 60_000
    /// Open operations above which idle ones are looked for (the threshold then doubles with the open count).
    package var idleSweepOperations = 4_096

    package init() {}
}
