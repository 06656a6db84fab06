import Foundation

/// Blocking work (a wait on a condition, reads of the log folder) done on a short-lived thread of its own while the
/// caller's task is suspended: neither the main thread nor a shared pool (Swift's cooperative threads, Dispatch's)
/// waits, and a timeout holds however busy those are.
enum OwnThread {
    static func run<Value: Sendable>(named name: String, _ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = name
            thread.start()
        }
    }
}
