package import AuthTrail

extension Report {
    /// One MSAL set-up as apps recorded it (`app.configuration`), with what `authtrail doctor`'s rules found in it.
    package struct RecordedSetup: Sendable, Codable, Hashable {
        package var bundleID: String?
        /// `os.name`: `iOS`, `macOS`, `Mac Catalyst`, `visionOS`.
        package var platform: String?
        package var msalVersion: String?
        /// The newest app versions that recorded it (`ReportBounds.setupAppVersions`), newest first; nil when none.
        package var appVersions: [String]?
        /// Distinct app versions that recorded it beyond `appVersions`; nil when none.
        package var otherAppVersions: Int?
        /// Devices that recorded this set-up (an estimate above `ReportBounds.exactDistinctPerPattern`).
        package var devices = 0
        /// `app.configuration` events that recorded it (one per segment).
        package var events = 0
        /// What the rules found, in rule order; empty when the set-up passes every rule that could be checked.
        package var findings: [SetupFinding] = []
        /// The rules the recording cannot answer (what the app cannot see from inside: its sources, its entitlements
        /// list), each with the reason.
        package var notChecked: [String] = []
        /// On the `otherLabel` row only (`bundle_id`): how many distinct set-ups it gathers.
        package var foldedValues: Int?
    }

    /// One set-up mistake, as `authtrail doctor` prints it: the type the bundle manifest keeps too.
    package typealias SetupFinding = BundleManifest.SetupFinding

    /// A set-up mistake that explains attempts of a failure pattern: attempts of the pattern on devices whose last
    /// recorded set-up (before the attempt) has the mistake, with an error the mistake causes.
    package struct SetupCause: Sendable, Codable, Hashable {
        package var rule: String
        package var problem: String
        package var fix: String
        /// The pattern's attempts it explains.
        package var attempts: Int
        /// The `bundle_id` of the recorded set-up.
        package var bundleID: String?
    }
}
