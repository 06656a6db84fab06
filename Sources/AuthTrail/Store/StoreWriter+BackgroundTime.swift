import Foundation

/// Background time: outside the foreground the writer touches files only under an assertion it asks the system for
/// (`ProcessLifecycle.backgroundExecution`) and ends as soon as what was recorded is durable and no lock is held.
extension StoreWriter {
    /// Called before the writer waits: keeps its background time while there is work, and otherwise lets it go, so the
    /// system can suspend the process. An extension first lingers a moment for more work, then seals its segment: a
    /// short-lived process leaves no torn segment for the next one to decode.
    func settleBackgroundTime() {
        guard queue.holdsLease else { return }
        guard queue.isInBackground else { return queue.endLease() }
        if queue.hasWork || (!held.isEmpty && retryAt == nil) { return }
        if configuration.lifecycle.isExtension, segment != nil {
            let wake = queue.wait(deadline: Date().addingTimeInterval(Self.extensionLinger), forWork: true)
            if wake.stopping || queue.isPaused { return queue.endLease() }
            if queue.hasWork { return }
            do { try closeSegment() } catch { fail(error) }
        }
        queue.endLease()
    }
}
