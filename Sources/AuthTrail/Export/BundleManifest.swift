import Foundation

/// The first frame of a bundle: a skippable frame holding this JSON object, so any zstd tool steps over it and
/// reads the events, while `authtrail verify` checks every bundled segment against it.
package struct BundleManifest: Sendable, Codable, Hashable {
    /// The `format` value that marks a bundle manifest.
    package static let format = "authtrail-bundle"

    package var format = BundleManifest.format
    package var bundleVersion = 1
    /// What wrote the bundle and its version: `authtrail 0.1.0` (the CLI) or `AuthTrail 0.1.0` (the library, from
    /// inside an app).
    package var toolVersion: String
    package var createdAt: String
    package var firstEvent: String?
    package var lastEvent: String?
    package var events = 0
    package var apps: [String] = []
    package var operatingSystems: [String] = []
    package var redactionLevels: [String] = []
    /// Set when the bundle was written with `--force` (or `allowResidualPII`) despite residual PII findings.
    package var forcedWithFindings = 0
    package var segments: [Segment] = []

    /// One source segment: its file's hash, and what the bundle holds of it.
    package struct Segment: Sendable, Codable, Hashable {
        /// The source file's name (not its path).
        package var name: String
        /// SHA-256 of the source file as it was read, hex.
        package var sha256: String
        package var bytes: Int
        package var installID: String?
        /// Events bundled from it (complete lines only; torn tails are left out).
        package var events: Int
        /// SHA-256 of the bundled lines, each with its newline: what `verify` recomputes from the bundle.
        package var contentSHA256: String
        package var firstEvent: String?
        package var lastEvent: String?

        package init(
            name: String, sha256: String, bytes: Int, installID: String? = nil, events: Int, contentSHA256: String
        ) {
            self.name = name
            self.sha256 = sha256
            self.bytes = bytes
            self.installID = installID
            self.events = events
            self.contentSHA256 = contentSHA256
        }

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
