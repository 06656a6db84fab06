import AuthTrail
import Dispatch
import Foundation
import Testing

@testable import AuthTrailAnalysis

/// `MemoryPacer` on real threads: which shard may start or go on, by the resident size a test sets.
@Suite("shards wait for memory, and the oldest never does", .timeLimit(.minutes(1)))
struct MemoryPacerTests {
    /// A pacer whose resident size is `resident` bytes against a budget of 100, and how often it gave pages back.
    final class Machine: Sendable {
        let resident = Locked<Int?>(0)
        let releases = Locked(0)
        let log = Locked<[String]>([])

        let pacer: MemoryPacer

        init() {
            pacer = MemoryPacer(
                budgetBytes: 100, resident: { [resident] in resident.withLock { $0 } },
                release: { [releases] in releases.withLock { $0 += 1 } })
        }

        func note(_ line: String) { log.withLock { $0.append(line) } }

        /// Claims a shard below `count` on a thread of its own and logs which ("claimed 1").
        func claimOnThread(below count: Int) -> DispatchSemaphore {
            MemoryPacerTests.onThread { [self] in
                note("claimed \(pacer.claim(below: count).map(String.init) ?? "none")")
            }
        }
    }

    /// Runs `body` on a thread of its own; the semaphore is signalled when it returns.
    static func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done
    }

    /// Long enough for a thread that would not wait to have run past the point checked.
    static func settle() { usleep(150_000) }

    @Test("under the budget, a second shard starts once the first has reached a checkpoint")
    func startsAfterFirstCheckpoint() {
        let machine = Machine()
        machine.resident.withLock { $0 = 50 }
        let pacer = machine.pacer
        #expect(pacer.claim(below: 4) == 0)
        let second = machine.claimOnThread(below: 4)
        Self.settle()
        machine.note("checkpoint 0")
        pacer.checkpoint(0)
        second.wait()
        #expect(machine.log.withLock { $0 } == ["checkpoint 0", "claimed 1"])
        #expect(machine.releases.withLock { $0 } == 0)
    }

    @Test("over the budget, no shard starts while one runs, and pages are given back when it finishes")
    func noStartOverBudget() {
        let machine = Machine()
        let pacer = machine.pacer
        #expect(pacer.claim(below: 4) == 0)
        pacer.checkpoint(0)
        machine.resident.withLock { $0 = 150 }
        let second = machine.claimOnThread(below: 4)
        Self.settle()
        machine.note("finished 0")
        pacer.finished(0)
        second.wait()
        #expect(machine.log.withLock { $0 } == ["finished 0", "claimed 1"])
        #expect(machine.releases.withLock { $0 } == 1)
    }

    @Test("over the budget, a younger shard waits at its checkpoint until the older ones finish; the oldest goes on")
    func youngerWaits() {
        let machine = Machine()
        let pacer = machine.pacer
        #expect(pacer.claim(below: 3) == 0)
        pacer.checkpoint(0)
        #expect(pacer.claim(below: 3) == 1)
        machine.resident.withLock { $0 = 150 }
        let younger = Self.onThread {
            pacer.checkpoint(1)
            machine.note("shard 1 goes on")
        }
        Self.settle()
        pacer.checkpoint(0)  // the oldest: returns at once, however much memory is in use
        machine.note("finished 0")
        pacer.finished(0)
        younger.wait()
        #expect(machine.log.withLock { $0 } == ["finished 0", "shard 1 goes on"])
        // Back under the budget, a shard starts, and goes on at once though it is not the oldest.
        machine.resident.withLock { $0 = 50 }
        #expect(pacer.claim(below: 3) == 2)
        pacer.checkpoint(2)
    }

    @Test("every shard is claimed once, and a resident size nobody can read never holds one back")
    func claimsEachOnce() {
        let machine = Machine()
        machine.resident.withLock { $0 = nil }
        let pacer = machine.pacer
        #expect(pacer.claim(below: 2) == 0)
        pacer.checkpoint(0)
        #expect(pacer.claim(below: 2) == 1)
        #expect(pacer.claim(below: 2) == nil)
        pacer.finished(0)
        pacer.finished(1)
        #expect(pacer.claim(below: 2) == nil)
        #expect(machine.releases.withLock { $0 } == 0)
    }

    #if os(Linux)
    @Test("the resident size is the process's: the kernel's VmRSS, in bytes, with 64 MiB just touched")
    func residentSizeIsReal() throws {
        let memory = ResidentMemory()
        let size = 64 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        defer { block.deallocate() }
        for offset in stride(from: 0, to: size, by: 4096) {
            block.storeBytes(of: 1, toByteOffset: offset, as: UInt8.self)
        }
        // Read beside /proc/self/status, not before and after: other tests of this process allocate and free
        // meanwhile (a run saw the process shrink by 24 MB while this test touched 64 MiB).
        let resident = try #require(memory.bytes())
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        #expect(resident >= size, "\(resident) bytes")
        #expect(abs(resident - kilobytes * 1024) <= 32 << 20, "statm \(resident) bytes, VmRSS \(kilobytes) kB")
    }
    #endif
}
