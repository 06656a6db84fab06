import Foundation

extension StoreWriter {
    /// Starts the writer thread. It ends after `queue.stop()`.
    package static func start(_ writer: StoreWriter) {
        let box = UncheckedBox(writer)
        let thread = Thread { box.value.run() }
        thread.name = "AuthTrail writer"
        thread.qualityOfService = .utility
        thread.start()
    }
}

/// Hands the writer to its thread. The writer is only ever used from that thread after the hand-off.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
