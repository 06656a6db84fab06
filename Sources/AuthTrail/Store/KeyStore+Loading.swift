import Crypto
import Foundation

extension KeyStore {
    /// A loaded key and where it came from.
    struct LoadedKey {
        var bytes: [UInt8]
        /// `keychain`, `file`, or `file (keychain refused: <status>)`: `TrailHealth.keyStore` and
        /// `redaction.key_store`.
        var source: String
    }

    /// Unknown Keychain statuses are retried this many times before the file store takes over: often enough to ride
    /// out a passing error, few enough that the trail does not stay silent.
    static let attemptsBeforeFallback = 5

    /// The key of `installID`, created with `make` when the store has none.
    /// - Parameters:
    ///   - attempt: 1 for the first try of this process, counting up while it fails; unknown Keychain statuses fall
    ///     back to files once it reaches `attemptsBeforeFallback`.
    ///   - logFolder: the log folder, which the fallback folder must not be in.
    ///   - inBackground: the process is outside the foreground (a background launch, an extension), where -34018 can
    ///     pass: it is retried like an unknown status before the file store takes over.
    func loadOrCreateKey(
        installID: String, protection: FileProtection, attempt: Int = 1, logFolder: String? = nil,
        inBackground: Bool = false, make: () -> [UInt8]
    ) throws -> LoadedKey {
        switch location {
        case .folder(let folder):
            let bytes = try Self.loadOrCreateFile(in: folder, installID: installID, protection: protection, make: make)
            return LoadedKey(bytes: bytes, source: "file")
        case .keychain(let service, let accessGroup, let fallback):
            let filePath = fallback.appendingPathComponent(Self.fileName(installID: installID)).path
            // A key this install keeps in a file since the Keychain refused it on an earlier launch moves into the
            // Keychain once that works (an entitlement was added): the install keeps one key, so its pseudonyms stay
            // the same, and the key gains the Keychain's this-device-only protection.
            let fileKey = (try? SystemCalls.readFile(filePath)).flatMap { $0.count >= 16 ? $0 : nil }
            do {
                let bytes = try keychainCalls.loadOrAdd(
                    service: service, account: installID, accessGroup: accessGroup
                ) {
                    fileKey ?? make()
                }
                // Only once the Keychain holds a key does the file go; if another process added a different one
                // first, the log folder's recorded key id shows the split.
                if fileKey != nil { SystemCalls.unlink(filePath) }
                return LoadedKey(bytes: bytes, source: "keychain")
            } catch {
                // Before the first unlock: the Keychain will answer later, and a file key now would be a second key.
                guard !error.status.isTransient,
                    error.status.refusesForGood(inBackground: inBackground) || attempt >= Self.attemptsBeforeFallback
                else { throw error }
                if let logFolder, Self.isInside(fallback.path, folder: logFolder) { throw error }
                let bytes = try Self.loadOrCreateFile(
                    in: fallback, installID: installID, protection: protection, make: make)
                return LoadedKey(bytes: bytes, source: "file (keychain refused: \(error.status))")
            }
        }
    }

    private static func loadOrCreateFile(
        in folder: URL, installID: String, protection: FileProtection, make: () -> [UInt8]
    ) throws -> [UInt8] {
        try SystemCalls.makeDirectory(folder.path, mode: 0o700)
        excludeFromBackup(folder)
        let path = folder.appendingPathComponent(fileName(installID: installID)).path
        return try InstallIdentity.loadOrCreateFile(path, protection: protection, make: make)
    }

    /// Keys stay on this device, as the Keychain's this-device-only items do.
    private static func excludeFromBackup(_ folder: URL) {
        #if canImport(Darwin)
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        var folder = folder
        try? folder.setResourceValues(values)
        #endif
    }

    static func isInside(_ path: String, folder: String) -> Bool {
        let standardized = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path.lowercased() }
        let inner = standardized(path)
        let outer = standardized(folder)
        return inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }

    /// `<install id>.key` for the ids the library makes (lowercase UUIDs); any other id (a hand-edited file) is
    /// hashed first, so it can never name a path outside the folder.
    static func fileName(installID: String) -> String {
        let safe =
            !installID.isEmpty && installID.utf8.count <= 64
            && installID.utf8.allSatisfy { ByteClass.isHex($0) || $0 == UInt8(ascii: "-") }
        return (safe ? installID : SHA256.hash(data: Data(installID.utf8)).hexString) + ".key"
    }
}
