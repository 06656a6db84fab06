extension DoctorRules {
    /// macOS: a sandboxed app must have `com.apple.security.network.client`, or MSAL cannot reach the STS.
    ///
    /// The App Sandbox denies outgoing connections without the entitlement, name resolution included (Apple's
    /// "Discovering and diagnosing App Sandbox violations" shows mDNSResponder's connect refused), so every request
    /// MSAL makes fails in NSURLSession before it leaves the Mac; MSAL's own macOS test app and Microsoft's macOS
    /// sample declare it.
    package static let sandboxNetwork = DoctorRule(
        id: "sandbox-network-client-missing",
        title: "a sandboxed macOS app may open outgoing connections",
        reference: "MSAL test app MSAL/test/app/mac/MSALMacTestApp.entitlements; Apple, App Sandbox "
            + "(com.apple.security.network.client)"
    ) { setup in
        guard setup.platform == .macOS || setup.macCatalyst else {
            return .notChecked(setup.platform == nil ? "the platform is unknown" : "the App Sandbox is macOS's")
        }
        guard let sandbox = setup.sandbox else { return .notChecked("no entitlements were read") }
        guard sandbox.value else { return .passed }
        if setup.networkClient?.value == true { return .passed }
        return .findings([
            Finding(
                rule: "sandbox-network-client-missing",
                problem: "the app is sandboxed (com.apple.security.app-sandbox) without "
                    + "com.apple.security.network.client, so the sandbox blocks every connection MSAL opens",
                location: SetupLocation(file: sandbox.location.file, keyPath: "com.apple.security.network.client"),
                errors: [
                    PredictedError(
                        domain: "NSURLErrorDomain", code: -1003,
                        note: "on every token request (the host name cannot be resolved in the sandbox)")
                ],
                fix: "add com.apple.security.network.client = true to \(sandbox.location.file) (Signing & "
                    + "Capabilities > App Sandbox > Outgoing Connections (Client))")
        ])
    }
}
