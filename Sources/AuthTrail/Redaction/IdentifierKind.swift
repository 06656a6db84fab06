/// What an end-user identifier is, which decides its pseudonym tag (`<email:…>`) and the levels that hide it.
public enum IdentifierKind: String, Sendable, Hashable, CaseIterable {
    /// An email address.
    case email
    /// A user principal name (`preferred_username`, `upn` fields).
    case upn
    /// A display, given or family name (recognised by its field name only).
    case name
    /// A login or user name (recognised by its field name only).
    case username
    /// A phone number.
    case phone
    /// The user name inside a home directory path (`/Users/NAME/`, `/home/NAME/`, `C:\Users\NAME\`).
    case user
    /// An MSAL home account id (`<uid>.<utid>`) or account id.
    case account
    /// A directory object id (`oid`, `sub`).
    case oid
    /// A device id.
    case device
    /// An IPv4 or IPv6 address.
    case ip

    /// End-user-identifiable information: hidden at `maskAllPII` and `maskEUIIOnly`. The others are pseudonymous
    /// identifiers, hidden at `maskAllPII` only.
    public var isEndUserIdentifiable: Bool {
        switch self {
        case .email, .upn, .name, .username, .phone, .user: true
        case .account, .oid, .device, .ip: false
        }
    }
}

extension RedactionLevel {
    /// Whether identifiers of `kind` are replaced by pseudonyms at this level.
    public func hides(_ kind: IdentifierKind) -> Bool {
        switch self {
        case .maskAllPII: true
        case .maskEUIIOnly: kind.isEndUserIdentifiable
        case .maskSecretsOnly: false
        }
    }
}
