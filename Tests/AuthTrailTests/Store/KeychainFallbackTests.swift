import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// A Keychain that refuses for good (no entitlement, no Keychain) must not stop the trail: the key goes to files
/// outside the log folder, and health and every segment say so. One that refuses for a while (before the first
/// unlock) is waited for, so no second key is made.
@Suite("a refusing Keychain never silences the trail")
struct KeychainFallbackTests {
    static let pasted = "Signed in as megan.bowen@contoso.com"

    /// A log folder and a fallback key folder, side by side.
    struct Folders {
        let root: TemporaryDirectory
        var logs: URL { root.url.appendingPathComponent("AuthTrail", isDirectory: true) }
        var keys: URL { root.url.appendingPathComponent("AuthTrailKeys", isDirectory: true) }

        init() throws { root = try TemporaryDirectory("authtrail-keychain") }

        func configuration(_ keychain: ScriptedKeychain) -> TrailConfiguration {
            TrailConfiguration(
                directory: logs, app: AppInfo(identifier: "com.example.keys", version: "1.0"),
                keyStore: .keychain(fallbackFolder: keys, calls: keychain))
        }

        func keyFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: keys.path)) ?? []).filter { $0.hasSuffix(".key") }
        }
    }

    @Test(
        "a Keychain that refuses for good hands the key to a 0600 file outside the log folder, and health and metadata say so",
        arguments: [
            KeychainStatus.missingEntitlement, .notAvailable, .noSuchKeychain, .unimplemented,
        ])
    func refusedForGood(status: KeychainStatus) async throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        let keychain = ScriptedKeychain(refusing: status)
        let trail = try Trail(configuration: folders.configuration(keychain))
        for event in SampleEvents.make(count: 50) { trail.record(event) }
        #expect(await trail.shutdown(timeout: .testWait))

        let health = trail.health
        let expectedSource = "file (keychain refused: \(status.rawValue))"
        #expect(health.status == .writing)
        #expect(health.eventsWritten == 50)
        #expect(health.keyStore == expectedSource)
        #expect(!health.isKeySplit)
        let installID = try #require(trail.installID)
        #expect(folders.keyFiles() == ["\(installID).key"])
        let keyFile = folders.keys.appendingPathComponent("\(installID).key")
        let mode = try FileManager.default.attributesOfItem(atPath: keyFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!keyFile.standardizedFileURL.path.hasPrefix(folders.logs.standardizedFileURL.path + "/"))
        #expect(RedactionKey(bytes: Array(try Data(contentsOf: keyFile))).id == trail.redactionKeyID)
        #expect(keychain.secret(account: installID) == nil)

        let contents = try FolderContents(folders.logs.path)
        let starts = contents.events(named: "segment.start")
        #expect(!starts.isEmpty)
        for line in starts {
            #expect(FolderContents.value(of: "redaction.key_store", in: line, quoted: true) == expectedSource)
            #expect(FolderContents.value(of: "redaction.key_split", in: line, quoted: true) == "false")
        }
    }

    @Test("in a launch into the background, -34018 is retried, and the Keychain's key is used once it answers")
    func missingEntitlementPassesInTheBackground() async throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        let keychain = ScriptedKeychain(refusing: .missingEntitlement)
        var configuration = folders.configuration(keychain)
        // A suspendable process that no notification has brought to the foreground yet.
        configuration.lifecycle = ProcessLifecycle(
            isSuspendable: true, isExtension: false, backgroundExecution: .unlimited)
        let trail = try Trail(configuration: configuration)
        trail.record(TrailEvent(name: .log, message: "a refresh on a silent push"))
        let deadline = Date().addingTimeInterval(60)
        while keychain.calls < 2 && Date() < deadline { usleep(2_000) }
        #expect(keychain.calls >= 2, "retried rather than given up at once")
        #expect(folders.keyFiles().isEmpty, "no file key for a refusal that passes")
        keychain.refuse(nil)
        #expect(await trail.flush(timeout: .testWait))
        #expect(trail.health.keyStore == "keychain")
        #expect(trail.health.eventsWritten == 1)
        #expect(folders.keyFiles().isEmpty)
        #expect(await trail.shutdown(timeout: .testWait))
    }

    @Test("before the first unlock the Keychain is waited for, with no file key, and used once it answers")
    func refusedForAWhile() async throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        let keychain = ScriptedKeychain(refusing: .interactionNotAllowed)
        let trail = try Trail(configuration: folders.configuration(keychain))
        trail.record(TrailEvent(name: .log, message: Self.pasted))
        #expect(await trail.flush(timeout: .milliseconds(500)) == false)
        // A loaded or sanitized machine may start the writer late: give its retry time to come.
        let retriedBy = Date().addingTimeInterval(60)
        while keychain.calls < 2 && Date() < retriedBy { usleep(10_000) }
        #expect(keychain.calls >= 2, "the writer retried")
        #expect(trail.health.status == .retrying)
        #expect(trail.health.keyStore == nil)
        #expect(trail.redactionKeyID == nil)
        #expect(folders.keyFiles().isEmpty, "no second key in a file")

        keychain.refuse(nil)
        #expect(await trail.flush(timeout: .testWait))
        #expect(trail.health.status == .writing)
        #expect(trail.health.keyStore == "keychain")
        #expect(trail.health.eventsWritten == 1)
        let installID = try #require(trail.installID)
        let secret = try #require(keychain.secret(account: installID))
        #expect(RedactionKey(bytes: secret).id == trail.redactionKeyID)
        #expect(folders.keyFiles().isEmpty)
        #expect(await trail.shutdown(timeout: .testWait))
        #expect(try FolderContents(folders.logs.path).events(named: "log").count == 1)
    }

    @Test("an unknown Keychain error is retried a few times, then the file store takes over")
    func unknownErrorFallsBackAfterRetries() async throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        // errSecAuthFailed: not one the store knows to be passing or final.
        let keychain = ScriptedKeychain(refusing: KeychainStatus(rawValue: -25293))
        let trail = try Trail(configuration: folders.configuration(keychain))
        trail.record(TrailEvent(name: .log, message: "hello"))
        #expect(await trail.flush(timeout: .testWait))
        #expect(keychain.calls >= 5)
        #expect(trail.health.keyStore == "file (keychain refused: -25293)")
        #expect(trail.health.failures >= 4)
        #expect(folders.keyFiles().count == 1)
        #expect(await trail.shutdown(timeout: .testWait))
    }

    @Test("a later launch whose Keychain works moves the file key into it: the same key id and the same pseudonyms")
    func laterLaunchKeepsTheKey() async throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        let keychain = ScriptedKeychain(refusing: .missingEntitlement)
        let first = try Trail(configuration: folders.configuration(keychain))
        first.record(TrailEvent(name: .log, message: Self.pasted))
        #expect(await first.shutdown(timeout: .testWait))
        #expect(first.health.keyStore == "file (keychain refused: -34018)")
        let keyID = try #require(first.redactionKeyID)
        let pseudonymized = try #require(first.redact(text: Self.pasted))
        #expect(!pseudonymized.contains("megan.bowen"))
        let installID = try #require(first.installID)
        let fileKey = Array(try Data(contentsOf: folders.keys.appendingPathComponent("\(installID).key")))

        // The entitlement was added.
        keychain.refuse(nil)
        let second = try Trail(configuration: folders.configuration(keychain))
        second.record(TrailEvent(name: .log, message: Self.pasted))
        #expect(await second.shutdown(timeout: .testWait))
        #expect(second.health.keyStore == "keychain")
        #expect(second.installID == installID)
        #expect(second.redactionKeyID == keyID)
        #expect(second.redact(text: Self.pasted) == pseudonymized)
        #expect(!second.health.isKeySplit)
        #expect(keychain.secret(account: installID) == fileKey, "the Keychain holds the file's key")
        #expect(folders.keyFiles().isEmpty, "the file copy is gone once the Keychain holds the key")

        // A third launch reads it from the Keychain.
        let third = try Trail(configuration: folders.configuration(keychain))
        third.record(TrailEvent(name: .log, message: Self.pasted))
        #expect(await third.shutdown(timeout: .testWait))
        #expect(third.redactionKeyID == keyID)
        let logs = try FolderContents(folders.logs.path).events(named: "log")
        #expect(logs.count == 3)
        let bodies = logs.compactMap { FolderContents.value(of: "body", in: $0, quoted: true) }
        #expect(bodies.count == 3 && Set(bodies).count == 1, "one pseudonym in all three launches")
        #expect(bodies.allSatisfy { !$0.contains("megan.bowen") })
    }

    @Test("the real Keychain calls, refused where there is no Keychain or no entitlement, still let the trail write")
    func realKeychainCalls() async throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        var configuration = folders.configuration(ScriptedKeychain())
        configuration.keyStore = .keychain(fallbackFolder: folders.keys, calls: KeychainItem())
        let trail = try Trail(configuration: configuration)
        trail.record(TrailEvent(name: .log, message: "hello"))
        #expect(await trail.shutdown(timeout: .testWait))
        #expect(trail.health.eventsWritten == 1)
        #if canImport(Security)
        // `swift test` on a Mac has no keychain entitlement (-34018); a signed test host may have one.
        let source = try #require(trail.health.keyStore)
        #expect(source == "keychain" || source == "file (keychain refused: -34018)", "\(source)")
        #else
        #expect(trail.health.keyStore == "file (keychain refused: -4)")
        #expect(folders.keyFiles().count == 1)
        #endif
    }
}
