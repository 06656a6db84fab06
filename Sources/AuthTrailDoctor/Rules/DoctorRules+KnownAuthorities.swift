extension DoctorRules {
    /// A B2C, External ID or custom-domain authority must be in `knownAuthorities` (or validation turned off).
    ///
    /// MSAL validates every authority unless it is listed in `MSALPublicClientApplicationConfig.knownAuthorities`
    /// (MSALPublicClientApplication.m, shouldExcludeValidationForAuthority). B2C and External ID authorities cannot be
    /// validated (IdentityCore MSIDB2CAuthorityResolver, MSIDCIAMAuthorityResolver: "Authority validation is not
    /// supported for this type of authority", MSIDErrorUnsupportedFunctionality -51114, -50000 to the app); a custom
    /// domain fails Entra's instance discovery (AADSTS50049, -50000 with sub-code -42010).
    package static let knownAuthorities = DoctorRule(
        id: "authority-not-known",
        title: "B2C, External ID and custom authorities are in knownAuthorities",
        reference: "MSAL src/MSALPublicClientApplication.m (shouldExcludeValidationForAuthority); IdentityCore "
            + "src/validation/MSIDB2CAuthorityResolver.m, MSIDCIAMAuthorityResolver.m"
    ) { setup in
        // MSAL 1.2.11 and later skip validating an External ID authority (IdentityCore MSIDCIAMAuthority,
        // excludeFromAuthorityValidation, 2023); an unknown version counts as current.
        let ciamExcluded = setup.msalVersion.map { !MSALVersion.isOlder($0.value, than: [1, 2, 11]) } ?? true
        let needing = setup.authorities.filter { $0.value.kind != .entra && !($0.value.kind == .ciam && ciamExcluded) }
        guard !needing.isEmpty else {
            return setup.authorities.isEmpty
                ? .notChecked("no authority was found in the app's configuration") : .passed
        }
        if setup.knownAuthorities != nil { return .passed }
        if setup.authorityValidationOff != nil { return .passed }
        // A type name (MSALB2CAuthority) stands for an authority only until its URL is found: the same mistake once.
        let typeNames: Set<String> = ["MSALB2CAuthority", "MSALCIAMAuthority"]
        let spelled = needing.filter { authority in
            !typeNames.contains(authority.value.text)
                || !needing.contains { $0.value.kind == authority.value.kind && !typeNames.contains($0.value.text) }
        }
        var seen = Set<String>()
        let findings = spelled.filter { seen.insert($0.value.text).inserted }.map { authority in
            let errors: [PredictedError] =
                authority.value.kind == .custom
                ? [
                    .msalInternal(
                        -42010, note: "on the first token request: instance discovery does not know the host"),
                    PredictedError(domain: "AADSTS", code: 50049, note: "in the discovery response"),
                ]
                : [
                    // MSAL's converter finds no internal code for -51114 and reuses -50000 as the sub-code, as a
                    // reporter's paste shows (microsoft-authentication-library-common-for-objc#454).
                    .msalInternal(
                        -50000,
                        note: "on the first token request (MSIDErrorDomain -51114 "
                            + "MSIDErrorUnsupportedFunctionality: Authority validation is not supported for this "
                            + "type of authority)")
                ]
            let kind =
                switch authority.value.kind {
                case .b2c: "an Azure AD B2C authority"
                case .ciam: "an External ID (ciamlogin.com) authority"
                default: "a custom-domain authority"
                }
            return Finding(
                rule: "authority-not-known",
                problem: "\(authority.value.text) is \(kind), and the app sets no knownAuthorities, so MSAL tries to "
                    + "validate it and fails",
                location: authority.location, errors: errors,
                fix: "set MSALPublicClientApplicationConfig.knownAuthorities to every authority the app uses "
                    + "(for B2C: one per user flow)")
        }
        return .findings(findings)
    }
}
