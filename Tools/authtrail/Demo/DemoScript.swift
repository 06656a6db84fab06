import AuthTrail

/// The scripted sign-in session: one acquisition per case of Microsoft's MSAL error-handling article.
enum DemoScript {
    static let graph = ["User.Read", "Mail.Read"]

    static func run(app: DemoApp, msal: SimulatedMSAL, clock: ManualTrailClock) async throws {
        // 1. The token is in the cache: silent success.
        msal.expect([.token])
        await app.acquireToken(scopes: graph)

        // 2. MFA is now required: the silent call needs interaction, the interactive call succeeds.
        try await clock.sleep(for: .seconds(300))
        msal.expect([.error(MSALErrors.interactionRequired()), .token])
        await app.acquireToken(scopes: graph)

        // 3. The tenant declined one scope: continue with the granted ones.
        try await clock.sleep(for: .seconds(120))
        msal.expect([.error(MSALErrors.declinedScopes(granted: ["User.Read"], declined: ["Calendars.Read"])), .token])
        await app.acquireToken(scopes: ["User.Read", "Calendars.Read"])

        // 4. No internet: wait for connectivity, then succeed.
        try await clock.sleep(for: .seconds(600))
        msal.expect([.error(MSALErrors.notConnectedToInternet()), .token])
        await app.acquireToken(scopes: graph)

        // 5. The STS throttles with HTTP 429 and Retry-After: wait as told, then succeed.
        try await clock.sleep(for: .seconds(60))
        msal.expect([.error(MSALErrors.throttled(retryAfterSeconds: 30)), .token])
        await app.acquireToken(scopes: graph)

        // 6. The redirect URI does not match the bundle id (the set-up mistake DemoApp plants): an internal error with
        // a sub-code; show a generic message. The report names the recorded set-up as its cause.
        try await clock.sleep(for: .seconds(45))
        msal.expect([
            .error(
                MSALErrors.internalError(
                    subcode: -42011,
                    description: "The provided redirect URI is not valid: msauth.com.contoso.demoapp://auth"))
        ])
        await app.acquireToken(scopes: graph, interactiveFirst: true)

        // 7. The user closes the sign-in sheet.
        try await clock.sleep(for: .seconds(30))
        msal.expect([.error(MSALErrors.userCanceled())])
        await app.acquireToken(scopes: graph, interactiveFirst: true)

        // 8. Intune app protection is required: the app must remediate compliance.
        try await clock.sleep(for: .seconds(90))
        msal.expect([.error(MSALErrors.protectionPoliciesRequired())])
        await app.acquireToken(scopes: graph)

        // 9. Conditional access wants a managed device: a claims challenge, then interactive with the claims.
        try await clock.sleep(for: .seconds(75))
        msal.expect([.error(MSALErrors.claimsChallenge()), .token])
        await app.acquireToken(scopes: graph)
    }
}
