import Foundation

/// The install's random id and pseudonym key, created on first use in the log directory with mode 0600.
///
/// Two processes starting at once (an app and its extension) agree on one identity: files are created exclusively,
/// and the loser reads the winner's.
package struct InstallIdentity: Sendable {
    package var installID: String
    package var key: RedactionKey

    package static let idFileName = ".install-id"
    package static let keyFileName = ".redaction-key"

    package static func loadOrCreate(in directory: String) throws(SystemError) -> InstallIdentity {
        let idBytes = try loadOrCreateFile("\(directory)/\(idFileName)") { Array(UUID().uuidString.lowercased().utf8) }
        let keyBytes = try loadOrCreateFile("\(directory)/\(keyFileName)") { RedactionKey.randomBytes() }
        return InstallIdentity(
            installID: String(decoding: idBytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            key: RedactionKey(bytes: keyBytes))
    }

    /// Reads `path`; if it is missing or unusable (a crash cut it short), publishes a fresh value atomically.
    private static func loadOrCreateFile(_ path: String, make: () -> [UInt8]) throws(SystemError) -> [UInt8] {
        while true {
            var exists = true
            do {
                let existing = try SystemCalls.readFile(path)
                if existing.count >= 16 { return existing }
            } catch where SystemCalls.isFileMissing(error) {
                exists = false
            }
            let temporary = "\(path).\(SystemCalls.processID).\(UUID().uuidString)"
            try SystemCalls.createFile(temporary, bytes: make())
            defer { SystemCalls.unlink(temporary) }
            if exists {
                try SystemCalls.rename(temporary, to: path)
            } else {
                do { try SystemCalls.link(temporary, to: path) } catch where SystemCalls.isAlreadyExisting(error) {}
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
