package import Foundation

/// Who wrote a segment, stored in the skippable frame that opens it (every zstd reader skips it) and repeated in the
/// segment's first line (`segment.start`) so `zstdcat | jq` and DuckDB users see it too. Never holds the redaction key.
package struct SegmentMetadata: Sendable, Hashable, Codable {
    package var format = "authtrail-segment"
    package var schema = authTrailSchemaVersion
    /// Random per install; never a hardware id.
    package var installID: String
    package var appID: String
    package var appVersion: String
    package var osName: String
    package var osVersion: String
    package var libraryVersion: String
    package var zstdVersion: String
    package var processID: Int
    /// The segment's sequence number within its process.
    package var segmentSequence: Int
    /// RFC 3339 UTC.
    package var createdAt: String
    package var redactionLevel: RedactionLevel
    package var redactionKeyID: String
    /// `keychain`, `file`, or `file (keychain refused: <OSStatus>)`; nil in segments of versions that did not say.
    package var redactionKeyStore: String?
    /// True when the key id recorded in the log folder is another one: this segment's pseudonyms cannot be compared
    /// with those of the recorded key's segments.
    package var redactionKeySplit: Bool?
    /// The key id recorded in the log folder, when `redactionKeySplit`.
    package var redactionRecordedKeyID: String?
    package var compressionLevel: Int

    package init(
        installID: String, appID: String, appVersion: String, osName: String, osVersion: String, libraryVersion: String,
        zstdVersion: String, processID: Int, segmentSequence: Int, createdAt: String, redactionLevel: RedactionLevel,
        redactionKeyID: String, compressionLevel: Int, redactionKeyStore: String? = nil,
        redactionRecordedKeyID: String? = nil
    ) {
        self.installID = installID
        self.appID = appID
        self.appVersion = appVersion
        self.osName = osName
        self.osVersion = osVersion
        self.libraryVersion = libraryVersion
        self.zstdVersion = zstdVersion
        self.processID = processID
        self.segmentSequence = segmentSequence
        self.createdAt = createdAt
        self.redactionLevel = redactionLevel
        self.redactionKeyID = redactionKeyID
        self.compressionLevel = compressionLevel
        self.redactionKeyStore = redactionKeyStore
        self.redactionKeySplit = redactionKeyStore.map { _ in redactionRecordedKeyID != nil }
        self.redactionRecordedKeyID = redactionRecordedKeyID
    }

    enum CodingKeys: String, CodingKey {
        case format, schema
        case installID = "install.id"
        case appID = "app.id"
        case appVersion = "app.version"
        case osName = "os.name"
        case osVersion = "os.version"
        case libraryVersion = "authtrail.version"
        case zstdVersion = "zstd.version"
        case processID = "process.pid"
        case segmentSequence = "segment.sequence"
        case createdAt = "segment.created_at"
        case redactionLevel = "redaction.level"
        case redactionKeyID = "redaction.key_id"
        case redactionKeyStore = "redaction.key_store"
        case redactionKeySplit = "redaction.key_split"
        case redactionRecordedKeyID = "redaction.recorded_key_id"
        case compressionLevel = "compression.level"
    }

    /// The metadata as compact JSON with sorted keys.
    package func jsonBytes() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data("{}".utf8))
    }

    /// The `segment.start` event that repeats the metadata as the segment's first line: every key as a string, except
    /// `schema` and `install.id`, which every event line carries as its own fields, and `segment.created_at`, which is
    /// the line's `timestamp` (`date`).
    package func startEvent(at date: Date) -> TrailEvent {
        var attributes: [String: String] = [:]
        let mirror: [(CodingKeys, String)] = [
            (.format, format), (.compressionLevel, String(compressionLevel)),
            (.appID, appID), (.appVersion, appVersion), (.osName, osName), (.osVersion, osVersion),
            (.libraryVersion, libraryVersion), (.zstdVersion, zstdVersion), (.processID, String(processID)),
            (.segmentSequence, String(segmentSequence)), (.redactionLevel, redactionLevel.rawValue),
            (.redactionKeyID, redactionKeyID),
        ]
        for (key, value) in mirror { attributes[key.rawValue] = value }
        let optional: [(CodingKeys, String?)] = [
            (.redactionKeyStore, redactionKeyStore), (.redactionKeySplit, redactionKeySplit.map { String($0) }),
            (.redactionRecordedKeyID, redactionRecordedKeyID),
        ]
        for case (let key, let value?) in optional { attributes[key.rawValue] = value }
        return TrailEvent(name: .segmentStart, severity: .info, timestamp: date, attributes: attributes)
    }
}

/// The app that links AuthTrail, as segment metadata describes it.
public struct AppInfo: Sendable, Hashable {
    public var identifier: String
    public var version: String

    public init(identifier: String, version: String) {
        self.identifier = identifier
        self.version = version
    }

    /// The main bundle's identifier and short version where there is one, else the process name.
    public static var current: AppInfo {
        let info = Bundle.main.infoDictionary ?? [:]
        return AppInfo(
            identifier: Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName,
            version: info["CFBundleShortVersionString"] as? String ?? "unknown")
    }
}

/// The library's own version, written into every segment.
package let authTrailLibraryVersion = "0.2.0"

extension SegmentMetadata {
    static var currentOperatingSystem: (name: String, version: String) {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        let text = "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
        // An iOS app on a Mac: `os(iOS)` holds there too, but the version is macOS's, and MSAL runs without the
        // broker, so the report keeps it apart from both.
        #if targetEnvironment(macCatalyst)
        return ("Mac Catalyst", text)
        #elseif os(iOS)
        // "Designed for iPad" on a Mac: the iOS build, macOS's version and no broker, recorded apart.
        return (ProcessInfo.processInfo.isiOSAppOnMac ? "iOS app on Mac" : "iOS", text)
        #elseif os(macOS)
        return ("macOS", text)
        #elseif os(tvOS)
        return ("tvOS", text)
        #elseif os(watchOS)
        return ("watchOS", text)
        #elseif os(visionOS)
        return ("visionOS", text)
        #elseif os(Linux)
        return ("Linux", text)
        #else
        return ("unknown", text)
        #endif
    }
}
