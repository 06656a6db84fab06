import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// The report is a function of the events, not of the files holding them: their order on the command line, which
/// carry a metadata frame, how an install's events are split into files, and how many processes wrote them.
@Suite("report over any split of the same events")
struct ReportOrderIndependenceTests {
    /// `report --format json` with `input.files` (which counts the files, so differs between splits) set to 0.
    static func json(_ paths: [String]) -> String {
        var (report, problems) = Report.build(paths: paths)
        #expect(problems.isEmpty)
        report.input.files = 0
        return report.renderJSON()
    }

    @Test(
        "any permutation and re-split into files, with and without metadata frames, by 1 or 2 processes, same JSON",
        arguments: 1...24 as ClosedRange<UInt64>)
    func resplitGivesIdenticalJSON(seed: UInt64) throws {
        let fleet = try PlantedFleet(damaged: false)
        defer { fleet.remove() }
        let expected = Self.json(fleet.deviceFolders)
        let folder = try TemporaryDirectory("resplit")
        defer { folder.remove() }
        let paths = try ResplitFleet(folders: fleet.deviceFolders).write(seed: seed, to: folder.url)
        #expect(Self.json(paths) == expected, "seed \(seed)")
        var random = SplitMix64(seed: ~seed)
        #expect(Self.json(paths.shuffled(using: &random)) == expected, "seed \(seed), shuffled")
        #expect(Self.json([folder.path]) == expected, "seed \(seed), as a folder")
    }

    @Test("a segment without a metadata frame is ordered by its own first lines, with its install's other segments")
    func segmentWithoutMetadataJoinsItsInstall() throws {
        let fleet = try PlantedFleet(damaged: false)
        defer { fleet.remove() }
        let folder = try TemporaryDirectory("resplit")
        defer { folder.remove() }
        let paths = try ResplitFleet(folders: fleet.deviceFolders).write(seed: 7, to: folder.url)
        let plan = InputOrder.plan(paths)
        #expect(plan.mixed.isEmpty)
        #expect(plan.installs.count == 3)
        #expect(plan.installs.map { $0.files.count }.reduce(0, +) == paths.count)
        for install in plan.installs {
            let starts = install.files.compactMap(\.startMilliseconds)
            #expect(starts.count == install.files.count && starts == starts.sorted())
        }
    }
}
