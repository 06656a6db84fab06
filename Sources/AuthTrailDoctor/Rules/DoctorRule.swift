/// One of MSAL's set-up rules: a pure function from an app's set-up to its outcome.
///
/// Rules read only `AppSetup`, so the same rules judge a set-up read from files and one recorded by a running app.
package struct DoctorRule: Sendable {
    /// A rule's stable name, printed with each finding and in JSON.
    package struct ID: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
        package var rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package init(stringLiteral value: String) { self.rawValue = value }
    }

    /// What a rule concluded about one set-up.
    package enum Outcome: Sendable, Hashable {
        case passed
        case findings([Finding])
        /// The set-up lacks what the rule needs (no entitlements read, an unresolved bundle id, another platform);
        /// the reason says which.
        case notChecked(String)
    }

    package var id: ID
    /// What the rule checks, in a few words.
    package var title: String
    /// Where MSAL states the rule (source file or documentation), so a reader can check it.
    package var reference: String
    package var check: @Sendable (AppSetup) -> Outcome
}

/// Every rule, in the order findings are listed.
package enum DoctorRules {
    package static let all: [DoctorRule] = [
        redirectScheme, redirectURIFormat, brokerQuerySchemes, keychainGroup, responseHandOff, knownAuthorities,
        sandboxNetwork,
    ]

    /// The outcome of every rule for `setup`, in rule order.
    package static func check(_ setup: AppSetup) -> [(rule: DoctorRule, outcome: DoctorRule.Outcome)] {
        all.map { ($0, $0.check(setup)) }
    }
}
