import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("the store under concurrent writers")
struct ConcurrencyTests {
    @Test("8 threads x 100k events arrive complete and in order per thread")
    func eightThreadsArriveCompleteAndInOrder() throws {
        let directory = try TemporaryDirectory("authtrail-threads")
        defer { directory.remove() }
        let run = try StressChild.run(["threads", directory.path, "8", "100000"])
        #expect(run.status == 0, "child failed: \(run.standardError)")
        let health = StressChild.health(in: run.text)
        #expect(health["written"] == "800000")
        #expect(health["dropped"] == "0")
        #expect(health["lost"] == "0")

        let contents = try FolderContents(directory.path)
        #expect(contents.issues.isEmpty, "\(contents.issues.map { $0.issue.message(file: $0.file) })")
        let byOperation = contents.attemptsByOperation
        #expect(byOperation.count == 8)
        for (operation, attempts) in byOperation {
            #expect(attempts.count == 100_000, "\(operation)")
            #expect(FolderContents.gap(in: attempts, expectedCount: 100_000) == nil, "\(operation): in order, no gap")
        }
        // The writer numbers lines in the order it took them: one total order, no duplicates.
        let sequences = contents.lines.compactMap {
            FolderContents.value(of: "seq", in: $0, quoted: false).flatMap { Int($0) }
        }
        #expect(sequences == Array(1...sequences.count))
    }

    @Test("two processes writing into one folder at once leave only valid segments with all their events")
    func twoProcessesLeaveValidSegments() throws {
        let directory = try TemporaryDirectory("authtrail-two")
        defer { directory.remove() }
        let outputs = Locked<[ProcessOutput]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            if let output = try? StressChild.run(["writer", directory.path, "20000", "16384"]) {
                outputs.withLock { $0.append(output) }
            }
        }
        let results = outputs.withLock { $0 }
        #expect(results.count == 2)
        for result in results {
            #expect(result.status == 0, "child failed: \(result.standardError)")
            #expect(StressChild.health(in: result.text)["written"] == "20000")
        }
        let contents = try FolderContents(directory.path)
        #expect(contents.files.count > 4, "small segments rotate: \(contents.files.count) files")
        #expect(contents.issues.isEmpty, "\(contents.issues.map { $0.issue.message(file: $0.file) })")
        #expect(try StressChild.zstdAccepts(contents.files), "zstd -t accepts every segment")
        let byOperation = contents.attemptsByOperation
        #expect(byOperation.count == 2)
        for (operation, attempts) in byOperation {
            #expect(FolderContents.gap(in: attempts, expectedCount: 20000) == nil, "\(operation)")
            #expect(attempts.count == 20000, "\(operation)")
        }
        // Both processes shared one install identity.
        let installIDs = Set(contents.lines.compactMap { FolderContents.value(of: "install.id", in: $0, quoted: true) })
        #expect(installIDs.count == 1)
    }
}
