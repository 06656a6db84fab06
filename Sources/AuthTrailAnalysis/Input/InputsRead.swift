/// What a read of the inputs learnt that a second read of some of their installs reuses (the HTML report's
/// timelines): the files, grouped by install, and which installs' own files also held events of others.
package struct InputsRead: Sendable {
    /// The files, as the first read planned them (`InputOrder.plan`).
    let plan: InputOrder.Plan
    /// The installs' shards the first read counted (`InstallShards`): a second read reads the same.
    let shards: InstallShards
    /// `InstallTimeOrder.installsHoldingOthers` over the whole read.
    let installsHoldingOthers: Set<String>
    /// The threads the read ran on: a second read runs on as many.
    let threads: Int

    /// The installs whose own files a read of some operations of `installs` must read: those, and those whose files
    /// held events of other installs or of none (one may hold such an operation); nil (all) when one of `installs`
    /// is empty (operations without an install). The files holding several installs are read in any case
    /// (`OperationStory.collectEarliest`).
    func installsToRead(for installs: Set<String>) -> Set<String>? {
        guard !installs.contains("") else { return nil }
        return installs.union(installsHoldingOthers)
    }
}
