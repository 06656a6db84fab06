import Foundation

/// One line of MSAL for iOS/macOS's log callback, split into its parts:
/// `TID=<thread id><thread tag> MSAL <version> <OS> [<yyyy-MM-dd HH:mm:ss>< - correlation id>]< [component]> <message>`.
///
/// The parser never trusts the text: every part is optional, and a line that does not start like MSAL's keeps all of
/// its text in `message`.
public struct MSALLogLine: Sendable, Hashable {
    /// The decimal thread id after `TID=`.
    public var threadID: Int?
    /// `main thread`, the thread's name, or nil.
    public var thread: String?
    /// The MSAL version, for example `2.14.0`.
    public var libraryVersion: String?
    /// `iOS 18.2`, `iOS Sim 18.2`, `Mac 14.5.0` or `UnkOS`.
    public var operatingSystem: String?
    /// MSAL's UTC timestamp, whole seconds, as printed (`2025-07-01 09:15:42`).
    public var loggedAt: String?
    /// The request's correlation id, when MSAL printed one and it is a UUID.
    public var correlationID: String?
    /// `MSAL` for requests.
    public var component: String?
    /// Everything after the prefix.
    public var message: String

    /// Splits `line`; a line in another format is kept whole in `message`.
    public init(parsing line: String) {
        message = line
        var rest = Substring(line)
        guard rest.hasPrefix("TID=") else { return }
        rest = rest.dropFirst(4)
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, let id = Int(digits), let marker = rest.range(of: " MSAL ") else { return }
        let tag = rest[digits.endIndex..<marker.lowerBound]
        rest = rest[marker.upperBound...]
        guard let versionEnd = rest.firstIndex(of: " ") else { return }
        let version = rest[..<versionEnd]
        guard version.first?.isNumber == true, version.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) else {
            return
        }
        rest = rest[rest.index(after: versionEnd)...]
        guard let open = rest.range(of: " ["), let close = rest[open.upperBound...].firstIndex(of: "]") else { return }
        let os = rest[..<open.lowerBound]
        let bracket = rest[open.upperBound..<close]
        rest = rest[rest.index(after: close)...]

        threadID = id
        let trimmedTag = tag.trimmingCharacters(in: .whitespaces)
        if trimmedTag == "(main thread)" {
            thread = "main thread"
        } else if !trimmedTag.isEmpty {
            thread = trimmedTag
        }
        libraryVersion = String(version)
        operatingSystem = String(os)
        if let dash = bracket.range(of: " - ") {
            loggedAt = String(bracket[..<dash.lowerBound])
            let candidate = bracket[dash.upperBound...].trimmingCharacters(in: .whitespaces)
            if UUID(uuidString: candidate) != nil { correlationID = candidate }
        } else {
            loggedAt = String(bracket)
        }
        if rest.hasPrefix(" ["), let end = rest.firstIndex(of: "]") {
            let name = rest[rest.index(rest.startIndex, offsetBy: 2)..<end]
            if !name.isEmpty, !name.contains(" ") {
                component = String(name)
                rest = rest[rest.index(after: end)...]
            }
        }
        message = String(rest.drop(while: { $0 == " " }))
    }
}
