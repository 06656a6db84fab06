import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// The folder, key store and file-protection samples of the article "Getting started in an iOS app".
@Suite("the article's folder, key store and file protection samples")
struct ChoosingAFolderTests {
    static func appAloneFolder() -> URL {
        // BEGIN SNIPPET folder-app-alone
        let logsFolder = URL.applicationSupportDirectory.appending(path: "AuthTrail", directoryHint: .isDirectory)
        // END SNIPPET folder-app-alone
        return logsFolder
    }

    static func sharedConfiguration() throws -> (TrailConfiguration, Trail) {
        // BEGIN SNIPPET folder-app-group
        // The app and every extension that logs run this same line; each target has the App Group entitlement.
        let configuration = try TrailConfiguration(appGroup: "group.com.example.myapp")
        let trail = try Trail(configuration: configuration)
        // END SNIPPET folder-app-group
        return (configuration, trail)
    }

    static func protectedConfiguration(logsFolder: URL) -> TrailConfiguration {
        // BEGIN SNIPPET file-protection-complete
        // The app's Intune app protection policy asks for complete protection.
        let configuration = TrailConfiguration(directory: logsFolder, fileProtection: .complete)
        // END SNIPPET file-protection-complete
        return configuration
    }

    @Test("an app alone keeps its trail in Application Support/AuthTrail")
    func appAloneFolder() {
        let folder = Self.appAloneFolder()
        #expect(folder.lastPathComponent == "AuthTrail")
        #expect(folder.hasDirectoryPath)
        #expect(
            folder.deletingLastPathComponent().standardizedFileURL.path
                == URL.applicationSupportDirectory.standardizedFileURL.path)
    }

    @Test(
        "the App Group sample throws where there is no App Group container",
        .enabled(if: AppGroupContainers.areStandIns, "macOS makes a group container for any identifier"))
    func appGroupWithoutContainer() throws {
        #expect(throws: TrailConfiguration.Invalid.self) { try Self.sharedConfiguration() }
    }

    @Test("an App Group container is usable only when it is an existing folder the process may write")
    func appGroupContainerUsability() throws {
        let container = try TemporaryDirectory("authtrail-app-group-usable")
        defer { container.remove() }
        #expect(TrailConfiguration.isUsableContainer(container.url))
        // macOS names a container for any identifier: for a target without the entitlement it does not exist.
        #expect(!TrailConfiguration.isUsableContainer(container.url.appendingPathComponent("group.not.entitled")))
        let file = container.url.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        #expect(!TrailConfiguration.isUsableContainer(file))
    }

    @Test(
        "an App Group configuration names the container's Application Support folder and the group's Keychain access group"
    )
    func appGroupConfiguration() throws {
        let container = try TemporaryDirectory("authtrail-app-group")
        defer { container.remove() }
        let group = "group.com.example.myapp"
        let configuration = TrailConfiguration(appGroup: group, container: container.url)
        let support = container.url.appendingPathComponent("Library/Application Support")
        #expect(configuration.directory.path == support.appendingPathComponent("AuthTrail").path)
        let fallback = support.appendingPathComponent("AuthTrailKeys", isDirectory: true)
        let expected = KeyStore.keychain(
            service: "AuthTrail", accessGroup: group, fallbackFolder: fallback, calls: ScriptedKeychain())
        #expect(configuration.keyStore == expected)
        #expect(configuration.keyStore != .keychain(service: "AuthTrail", accessGroup: group))
        #expect(configuration.fileProtection == .completeUntilFirstUserAuthentication)
    }

    @Test("an app and its extension with the App Group configuration share one install id and pseudonym key")
    func appAndExtensionShareOneIdentity() async throws {
        let container = try TemporaryDirectory("authtrail-app-group")
        defer { container.remove() }
        let group = "group.com.example.myapp"
        // One Keychain plays the App Group's access group both targets share.
        let keychain = ScriptedKeychain()
        func configuration() -> TrailConfiguration {
            var configuration = TrailConfiguration(appGroup: group, container: container.url)
            configuration.keyStore = .keychain(
                accessGroup: group, fallbackFolder: container.url.appendingPathComponent("unused"), calls: keychain)
            return configuration
        }
        let app = try Trail(configuration: configuration())
        let appExtension = try Trail(configuration: configuration())
        app.record(TrailEvent(name: .log, message: "from the app"))
        appExtension.record(TrailEvent(name: .log, message: "from the share extension"))
        #expect(await app.flush(timeout: .testWait))
        #expect(await appExtension.flush(timeout: .testWait))

        #expect(app.installID != nil && app.installID == appExtension.installID)
        #expect(app.redactionKeyID != nil && app.redactionKeyID == appExtension.redactionKeyID)
        #expect(app.health.keyStore == "keychain" && appExtension.health.keyStore == "keychain")
        #expect(!app.health.isKeySplit && !appExtension.health.isKeySplit)
        let pasted = "Signed in as megan.bowen@contoso.com"
        let redacted = try #require(app.redact(text: pasted))
        #expect(!redacted.contains("megan.bowen"))
        #expect(redacted == appExtension.redact(text: pasted), "the same pseudonym in both targets")
        let contents = try FolderContents(configuration().directory.path)
        #expect(contents.events(named: "log").count == 2)
        #expect(contents.lostNothing)
    }

    @Test(
        "with complete protection and the device locked, events wait in the queue within its cap, the rest are dropped and counted, and the kept ones are written after the unlock"
    )
    func lockedDevice() async throws {
        let parent = try TemporaryDirectory("authtrail-locked")
        defer { parent.remove() }
        let folder = parent.url.appendingPathComponent("AuthTrail", isDirectory: true)
        var configuration = Self.protectedConfiguration(logsFolder: folder)
        #expect(configuration.fileProtection == .complete)
        configuration.memoryLimitBytes = 64 << 10

        // Linux has no data protection: a regular file where the folder should be refuses every write, as a locked
        // device refuses them under `.complete`.
        try Data("locked".utf8).write(to: folder)
        let trail = try Trail(configuration: configuration)
        var accepted = 0
        for index in 0..<1_000 where trail.record(TrailEvent(name: .log, attempt: index + 1)) { accepted += 1 }
        #expect(await trail.flush(timeout: .milliseconds(200)) == false)
        #expect(trail.health.status == .retrying)
        #expect(accepted > 0 && accepted < 1_000, "the queue kept \(accepted) events within its cap")
        #expect(trail.health.eventsDropped == 1_000 - accepted)

        // Unlocked: the next flush is tried at once and writes what waited, and how many were dropped.
        try FileManager.default.removeItem(at: folder)
        #expect(await trail.flush(timeout: .testWait))
        #expect(trail.health.status == .writing)
        let contents = try FolderContents(folder.path)
        #expect(contents.events(named: "log").count == accepted)
        let dropped = contents.events(named: "store.dropped")
        #expect(dropped.count == 1)
        let total = dropped.first.flatMap { FolderContents.value(of: "dropped.total", in: $0, quoted: true) }
        #expect(total == "\(1_000 - accepted)")
        #expect(trail.health.eventsLost == 0)
    }
}
