extension DoctorRules {
    /// iOS: the app must hand every URL it is opened with to `MSALPublicClientApplication.handleMSALResponse`, from
    /// the scene delegate when the app uses scenes.
    ///
    /// The broker (Microsoft Authenticator, Company Portal) and the Safari-based web views answer by opening the app
    /// with `msauth.<bundle id>://auth?...`; MSAL's samples and README pass it on in
    /// `application(_:open:options:)` or, with scenes, `scene(_:openURLContexts:)` (iOS delivers the URL only there
    /// once the app has scenes). Without it the request never completes: MSAL logs "application did not receive
    /// response from broker" and returns -50000 with sub-code -42700 when the user comes back.
    package static let responseHandOff = DoctorRule(
        id: "response-hand-off-missing",
        title: "opened URLs reach handleMSALResponse (app or scene delegate)",
        reference: "MSAL README (handleMSALResponse in AppDelegate / SceneDelegate); "
            + "MSAL test app MSAL/test/app/ios/MSALTestAppDelegate.m"
    ) { setup in
        guard setup.platform == .iOS else { return .notChecked(notIOS(setup)) }
        guard let handOff = setup.handOff else { return .notChecked("no source was read") }
        guard setup.referencesMSAL == true else { return .notChecked("no source read references MSAL") }
        let errors: [PredictedError] = [
            .msalInternal(
                -42700,
                note: "when the user returns from the broker (logs: application did not receive response from broker); "
                    + "web sign-in through Safari never completes")
        ]
        let usesScenes = handOff.usesScenes || setup.infoDeclaresScenes
        let location =
            (usesScenes
                ? handOff.sceneDelegateLocation ?? handOff.delegateLocation
                : handOff.delegateLocation ?? handOff.sceneDelegateLocation) ?? SetupLocation(file: "AppDelegate.swift")
        if handOff.calls.isEmpty {
            let method = usesScenes ? "scene(_:openURLContexts:)" : "application(_:open:options:)"
            return .findings([
                Finding(
                    rule: "response-hand-off-missing",
                    problem: "no source calls MSALPublicClientApplication.handleMSALResponse, so the URL the broker "
                        + "or browser opens the app with never reaches MSAL",
                    location: location, errors: errors,
                    fix: "in \(method), pass each URL to MSALPublicClientApplication.handleMSALResponse(_:"
                        + "sourceApplication:)")
            ])
        }
        if usesScenes && !handOff.calls.contains(where: \.value) {
            let call = handOff.calls[0].location
            return .findings([
                Finding(
                    rule: "response-hand-off-missing",
                    problem: "the app uses scenes, but handleMSALResponse is called only outside the scene delegate "
                        + "(\(call.description)); with scenes iOS delivers opened URLs to scene(_:openURLContexts:)",
                    location: handOff.sceneDelegateLocation ?? call, errors: errors,
                    fix: "call MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: "
                        + "context.options.sourceApplication) for each URL context in scene(_:openURLContexts:) "
                        + "(or SwiftUI's onOpenURL)")
            ])
        }
        return .passed
    }
}
