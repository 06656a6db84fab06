import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// Processes that share a log folder but not a key (an extension in its own Keychain access group, a backup restored
/// on another device) give one user two pseudonyms; the folder records the first key's id so the others say so.
@Suite("a split key is reported, never silent")
struct KeySplitTests {
    static func configuration(logs: URL, keys: URL) -> TrailConfiguration {
        TrailConfiguration(
            directory: logs, app: AppInfo(identifier: "com.example.split", version: "1.0"),
            keyStore: .files(in: keys))
    }

    /// Starts a trail and waits until it has loaded its identity and written one event.
    static func started(logs: URL, keys: URL) async throws -> Trail {
        let trail = try Trail(configuration: configuration(logs: logs, keys: keys))
        trail.record(TrailEvent(name: .log, message: "user megan.bowen@contoso.com"))
        #expect(await trail.flush(timeout: .testWait))
        return trail
    }

    @Test("a second key on the same folder is reported in health and in its segments, with the recorded key id")
    func differentKeys() async throws {
        let root = try TemporaryDirectory("authtrail-split")
        defer { root.remove() }
        let logs = root.url.appendingPathComponent("logs")
        let app = try await Self.started(logs: logs, keys: root.url.appendingPathComponent("app-keys"))
        let appExtension = try await Self.started(logs: logs, keys: root.url.appendingPathComponent("extension-keys"))
        #expect(await app.shutdown(timeout: .testWait))
        #expect(await appExtension.shutdown(timeout: .testWait))

        let appKeyID = try #require(app.redactionKeyID)
        let extensionKeyID = try #require(appExtension.redactionKeyID)
        #expect(app.installID == appExtension.installID)
        #expect(appKeyID != extensionKeyID)
        #expect(!app.health.isKeySplit)
        #expect(appExtension.health.isKeySplit)
        #expect(appExtension.health.recordedKeyID == appKeyID)
        let recorded = try String(contentsOf: logs.appendingPathComponent(".install-key-id"), encoding: .utf8)
        #expect(recorded == appKeyID)
        let mode =
            try FileManager.default.attributesOfItem(
                atPath: logs.appendingPathComponent(".install-key-id").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let starts = try FolderContents(logs.path).events(named: "segment.start")
        let byKey = Dictionary(grouping: starts) { FolderContents.value(of: "redaction.key_id", in: $0, quoted: true) }
        #expect(Set(byKey.keys) == [appKeyID, extensionKeyID])
        for line in byKey[appKeyID] ?? [] {
            #expect(FolderContents.value(of: "redaction.key_split", in: line, quoted: true) == "false")
            #expect(FolderContents.value(of: "redaction.recorded_key_id", in: line, quoted: true) == nil)
        }
        for line in byKey[extensionKeyID] ?? [] {
            #expect(FolderContents.value(of: "redaction.key_split", in: line, quoted: true) == "true")
            #expect(FolderContents.value(of: "redaction.recorded_key_id", in: line, quoted: true) == appKeyID)
        }
    }

    @Test("processes sharing one key report no split")
    func sameKey() async throws {
        let root = try TemporaryDirectory("authtrail-no-split")
        defer { root.remove() }
        let logs = root.url.appendingPathComponent("logs")
        let keys = root.url.appendingPathComponent("keys")
        let app = try await Self.started(logs: logs, keys: keys)
        let appExtension = try await Self.started(logs: logs, keys: keys)
        #expect(await app.shutdown(timeout: .testWait))
        #expect(await appExtension.shutdown(timeout: .testWait))
        #expect(app.redactionKeyID != nil && app.redactionKeyID == appExtension.redactionKeyID)
        #expect(!app.health.isKeySplit && !appExtension.health.isKeySplit)
        let starts = try FolderContents(logs.path).events(named: "segment.start")
        #expect(starts.count == 2)
        for line in starts {
            #expect(FolderContents.value(of: "redaction.key_split", in: line, quoted: true) == "false")
        }
    }

    @Test("an upgrade from a folder without a recorded key id records this key and reports no split")
    func folderFromAnEarlierVersion() async throws {
        let root = try TemporaryDirectory("authtrail-upgrade-key-id")
        defer { root.remove() }
        let logs = root.url.appendingPathComponent("logs")
        let keys = root.url.appendingPathComponent("keys")
        let first = try await Self.started(logs: logs, keys: keys)
        #expect(await first.shutdown(timeout: .testWait))
        try FileManager.default.removeItem(at: logs.appendingPathComponent(".install-key-id"))
        let second = try await Self.started(logs: logs, keys: keys)
        #expect(await second.shutdown(timeout: .testWait))
        #expect(!second.health.isKeySplit)
        let recorded = try String(contentsOf: logs.appendingPathComponent(".install-key-id"), encoding: .utf8)
        #expect(recorded == second.redactionKeyID)
    }
}
