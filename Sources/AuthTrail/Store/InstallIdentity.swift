import Foundation

/// The install's random id (a 0600 file in the log folder, written into every event) and its pseudonym key (in the
/// `KeyStore`, never in the log folder).
///
/// Two processes starting at once (an app and its extension) agree on one identity: files are created exclusively,
/// and the loser reads the winner's. A key left in the log folder by an earlier version (`.redaction-key`) is moved
/// into the key store and then deleted, so pseudonyms stay the same across the upgrade.
///
/// The first key's public id is recorded next to the install id (`.install-key-id`). A process whose key differs
/// (an extension with its own Keychain access group, a backup restored on another device without its
/// this-device-only key) keeps writing, and says so: its pseudonyms cannot be compared with the recorded key's.
package struct InstallIdentity: Sendable {
    package var installID: String
    package var key: RedactionKey
    /// Where the key came from: `keychain`, `file`, or `file (keychain refused: <status>)`.
    package var keySource: String
    /// The key id recorded in the log folder when it is not this key's; nil when they agree.
    package var recordedKeyID: String?

    package init(installID: String, key: RedactionKey, keySource: String = "unknown", recordedKeyID: String? = nil) {
        self.installID = installID
        self.key = key
        self.keySource = keySource
        self.recordedKeyID = recordedKeyID
    }

    package static let idFileName = ".install-id"
    package static let keyIDFileName = ".install-key-id"
    /// Where versions before 0.2 kept the key.
    package static let legacyKeyFileName = ".redaction-key"

    /// - Parameters:
    ///   - attempt: counts this process's tries that the Keychain refused (see `KeyStore.loadOrCreateKey`).
    ///   - inBackground: the process is outside the foreground (see `KeyStore.loadOrCreateKey`).
    package static func loadOrCreate(
        in directory: String, keyStore: KeyStore, protection: FileProtection = .none, attempt: Int = 1,
        inBackground: Bool = false
    ) throws -> InstallIdentity {
        let idBytes = try loadOrCreateFile("\(directory)/\(idFileName)", protection: protection) {
            Array(UUID().uuidString.lowercased().utf8)
        }
        let installID = String(decoding: idBytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let legacyPath = "\(directory)/\(legacyKeyFileName)"
        let legacy = (try? SystemCalls.readFile(legacyPath)).flatMap { $0.count >= 16 ? $0 : nil }
        let loaded = try keyStore.loadOrCreateKey(
            installID: installID, protection: protection, attempt: attempt, logFolder: directory,
            inBackground: inBackground
        ) {
            legacy ?? RedactionKey.randomBytes()
        }
        // Only once the key store holds the key (written and synced) does the old copy go.
        if legacy != nil { SystemCalls.unlink(legacyPath) }
        let key = RedactionKey(bytes: loaded.bytes)
        let recordedBytes = try loadOrCreateFile(
            "\(directory)/\(keyIDFileName)", minimumCount: key.id.utf8.count, protection: protection
        ) {
            Array(key.id.utf8)
        }
        let recorded = String(decoding: recordedBytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return InstallIdentity(
            installID: installID, key: key, keySource: loaded.source,
            recordedKeyID: recorded == key.id ? nil : recorded)
    }

    /// Reads `path`; if it is missing or unusable (a crash cut it short), publishes a fresh value atomically.
    static func loadOrCreateFile(
        _ path: String, minimumCount: Int = 16, protection: FileProtection, make: () -> [UInt8]
    ) throws(SystemError) -> [UInt8] {
        while true {
            var exists = true
            do {
                let existing = try SystemCalls.readFile(path)
                if existing.count >= minimumCount { return existing }
            } catch  where SystemCalls.isFileMissing(error) {
                exists = false
            }
            let temporary = "\(path).\(SystemCalls.processID).\(UUID().uuidString)"
            try SystemCalls.createFile(temporary, bytes: make(), protection: protection)
            defer { SystemCalls.unlink(temporary) }
            if exists {
                try SystemCalls.rename(temporary, to: path)
            } else {
                do { try SystemCalls.link(temporary, to: path) } catch  where SystemCalls.isAlreadyExisting(error) {}
            }
        }
    }
}

extension RedactionKey {
    static func randomBytes() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
