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
        guard let values = FlatJSONObject.values(of: Key.names, in: payload) else {
            self.init(foundationParsing: payload)
            return
        }
        self.init(payload: payload) { values[$0.rawValue] }
    }

    /// `init(payload:)` through Foundation's parser alone, for any JSON object.
    package init?(foundationParsing payload: UnsafeRawBufferPointer) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] else { return nil }
        self.init(payload: payload) { key in
            let value = object["\(key.name)"]
            return value as? String ?? (value as? NSNumber)?.stringValue
        }
    }

    /// The keys this reads.
    private enum Key: Int, CaseIterable {
        case format, schema, installID, appID, appVersion, osName, osVersion, redactionLevel, createdAt, sequence

        /// Every key's name, in case order (made once: a report reads a frame per input).
        static let names = allCases.map(\.name)

        var name: StaticString {
            switch self {
            case .format: "format"
            case .schema: "schema"
            case .installID: "install.id"
            case .appID: "app.id"
            case .appVersion: "app.version"
            case .osName: "os.name"
            case .osVersion: "os.version"
            case .redactionLevel: "redaction.level"
            case .createdAt: "segment.created_at"
            case .sequence: "segment.sequence"
            }
        }
    }

    private init(payload: UnsafeRawBufferPointer, value: (Key) -> String?) {
        json = String(decoding: payload, as: UTF8.self)
        format = value(.format)
        schema = value(.schema).flatMap { Int($0) }
        installID = value(.installID)
        appID = value(.appID)
        appVersion = value(.appVersion)
        osName = value(.osName)
        osVersion = value(.osVersion)
        redactionLevel = value(.redactionLevel)
        createdAt = value(.createdAt)
        sequence = value(.sequence).flatMap { Int($0) }
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
        (installID ?? "", createdTime, sequence ?? 0, name)
            < (other.installID ?? "", other.createdTime, other.sequence ?? 0, otherName)
    }

    /// `createdAt` as seconds since 1970, compared as a time (as text, `…:05Z` sorts after `…:05.250Z`); -infinity
    /// when absent or not RFC 3339.
    private var createdTime: Double {
        createdAt.flatMap { Timestamp.parse(Array($0.utf8)) }?.timeIntervalSince1970 ?? -.infinity
    }
}
