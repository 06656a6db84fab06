import Crypto
import Foundation

/// The install's random id (a 0600 file in the log folder, written into every event) and its pseudonym key (in the
/// `KeyStore`, never in the log folder).
///
/// Two processes starting at once (an app and its extension) agree on one identity: files are created exclusively,
/// and the loser reads the winner's. A key left in the log folder by an earlier version (`.redaction-key`) is moved
/// into the key store and then deleted, so pseudonyms stay the same across the upgrade.
package struct InstallIdentity: Sendable {
    package var installID: String
    package var key: RedactionKey

    package static let idFileName = ".install-id"
    /// Where versions before 0.2 kept the key.
    package static let legacyKeyFileName = ".redaction-key"

    package static func loadOrCreate(
        in directory: String, keyStore: KeyStore, protection: FileProtection = .none
    ) throws -> InstallIdentity {
        let idBytes = try loadOrCreateFile("\(directory)/\(idFileName)", protection: protection) {
            Array(UUID().uuidString.lowercased().utf8)
        }
        let installID = String(decoding: idBytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let legacyPath = "\(directory)/\(legacyKeyFileName)"
        let legacy = (try? SystemCalls.readFile(legacyPath)).flatMap { $0.count >= 16 ? $0 : nil }
        let key = try keyStore.loadOrCreateKey(installID: installID, protection: protection) {
            legacy ?? RedactionKey.randomBytes()
        }
        // Only once the key store holds the key (written and synced) does the old copy go.
        if legacy != nil { SystemCalls.unlink(legacyPath) }
        return InstallIdentity(installID: installID, key: RedactionKey(bytes: key))
    }

    /// Reads `path`; if it is missing or unusable (a crash cut it short), publishes a fresh value atomically.
    static func loadOrCreateFile(
        _ path: String, protection: FileProtection, make: () -> [UInt8]
    ) throws(SystemError) -> [UInt8] {
        while true {
            var exists = true
            do {
                let existing = try SystemCalls.readFile(path)
                if existing.count >= 16 { return existing }
            } catch where SystemCalls.isFileMissing(error) {
                exists = false
            }
            let temporary = "\(path).\(SystemCalls.processID).\(UUID().uuidString)"
            try SystemCalls.createFile(temporary, bytes: make(), protection: protection)
            defer { SystemCalls.unlink(temporary) }
            if exists {
                try SystemCalls.rename(temporary, to: path)
            } else {
                do { try SystemCalls.link(temporary, to: path) } catch where SystemCalls.isAlreadyExisting(error) {}
            }
        }
    }
}

extension KeyStore {
    /// The key of `installID`, created with `make` when the store has none.
    func loadOrCreateKey(
        installID: String, protection: FileProtection, make: () -> [UInt8]
    ) throws -> [UInt8] {
        switch location {
        case .folder(let folder):
            try SystemCalls.makeDirectory(folder.path, mode: 0o700)
            let path = folder.appendingPathComponent(Self.fileName(installID: installID)).path
            return try InstallIdentity.loadOrCreateFile(path, protection: protection, make: make)
        case .keychain(let service, let accessGroup):
            return try KeychainItem.loadOrAdd(service: service, account: installID, accessGroup: accessGroup, make: make)
        }
    }

    /// `<install id>.key` for the ids the library makes (lowercase UUIDs); any other id (a hand-edited file) is
    /// hashed first, so it can never name a path outside the folder.
    static func fileName(installID: String) -> String {
        let safe = !installID.isEmpty && installID.utf8.count <= 64
            && installID.utf8.allSatisfy { ByteClass.isHex($0) || $0 == UInt8(ascii: "-") }
        return (safe ? installID : SHA256.hash(data: Data(installID.utf8)).hexString) + ".key"
    }
}

extension RedactionKey {
    static func randomBytes() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
