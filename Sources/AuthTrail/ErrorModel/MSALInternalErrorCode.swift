/// An MSAL internal sub-code (`MSALInternalErrorCodeKey`, MSAL's `MSALInternalError`). Values are for debugging and
/// support only; Microsoft's guidance is not to branch on them at runtime. The catalog names every known value.
public struct MSALInternalErrorCode: RawRepresentable, Sendable, Hashable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let invalidParameter = Self(rawValue: -42000)
    public static let invalidGrant = Self(rawValue: -42004)
    public static let invalidScope = Self(rawValue: -42005)
    /// An HTTP status MSAL does not handle, including 429 and 5xx after its own retry.
    public static let unhandledResponse = Self(rawValue: -42007)
    /// Also what unmapped MSID codes become; the original code is only in MSAL's logs.
    public static let unexpected = Self(rawValue: -42008)
    public static let invalidRedirectURI = Self(rawValue: -42011)
    public static let sessionCanceled = Self(rawValue: -42401)
    /// The user returned from the broker without finishing.
    public static let brokerResponseNotReceived = Self(rawValue: -42700)
}
