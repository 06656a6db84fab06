import AuthTrail

extension Report {
    /// The recorded set-ups and the failure patterns they explain; nil when no app recorded one.
    var setupSection: ReportSection? {
        guard let setups else { return nil }
        var summary = (patterns + stsPatterns).flatMap { pattern in
            (pattern.causes ?? []).map { Self.causeLine($0, of: pattern) }
        }
        if summary.isEmpty {
            summary.append("No failure pattern is explained by a set-up mistake the apps recorded.")
        }
        return ReportSection(
            title: "Set-up causes (the apps' recorded MSAL set-up, checked by authtrail doctor's rules)",
            summary: summary,
            header: ["bundle id", "app versions", "platform", "MSAL", "devices", "segments", "findings"],
            rows: setups.map { setup in
                [
                    setup.bundleID ?? "-", Self.appVersions(of: setup), setup.platform ?? "-", setup.msalVersion ?? "-",
                    "\(setup.devices)", "\(setup.events)",
                    setup.foldedValues.map { "\($0) set-ups" }
                        ?? (setup.findings.isEmpty ? "none" : setup.findings.map(\.rule).joined(separator: ", ")),
                ]
            },
            numeric: [4, 5])
    }

    /// `2.1.0, 2.0.3 (+4 more)`, newest first; `-` when none was recorded.
    static func appVersions(of setup: RecordedSetup) -> String {
        guard let versions = setup.appVersions else { return "-" }
        return versions.joined(separator: ", ") + (setup.otherAppVersions.map { " (+\($0) more)" } ?? "")
    }

    /// `MSALErrorDomain -50000/-42011 on 1 of its 1 attempts: <problem> (com.contoso.app, rule …). Fix: <fix>.`
    static func causeLine(_ cause: SetupCause, of pattern: FailurePattern) -> String {
        var error = ReportFormatting.code(pattern)
        if pattern.stsCode == nil {
            error = "\(pattern.domain ?? "-") \(error)" + (pattern.subcode.map { "/\($0)" } ?? "")
            if let name = pattern.subcodeName ?? pattern.codeName { error += " (\(name))" }
        }
        let app = cause.bundleID.map { "\($0), " } ?? ""
        return "\(error) on \(cause.attempts) of its \(pattern.count) attempts: \(cause.problem) (\(app)rule "
            + "\(cause.rule)). Fix: \(cause.fix)."
    }
}
