import Foundation

extension StoreWriter {
    /// The `store.dropped` event: how many events of each severity `record` refused since the last one.
    func droppedEvent() -> TrailEvent {
        var attributes = [FieldName.droppedTotal: String(droppedToReport.values.reduce(0, +))]
        for (severity, count) in droppedToReport { attributes["dropped.\(severity.text.lowercased())"] = String(count) }
        return TrailEvent(
            name: .dropped, severity: .warning, timestamp: configuration.clock.now(),
            message: "the queue was full; events were dropped", attributes: attributes)
    }
}
