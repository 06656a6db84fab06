package import Foundation

extension TrailEvent.Name {
    /// After `segment.start` in every segment: the app's MSAL set-up as the app sees it (docs/SCHEMA.md).
    public static let appConfiguration: Self = "app.configuration"
}

extension RecordedAppConfiguration {
    /// The event's attributes: absent facts are left out.
    package var attributes: [String: String] {
        var attributes: [String: String] = [:]
        func put(_ field: Field, _ value: String?) { if let value { attributes[field.rawValue] = value } }
        func put(_ field: Field, _ list: [String]) {
            if !list.isEmpty { attributes[field.rawValue] = list.joined(separator: ",") }
        }
        func put(_ field: Field, _ flag: Bool?) { put(field, flag.map { String($0) }) }
        put(.bundleID, bundleID)
        put(.platform, platform)
        put(.sandboxed, sandboxed)
        put(.urlSchemes, urlSchemes)
        put(.registersMSALScheme, registersMSALScheme)
        put(.queriesMSAuthV2, queriesMSAuthV2)
        put(.queriesMSAuthV3, queriesMSAuthV3)
        put(.msalVersion, msalVersion)
        put(.authorityHosts, authorityHosts)
        put(.knownAuthorityHosts, knownAuthorityHosts)
        put(.redirectScheme, redirectScheme)
        put(.keychainGroup, keychainGroup)
        put(.keychainProbe, keychainProbe?.word)
        put(.keychainStatus, keychainProbe?.status.map { String($0.rawValue) })
        if case .notChecked(let reason)? = keychainProbe { put(.keychainReason, reason) }
        return attributes
    }

    /// The `app.configuration` event stamped `date` (the segment's start).
    package func event(at date: Date) -> TrailEvent {
        TrailEvent(name: .appConfiguration, severity: .info, timestamp: date, attributes: attributes)
    }

    /// Reads the attributes back; values that do not parse are left out (a reader of untrusted lines).
    package init(attributes: [String: String]) {
        func text(_ field: Field) -> String? { attributes[field.rawValue].flatMap { $0.isEmpty ? nil : $0 } }
        func list(_ field: Field) -> [String] { text(field)?.split(separator: ",").map(String.init) ?? [] }
        func flag(_ field: Field) -> Bool? { text(field).flatMap { Bool($0) } }
        self.init(
            bundleID: text(.bundleID), platform: text(.platform), sandboxed: flag(.sandboxed),
            urlSchemes: list(.urlSchemes), registersMSALScheme: flag(.registersMSALScheme),
            queriesMSAuthV2: flag(.queriesMSAuthV2), queriesMSAuthV3: flag(.queriesMSAuthV3),
            msalVersion: text(.msalVersion), authorityHosts: list(.authorityHosts),
            knownAuthorityHosts: list(.knownAuthorityHosts), redirectScheme: text(.redirectScheme),
            keychainGroup: text(.keychainGroup))
        let status = text(.keychainStatus).flatMap { Int32($0) }.map { KeychainStatus(rawValue: $0) }
        switch (text(.keychainProbe), status) {
        case ("answered", let status?): keychainProbe = .answered(status)
        case ("refused", let status?): keychainProbe = .refused(status)
        case ("not_checked", _): keychainProbe = .notChecked(reason: text(.keychainReason) ?? "")
        default: keychainProbe = nil
        }
    }

    /// Reads one decoded event line (`JSONSerialization`'s object); nil unless it is an `app.configuration` event.
    package init?(json object: [String: Any]) {
        let name = object[FieldName.eventName.name] as? String
        guard name == TrailEvent.Name.appConfiguration.rawValue else { return nil }
        var attributes: [String: String] = [:]
        for field in Field.allCases { attributes[field.rawValue] = object[field.rawValue] as? String }
        self.init(attributes: attributes)
    }
}
