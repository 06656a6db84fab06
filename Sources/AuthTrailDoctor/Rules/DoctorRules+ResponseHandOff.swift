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
        guard setup.referencesMSAL == true else {
            if let plugin = setup.msalThrough {
                return .notChecked(
                    "MSAL comes in through \(plugin.value) (\(plugin.location.description)) and no source read calls it: "
                        + "whether the plugin hands URLs back to MSAL is not judged")
            }
            return .notChecked("no source read references MSAL")
        }
        // With the broker off only the browser answers: say so, not the broker.
        let errors: [PredictedError] = [
            .msalInternal(
                -42700,
                note: setup.brokerDisabled == nil
                    ? "when the user returns from the broker (logs: application did not receive response from "
                        + "broker); web sign-in through Safari never completes"
                    : "web sign-in through Safari never completes (the broker is off)")
        ]
        let usesScenes = handOff.usesScenes || setup.infoDeclaresScenes
        let delegate =
            usesScenes
            ? handOff.sceneDelegateLocation ?? handOff.swiftUIAppLocation ?? handOff.delegateLocation
            : handOff.delegateLocation ?? handOff.sceneDelegateLocation
        // No delegate in the sources read (it may be generated, or in a file not given): point at MSAL's user.
        let location = delegate ?? handOff.msalSource ?? SetupLocation(file: "AppDelegate.swift")
        let noDelegate =
            delegate == nil ? " (no app delegate, scene delegate or SwiftUI App is among the sources read)" : ""
        // A SwiftUI App gets opened URLs in .onOpenURL, a scene delegate in scene(_:openURLContexts:).
        let sceneMethod =
            handOff.swiftUIAppLocation != nil && handOff.sceneDelegateLocation == nil
            ? "SwiftUI's .onOpenURL" : "scene(_:openURLContexts:)"
        if handOff.calls.isEmpty {
            let method = usesScenes ? sceneMethod : "application(_:open:options:)"
            return .findings([
                Finding(
                    rule: "response-hand-off-missing",
                    problem: "no source calls MSALPublicClientApplication.handleMSALResponse, so the URL the broker "
                        + "or browser opens the app with never reaches MSAL" + noDelegate,
                    location: location, errors: errors,
                    fix: "in \(method), pass each URL to MSALPublicClientApplication.handleMSALResponse(_:"
                        + "sourceApplication:)")
            ])
        }
        if usesScenes && !handOff.calls.contains(where: \.value) {
            if let forwarded = handOff.forwardedCalls.first, let handler = handOff.sceneURLHandler {
                return .notChecked(
                    "handleMSALResponse is called in \(forwarded.description), outside any URL handler: the app's own "
                        + "code may forward the URLs of \(handler.description) there, which the doctor does not follow")
            }
            let call = handOff.calls[0].location
            let inSwiftUI = sceneMethod == "SwiftUI's .onOpenURL"
            return .findings([
                Finding(
                    rule: "response-hand-off-missing",
                    problem: "the app uses scenes, but handleMSALResponse is called only outside "
                        + (inSwiftUI ? "the SwiftUI App's .onOpenURL" : "the scene delegate")
                        + " (\(call.description)); with scenes iOS delivers opened URLs to \(sceneMethod)",
                    location: (inSwiftUI ? handOff.swiftUIAppLocation : handOff.sceneDelegateLocation) ?? call,
                    errors: errors,
                    fix: inSwiftUI
                        ? "add .onOpenURL { url in MSALPublicClientApplication.handleMSALResponse(url, "
                            + "sourceApplication: nil) } to the App's WindowGroup"
                        : "call MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: "
                            + "context.options.sourceApplication) for each URL context in scene(_:openURLContexts:)")
            ])
        }
        // Only the broker answers from another vendor's app: B2C and External ID never use it, nor an app that
        // turns it off, and Safari (Apple's) still names itself as sourceApplication.
        let brokerUsable =
            setup.brokerDisabled == nil
            && !(!setup.authorities.isEmpty && setup.authorities.allSatisfy { [.b2c, .ciam].contains($0.value.kind) })
        if let guardLocation = handOff.unreachableCall, brokerUsable {
            return .findings([
                Finding(
                    rule: "response-hand-off-unreachable",
                    problem: "the URL handler returns before handleMSALResponse when sourceApplication is nil "
                        + "(\(guardLocation.description)); iOS 13 and later give no sourceApplication for another "
                        + "vendor's app, so the broker's response never reaches MSAL",
                    location: guardLocation, errors: errors,
                    fix: "remove the guard: pass options[.sourceApplication] as? String (nil allowed) straight to "
                        + "MSALPublicClientApplication.handleMSALResponse(_:sourceApplication:)")
            ])
        }
        return .passed
    }
}
