import AuthTrail
import Testing

@testable import AuthTrailAnalysis

@Suite("an operation is the attempts of one (install, operation id) until it ends, idles or memory runs short")
struct OperationTrackerTests {
    /// A tracker whose payload is the attempt numbers it saw, with the operations it closed in order.
    struct Run {
        var tracker: OperationTracker<[Int]>
        var closed: [OperationTracker<[Int]>.Tracked] = []

        init(limits: OperationLimits = OperationLimits()) { tracker = OperationTracker(limits: limits) }

        static func time(minute: Int64) -> Int64 { 1_795_000_000_000 + minute * 60_000 }

        mutating func start(_ operation: String, _ attempt: Int, minute: Int64, install: String = "d") {
            let time = Self.time(minute: minute)
            tracker.clock(install: install, time: time)
            tracker.start(OperationKey(installID: install, operationID: operation), attempt: attempt, time: time) {
                []
            }
            take()
        }

        mutating func end(
            _ operation: String?, _ attempt: Int, minute: Int64, outcome: String, install: String = "d"
        ) {
            let time = Self.time(minute: minute)
            tracker.clock(install: install, time: time)
            tracker.end(
                OperationKey(installID: install, operationID: operation ?? ""), hasOperationID: operation != nil,
                attempt: attempt, outcome: .init(rawValue: outcome), time: time, make: { [] }
            ) { attempts, _ in attempts.append(attempt) }
            take()
        }

        mutating func closeAll() {
            tracker.closeAll()
            take()
        }

        mutating func take() {
            var buffer: [OperationTracker<[Int]>.Tracked] = []
            tracker.takeClosed(into: &buffer)
            closed += buffer
            #expect(tracker.closed.isEmpty)
        }

        var closedIDs: [String] { closed.map(\.key.operationID) }
    }

    @Test("a success or a cancellation closes its operation; a failure leaves it open for a retry")
    func endings() {
        var run = Run()
        run.end("a", 1, minute: 0, outcome: "failure")
        run.end("b", 1, minute: 0, outcome: "cancelled")
        #expect(run.closedIDs == ["b"])
        run.end("a", 2, minute: 1, outcome: "success")
        #expect(run.closedIDs == ["b", "a"])
        #expect(run.closed[1].payload == [1, 2])
        #expect(run.tracker.openOperations == 0)
    }

    @Test("an attempt still started keeps its operation open past a success")
    func pendingStart() {
        var run = Run()
        run.start("a", 1, minute: 0)
        run.start("a", 2, minute: 0)
        run.end("a", 1, minute: 1, outcome: "success")
        #expect(run.closed.isEmpty && run.tracker.openOperations == 1)
        run.end("a", 2, minute: 2, outcome: "success")
        #expect(run.closedIDs == ["a"] && run.closed[0].payload == [1, 2])
    }

    @Test("the attempt's start comes from its acquisition.start, matched by attempt number")
    func startTimes() {
        var tracker = OperationTracker<[Int64?]>()
        let key = OperationKey(installID: "d", operationID: "a")
        tracker.start(key, attempt: 2, time: 500, make: { [] })
        tracker.start(key, attempt: 1, time: 100, make: { [] })
        for (attempt, time) in [(1, 200), (2, 900)] as [(Int, Int64)] {
            tracker.end(
                key, hasOperationID: true, attempt: attempt, outcome: .known(.success), time: time, make: { [] }
            ) {
                $0.append($1)
            }
        }
        #expect(tracker.closed.map(\.payload) == [[100, 500]])
    }

    @Test("an attempt without an operation id is an operation of one, and its key's install still tells it apart")
    func operationsOfOne() {
        var run = Run()
        run.end(nil, 1, minute: 0, outcome: "failure", install: "d1")
        run.end(nil, 1, minute: 0, outcome: "failure", install: "d2")
        #expect(run.closed.count == 2 && run.closed.allSatisfy { !$0.hasOperationID })
        #expect(run.tracker.openOperations == 0)
        #expect(Set(run.closed.map(\.key)).count == 2)
    }

    @Test("past the sweep threshold, operations idle while their device went on logging close, oldest first")
    func idleSweep() {
        var limits = OperationLimits()
        limits.idleSweepOperations = 5
        limits.idleOperationMilliseconds = 10 * 60_000
        var run = Run(limits: limits)
        for index in 0..<5 { run.end("op-\(index)", 1, minute: Int64(index), outcome: "failure") }
        // Five open, all within 10 minutes of the device's clock: none idle.
        #expect(run.closed.isEmpty && run.tracker.openOperations == 5)
        // Minute 14: op-0..op-3 saw nothing for more than 10 minutes; the sweep runs when a new operation opens
        // past the threshold.
        run.end("op-5", 1, minute: 14, outcome: "failure")
        #expect(run.closedIDs == ["op-0", "op-1", "op-2", "op-3"])
        #expect(run.tracker.openOperations == 2)
    }

