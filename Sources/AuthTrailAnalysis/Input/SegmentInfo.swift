import AuthTrail
import Foundation

/// What a segment's or a bundle's skippable metadata frame says (see docs/SCHEMA.md); fields it lacks are nil.
package struct SegmentInfo: Sendable, Hashable {
    /// `authtrail-segment` or `authtrail-bundle`.
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

    /// Parses a metadata payload; nil when it is not a JSON object.
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
}
