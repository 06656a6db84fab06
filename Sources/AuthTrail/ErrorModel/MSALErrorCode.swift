/// A top-level code in `MSALErrorDomain` (MSAL's `MSALError`). Open set: codes from newer MSAL versions are kept.
public struct MSALErrorCode: RawRepresentable, Sendable, Hashable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Unrecoverable; the detail is in `MSALInternalErrorCodeKey`.
    public static let `internal` = Self(rawValue: -50000)
    public static let workplaceJoinRequired = Self(rawValue: -50001)
    /// The silent call failed; retry the same request interactively.
    public static let interactionRequired = Self(rawValue: -50002)
    public static let serverDeclinedScopes = Self(rawValue: -50003)
    public static let serverProtectionPoliciesRequired = Self(rawValue: -50004)
    public static let userCanceled = Self(rawValue: -50005)
    public static let serverError = Self(rawValue: -50006)
    public static let insufficientDeviceStrength = Self(rawValue: -50007)
    public static let mdmEnrollmentCompletedNeedsRetry = Self(rawValue: -50008)
    public static let serverInvalidRequestResetPasswordRequired = Self(rawValue: -50142)
}
