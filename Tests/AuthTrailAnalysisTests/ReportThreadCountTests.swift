import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrailAnalysis

/// Installs are counted in shards the input fixes, merged in shard order (`InstallShards`): the report must not depend
/// on the number of threads, and must be the one a single builder counting every install in turn gives.
@Suite("the report is byte-identical on any number of threads")
struct ReportThreadCountTests {
    /// The JSON report and the problems, on `threads` threads that all run at once unless `pacer` says otherwise: the
    /// test process is far over the report's memory budget, which would count its shards one at a time.
    static func output(_ paths: [String], threads: Int, pacer: MemoryPacer = MemoryPacer(budgetBytes: .max)) -> String {
        let (report, problems, _) = Report.buildWithInputs(
            paths: paths, filter: EventFilter(), threads: threads, pacer: pacer)
        return report.renderJSON() + problems.map(\.message).joined(separator: "\n")
    }

    /// The report of one `InstallTimeOrder` and one builder reading every install in turn, without shards.
    static func unsharded(_ paths: [String]) -> String {
        let expanded = InputFiles.expand(paths)
        let plan = InputOrder.plan(expanded.files)
        var order = InstallTimeOrder(ReportBuilder())
        var reader = SegmentReader()
        var problems = expanded.problems
        for file in plan.unsectionedMixed {
            if let problem = order.read(file, with: &reader) { problems.append(problem) }
        }
        let known = Set(plan.installs.map(\.installID))
        let installs =
            plan.installs
            + order.deferredInstalls.filter { !known.contains($0) }.map {
                InputOrder.InstallFiles(installID: $0, files: [])
            }
        for install in installs.sorted(by: { $0.installID < $1.installID }) {
            problems += order.read(install, with: &reader)
        }
        return order.finish().renderJSON() + problems.map(\.message).joined(separator: "\n")
    }

    /// 1 thread, then 2, 3 and 8 give the same bytes, and those of the unsharded count.
    static func check(_ paths: [String], _ comment: Comment) {
        let one = output(paths, threads: 1)
        #expect(one.contains("\"events\""), comment)
        for threads in [2, 3, 8] { #expect(output(paths, threads: threads) == one, "\(comment), \(threads) threads") }
        #expect(unsharded(paths) == one, "\(comment), against one builder")
    }

    @Test("a fleet of 150 installs, two processes each (more installs than shards)")
    func generatedFleet() throws {
        let fleet = try GeneratedFleet(installs: 150)
        defer { fleet.remove() }
        let installs = InputOrder.plan(InputFiles.expand([fleet.directory.path]).files).installs
        #expect(InstallShards(installs, deferredInstalls: []).shards.count == InstallShards.count)
        Self.check([fleet.directory.path], "generated fleet")
    }

    @Test("the planted fleet, with its torn tail and extra frame")
    func plantedFleet() throws {
        let fleet = try PlantedFleet()
        defer { fleet.remove() }
        Self.check([fleet.directory.path], "planted fleet")
        Self.check(fleet.deviceFolders.reversed(), "planted fleet, reversed")
    }

    @Test("re-split installs: segments without metadata frames, two processes overlapping in time", arguments: 1...4)
    func resplit(seed: UInt64) throws {
        let fleet = try PlantedFleet(damaged: false)
        defer { fleet.remove() }
        let folder = try TemporaryDirectory("threads-resplit")
        defer { folder.remove() }
        let paths = try ResplitFleet(folders: fleet.deviceFolders).write(seed: seed, to: folder.url)
        Self.check(paths, "seed \(seed)")
    }

    @Test("a bundle and segments of other installs, lines out of range and invalid in several installs")
    func mixedInputs() throws {
        let fleet = try PlantedFleet()
        defer { fleet.remove() }
        let generated = try GeneratedFleet(installs: 40)
        defer { generated.remove() }
        let bundle = try fleet.bundleOfTwoDevices()
        var paths = [bundle, fleet.deviceFolders[2], generated.directory.path]
        for install in 0..<3 {
            let path = generated.directory.path + "/hostile-\(install).zst"
            let time = "2026-11-20T10:0\(install):00.000Z"
            try ResplitFleet.writeSegment(
                path: path,
                lines: [
                    #"{"event.name":"acquisition.end","timestamp":"\#(time)","install.id":"hostile-\#(install)","#
                        + #""operation.id":"op","acquisition.kind":"silent","outcome":"failure","duration_ms":1e300,"#
                        + #""error.domain":"MSALErrorDomain","error.code":-50002,"attempt":0}"#,
                    "{not json",
                ],
                metadata: nil)
            paths.append(path)
        }
        paths.append(generated.directory.path + "/missing.zst")
        Self.check(paths, "mixed inputs")
        #expect(Self.output(paths, threads: 1).contains("hostile-2.zst"))
    }

    @Test("shards held back for memory at every checkpoint: the same report on 8 threads, and free pages given back")
    func heldBackForMemory() throws {
        let fleet = try GeneratedFleet(installs: 150)
        defer { fleet.remove() }
        let paths = [fleet.directory.path]
        let releases = Locked(0)
        // Always over the budget: every shard but the oldest waits, and none starts while another runs.
        let pacer = MemoryPacer(budgetBytes: 0, resident: { 1 }, release: { releases.withLock { $0 += 1 } })
        #expect(Self.output(paths, threads: 8, pacer: pacer) == Self.output(paths, threads: 1))
        #expect(releases.withLock { $0 } == InstallShards.count, "a release after each shard finished over the budget")
    }
}