    @Test("another device's clock does not make an operation idle")
    func idlePerDevice() {
        var limits = OperationLimits()
        limits.idleSweepOperations = 1
        limits.idleOperationMilliseconds = 10 * 60_000
        var run = Run(limits: limits)
        run.end("quiet", 1, minute: 0, outcome: "failure", install: "d1")
        run.end("busy-1", 1, minute: 60, outcome: "failure", install: "d2")
        run.end("busy-2", 1, minute: 61, outcome: "failure", install: "d2")
        #expect(!run.closedIDs.contains("quiet"))
        run.end("late", 1, minute: 30, outcome: "failure", install: "d1")
        run.end("later", 1, minute: 31, outcome: "failure", install: "d1")
        #expect(run.closedIDs.contains("quiet"))
    }

    @Test("more open operations than allowed close the least recently seen half")
    func leastRecentHalf() {
        var limits = OperationLimits()
        limits.openOperations = 4
        limits.idleSweepOperations = 1_000
        var run = Run(limits: limits)
        for index in [3, 1, 4, 0, 2] { run.end("op-\(index)", 1, minute: Int64(index), outcome: "failure") }
        #expect(run.closedIDs == ["op-0", "op-1"])
        #expect(run.tracker.openOperations == 3)
        run.closeAll()
        #expect(run.closedIDs == ["op-0", "op-1", "op-2", "op-3", "op-4"])
    }

    @Test("an attempt after its operation closed opens another, with the next serial")
    func reopening() {
        var limits = OperationLimits()
        limits.openOperations = 1
        var run = Run(limits: limits)
        run.end("a", 1, minute: 0, outcome: "failure")
        run.end("b", 1, minute: 1, outcome: "failure")
        // Two open: the least recently seen, "a", closes.
        #expect(run.closedIDs == ["a"])
        run.end("a", 2, minute: 2, outcome: "success")
        #expect(run.closedIDs == ["a", "a"])
        #expect(run.closed.map(\.serial) == [0, 2])
        #expect(run.closed.map(\.payload) == [[1], [2]])
    }

    @Test("two trackers fed the same events give the same operations the same serials")
    func serialsRepeat() {
        func serials() -> [Int: String] {
            var limits = OperationLimits()
            limits.openOperations = 8
            limits.idleSweepOperations = 4
            limits.idleOperationMilliseconds = 5 * 60_000
            var run = Run(limits: limits)
            for index in 0..<200 {
                let outcome = index % 5 == 0 ? "success" : "failure"
                run.end("op-\(index % 37)", index / 37 + 1, minute: Int64(index), outcome: outcome)
            }
            run.closeAll()
            return Dictionary(uniqueKeysWithValues: run.closed.map { ($0.serial, $0.key.operationID) })
        }
        let first = serials()
        #expect(first.count > 37, "nothing was split, the test compares nothing")
        #expect(first == serials())
    }

    @Test("stored attempts and pending starts are counted over the open operations and released as they close")
    func storedItems() {
        var run = Run()
        run.start("a", 1, minute: 0)
        run.end("a", 1, minute: 0, outcome: "failure")
        run.start("a", 2, minute: 1)
        run.end("b", 1, minute: 1, outcome: "failure")
        #expect(run.tracker.storedItems == 3)
        run.end("a", 2, minute: 2, outcome: "success")
        #expect(run.tracker.storedItems == 1)
        run.closeAll()
        #expect(run.tracker.storedItems == 0 && run.tracker.openOperations == 0)
    }

    /// Each open operation costs its dictionary slot: 80 bytes, key included. One that kept its own copy of the key
    /// and the fields only a closed operation needs took 88 bytes, a 128-byte slot with the dictionary's key: 16.8 MB
    /// of `open-operations`' heap at the bound of the time, 96,000 (heaptrack).
    @Test("an open operation takes 40 bytes beside its key")
    func openOperationIsSmall() {
        #expect(OperationTracker<[Operation.Attempt]>.openOperationBytes <= 40)
        #expect(MemoryLayout<OperationKey>.stride <= 40)
    }
}
