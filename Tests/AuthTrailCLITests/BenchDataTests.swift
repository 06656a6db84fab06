import AuthTrailTestSupport
import Foundation
import Testing

/// `authtrail-bench` writes its generated inputs into `--data` (and `store` its scratch files into `--scratch`), and
/// clears what an earlier run left there. Pointed by mistake at a trail folder, it once deleted the folder.
@Suite("the benchmarks never write over or delete a folder they did not make")
struct BenchDataTests {
    static func bench(_ arguments: [String]) throws -> ProcessOutput {
        try ProcessRunner.run(
            ProcessRunner.productsDirectory.appendingPathComponent("authtrail-bench").path, arguments, timeLimit: 300)
    }

    static let reportArguments = ["--megabytes", "1", "--devices", "1", "--runs", "1", "--profile", "group-by"]

    /// A folder as an app's trail leaves it: its install id and a segment.
    static func trailFolder() throws -> (TemporaryDirectory, [String: Data]) {
        let folder = try TemporaryDirectory("bench-data-trail")
        let files = [
            ".install-id": Data("0c58101a-194b-4cd3-b4bb-a7afb6ae7d11".utf8),
            "authtrail-20261129T010000.000Z-1-000001.jsonl.zst": Data((0..<64).map { UInt8($0) }),
        ]
        for (name, bytes) in files { try bytes.write(to: folder.url.appendingPathComponent(name)) }
        return (folder, files)
    }

    static func contents(_ folder: TemporaryDirectory) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return try Dictionary(
            uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.url.appendingPathComponent($0))) })
    }

    @Test("report --data and store --scratch on a trail folder: refused with the folder named, every byte kept")
    func foreignFolderIsRefused() throws {
        let (folder, files) = try Self.trailFolder()
        defer { folder.remove() }
        for arguments in [
            ["report", "--data", folder.path] + Self.reportArguments, ["store", "--scratch", folder.path],
        ] {
            let result = try Self.bench(arguments)
            #expect(result.status != 0 && !result.wasSignalled, "\(arguments[0]): \(result.status)")
            #expect(result.standardError.contains("\(folder.path) holds files this benchmark did not write"))
            #expect(try Self.contents(folder) == files, "\(arguments[0])")
        }
    }

    @Test("an empty folder is written once and reused; one a run left unfinished is written again")
    func ownFolderIsWrittenAndReused() throws {
        let folder = try TemporaryDirectory("bench-data-own")
        defer { folder.remove() }
        let first = try Self.bench(["report", "--data", folder.path] + Self.reportArguments)
        #expect(first.status == 0, "\(first.standardError)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(written.contains(".complete") && written.contains(".authtrail-bench"))
        let segments = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".zst") }
        #expect(!segments.isEmpty)

        let again = try Self.bench(["report", "--data", folder.path] + Self.reportArguments)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(
            try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".zst") } == segments
        )

        // Interrupted: the benchmark's marker without `.complete`. Its leftovers are cleared and written again.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(".complete"))
        try Data("left over".utf8).write(to: folder.url.appendingPathComponent("partial.tmp"))
        let rewritten = try Self.bench(["report", "--data", folder.path] + Self.reportArguments)
        #expect(rewritten.status == 0, "\(rewritten.standardError)")
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(after.contains(".complete") && !after.contains("partial.tmp"))
    }
}
