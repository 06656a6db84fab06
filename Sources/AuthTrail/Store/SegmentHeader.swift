import Foundation

/// A segment's or a bundle's metadata frame (the skippable frame that opens every segment, `SegmentMetadata` as
/// written) as a reader finds it: who wrote it, on what, at which redaction level, and where it sorts. Fields the
/// payload lacks are nil, as old or foreign writers may leave any of them out.
package struct SegmentHeader: Sendable, Hashable {
    /// `authtrail-segment`, or `authtrail-bundle` for a bundle's own manifest.
    package var format: String?
    package var schema: Int?
    package var installID: String?
    package var appID: String?
    package var appVersion: String?
    package var osName: String?
    package var osVersion: String?
    package var redactionLevel: String?
    package var createdAt: String?
    package var sequence: Int?
    /// The payload as it was read.
    package var json: String

    /// Parses a metadata payload; nil when it is not a JSON object. Strings are taken as they are, numbers as their
    /// decimal text.
    package init?(payload: UnsafeRawBufferPointer) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] else { return nil }
        json = String(decoding: payload, as: UTF8.self)
        func string(_ key: String) -> String? {
            if let text = object[key] as? String { return text }
            return (object[key] as? NSNumber)?.stringValue
        }
        format = string("format")
        schema = string("schema").flatMap { Int($0) }
        installID = string("install.id")
        appID = string("app.id")
        appVersion = string("app.version")
        osName = string("os.name")
        osVersion = string("os.version")
        redactionLevel = string("redaction.level")
        createdAt = string("segment.created_at")
        sequence = string("segment.sequence").flatMap { Int($0) }
    }

    /// True for a bundle's manifest rather than a segment's metadata.
    package var isBundleManifest: Bool { format == BundleManifest.format }

    /// The bundle manifest's `apps` entry: `com.contoso.app 1.2.0`.
    var app: String? { appID.map { app in appVersion.map { "\(app) \($0)" } ?? app } }

    /// The bundle manifest's `operating_systems` entry: `iOS 18.1.0`.
    var operatingSystem: String? { osName.map { os in osVersion.map { "\(os) \($0)" } ?? os } }

    /// Whether the segment headed by `self` (in file `name`) is bundled before the one headed by `other`: by install,
    /// then creation time, then sequence, then file name, as `authtrail bundle` orders its inputs (`InputOrder`), so
    /// a device's segments stay together and in the order they were written.
    package func sortsBefore(_ other: SegmentHeader, name: String, otherName: String) -> Bool {
        (installID ?? "", createdAt ?? "", sequence ?? 0, name)
            < (other.installID ?? "", other.createdAt ?? "", other.sequence ?? 0, otherName)
    }
}
