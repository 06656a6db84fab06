/// When open operations are closed before their end (`OperationTracker`): the thresholds that bound memory whatever
/// the input.
package struct OperationLimits: Sendable {
    /// Below 49,152 (three quarters of 2^16), so the dictionary of open operations never doubles to 2^17 buckets for
    /// a few more. A real install has a handful open at once; 96,000 took 94 MB of peak RSS, 48,000 takes 61 MB
    /// (`authtrail-bench hostile`, open-operations).
    package var openOperations = 48_000
    /// An operation with no event for this long (on its device's clock) is closed by the idle sweep.
    package var idleOperationMilliseconds: Int64 = 30 * 60_000
    /// Open operations above which idle ones are looked for (the threshold then doubles with the open count).
    package var idleSweepOperations = 4_096

    package init() {}
}
