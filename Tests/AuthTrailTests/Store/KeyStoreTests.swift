import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// The pseudonym key never lives in the log folder, which is backed up, zipped and attached to tickets.
@Suite("the pseudonym key stays home")
struct KeyStoreTests {
    /// Every file under `folder`, hidden ones included, as bytes.
    static func allFiles(under folder: URL) throws -> [(path: String, bytes: [UInt8])] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try paths.compactMap { relative in
            let url = folder.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { return nil }
            return (relative, Array(try Data(contentsOf: url)))
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains {
            haystack[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }

    @Test("no file of the log folder holds the key, raw or in hex, and the key file is 0600 in a separate folder")
    func keyNeverInTheLogFolder() async throws {
        let logs = try TemporaryDirectory("authtrail-logs")
        let keys = try TemporaryDirectory("authtrail-keys")
        defer {
            logs.remove()
            keys.remove()
        }
        let trail = try Trail(configuration: TrailConfiguration(directory: logs.url, keyStore: .files(in: keys.url)))
        for event in SampleEvents.make(count: 500) { trail.record(event) }
        #expect(await trail.shutdown(timeout: .testWait))
        let installID = try #require(trail.installID)
        let keyFile = keys.url.appendingPathComponent("\(installID).key")
        let key = Array(try Data(contentsOf: keyFile))
        #expect(key.count == 32)
        let mode = try FileManager.default.attributesOfItem(atPath: keyFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let hex = Array(key.map { String(format: "%02x", $0) }.joined().utf8)
        let files = try Self.allFiles(under: logs.url)
        #expect(files.contains { $0.path.hasSuffix(".jsonl.zst") })
        #expect(!files.contains { $0.path.hasSuffix(".redaction-key") })
        for file in files {
            // Segments are compressed: check their decoded text too.
            let decoded = file.path.hasSuffix(".zst") ? try CollectingSink.decode(file.bytes).lines.joined() : ""
            #expect(!Self.contains(file.bytes, key) && !Self.contains(file.bytes, hex), "\(file.path)")
            #expect(!Self.contains(Array(decoded.utf8), hex), "\(file.path), decoded")
        }
    }

    @Test("a folder with the key at the old place is migrated: the old file goes, and pseudonyms stay the same")
    func migration() async throws {
        let logs = try TemporaryDirectory("authtrail-legacy")
        let keys = try TemporaryDirectory("authtrail-keys")
        defer {
            logs.remove()
            keys.remove()
        }
        // The layout versions before 0.2 left: the install id and the key side by side in the log folder.
        let installID = "0f6c2d1e-9a8b-4c7d-8e6f-5a4b3c2d1e0f"
        let legacyKey = (0..<32).map { UInt8(($0 * 37 + 11) % 256) }
        try Data(installID.utf8).write(to: logs.url.appendingPathComponent(".install-id"))
        try Data(legacyKey).write(to: logs.url.appendingPathComponent(".redaction-key"))
        let expected = Redactor(key: RedactionKey(bytes: legacyKey)).redact(text: "user megan.bowen@contoso.com")

        let trail = try Trail(configuration: TrailConfiguration(directory: logs.url, keyStore: .files(in: keys.url)))
        trail.record(TrailEvent(name: .log, message: "user megan.bowen@contoso.com"))
        #expect(await trail.shutdown(timeout: .testWait))
        #expect(trail.installID == installID)
        #expect(!FileManager.default.fileExists(atPath: logs.url.appendingPathComponent(".redaction-key").path))
        let moved = try Data(contentsOf: keys.url.appendingPathComponent("\(installID).key"))
        #expect(Array(moved) == legacyKey)
        let lines = try FolderContents(logs.path).events(named: "log")
        #expect(lines.count == 1)
        #expect(lines.first?.contains(expected.replacingOccurrences(of: "user ", with: "")) == true)
        #expect(trail.redactionKeyID == RedactionKey(bytes: legacyKey).id)
    }

    @Test("an install id that is not a UUID cannot steer the key file out of its folder")
    func hostileInstallID() async throws {
        let logs = try TemporaryDirectory("authtrail-hostile-id")
        let keys = try TemporaryDirectory("authtrail-keys")
        defer {
            logs.remove()
            keys.remove()
        }
        try Data("../../escaped-install-id-0123456789".utf8).write(to: logs.url.appendingPathComponent(".install-id"))
        let trail = try Trail(configuration: TrailConfiguration(directory: logs.url, keyStore: .files(in: keys.url)))
        trail.record(TrailEvent(name: .log, message: "hello"))
        #expect(await trail.shutdown(timeout: .testWait))
        let names = try FileManager.default.contentsOfDirectory(atPath: keys.path)
        #expect(names.count == 1 && names[0].hasSuffix(".key") && !names[0].contains(".."), "\(names)")
        #expect(
            !FileManager.default.fileExists(
                atPath: keys.url.deletingLastPathComponent().appendingPathComponent("escaped-install-id-0123456789.key")
                    .path))
    }
}
