import Foundation

/// The first frame of a bundle: a skippable frame holding this JSON object, so any zstd tool steps over it and
/// reads the events, while `authtrail verify` checks every bundled segment against it.
public struct BundleManifest: Sendable, Codable, Hashable {
    /// The `format` value that marks a bundle manifest.
    public static let format = "authtrail-bundle"

    public var format = BundleManifest.format
    public var bundleVersion = 1
    public var toolVersion: String
    public var createdAt: String
    public var firstEvent: String?
    public var lastEvent: String?
    public var events = 0
    public var apps: [String] = []
    public var operatingSystems: [String] = []
    public var redactionLevels: [String] = []
    /// Set when the bundle was written with `--force` despite residual PII findings.
    public var forcedWithFindings = 0
    public var segments: [Segment] = []

    /// One source segment: its file's hash, and what the bundle holds of it.
    public struct Segment: Sendable, Codable, Hashable {
        /// The source file's name (not its path).
        public var name: String
        /// SHA-256 of the source file as it was read, hex.
        public var sha256: String
        public var bytes: Int
        public var installID: String?
        /// Events bundled from it (complete lines only; torn tails are left out).
        public var events: Int
        /// SHA-256 of the bundled lines, each with its newline: what `verify` recomputes from the bundle.
        public var contentSHA256: String
        public var firstEvent: String?
        public var lastEvent: String?

        enum CodingKeys: String, CodingKey {
            case name, sha256, bytes, events
            case installID = "install.id"
            case contentSHA256 = "content_sha256"
            case firstEvent = "first_event"
            case lastEvent = "last_event"
        }
    }

    package init(toolVersion: String, createdAt: String) {
        self.toolVersion = toolVersion
        self.createdAt = createdAt
    }

    package func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data("{}".utf8))
    }

    enum CodingKeys: String, CodingKey {
        case format, events, apps, segments
        case bundleVersion = "bundle.version"
        case toolVersion = "authtrail.tool_version"
        case createdAt = "bundle.created_at"
        case firstEvent = "first_event"
        case lastEvent = "last_event"
        case operatingSystems = "operating_systems"
        case redactionLevels = "redaction.levels"
        case forcedWithFindings = "forced_with_findings"
    }

    package init?(payload: UnsafeRawBufferPointer) {
        guard let manifest = try? JSONDecoder().decode(BundleManifest.self, from: Data(payload)),
            manifest.format == Self.format
        else { return nil }
        self = manifest
    }
}
