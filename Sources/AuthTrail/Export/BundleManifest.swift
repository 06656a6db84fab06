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
    /// What `authtrail doctor`'s rules find in the set-ups the bundled segments recorded (`app.configuration`),
    /// written by `authtrail bundle` (the library's in-app export leaves it out); omitted when nothing was recorded,
    /// empty when the recorded set-ups have no finding.
    package var setupFindings: [SetupFinding]?

    /// One doctor finding in a recorded set-up, as `authtrail doctor --format json` names its parts.
    package struct SetupFinding: Sendable, Codable, Hashable {
        package var bundleID: String?
        package var rule: String
        package var problem: String
        package var location: String
        /// The MSAL errors it causes, outermost first, and for each what to pass to `authtrail explain`.
        package var errors: [String]
        package var explain: [String]
        package var fix: String

        package init(
            bundleID: String?, rule: String, problem: String, location: String, errors: [String], explain: [String],
            fix: String
        ) {
            self.bundleID = bundleID
            self.rule = rule
            self.problem = problem
            self.location = location
            self.errors = errors
            self.explain = explain
            self.fix = fix
        }

        enum CodingKeys: String, CodingKey {
            case rule, problem, location, errors, explain, fix
            case bundleID = "app.bundle_id"
        }
    }

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
        case setupFindings = "setup_findings"
    }

    package init?(payload: UnsafeRawBufferPointer) {
        guard let manifest = try? JSONDecoder().decode(BundleManifest.self, from: Data(payload)),
            manifest.format == Self.format
        else { return nil }
        self = manifest
    }
}
