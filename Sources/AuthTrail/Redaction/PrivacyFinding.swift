/// A kind of personal data or secret that the redaction engine hides, as reported by detection
/// (`Redactor.findings(in:)`): what `authtrail bundle` and `verify` name, never the value itself.
package enum PrivacyFinding: String, Sendable, Hashable, CaseIterable, Codable {
    case email = "e-mail address"
    case upn = "user principal name"
    case name = "display name"
    case username = "user name"
    case phone = "phone number"
    case userPath = "user name in a path"
    case account = "home account id"
    case objectID = "object id"
    case device = "device id"
    case ipv4Address = "IPv4 address"
    case ipv6Address = "IPv6 address"
    case secret = "secret"
    case token = "token"
    case credential = "credential"
    case password = "password"
    case jwt = "JSON web token"
    case pem = "PEM key"

    init(_ kind: IdentifierKind) {
        switch kind {
        case .email: self = .email
        case .upn: self = .upn
        case .name: self = .name
        case .username: self = .username
        case .phone: self = .phone
        case .user: self = .userPath
        case .account: self = .account
        case .oid: self = .objectID
        case .device: self = .device
        case .ip: self = .ipv4Address
        }
    }

    init(_ label: SecretLabel) {
        switch label {
        case .secret: self = .secret
        case .token: self = .token
        case .credential: self = .credential
        case .password: self = .password
        case .jwt: self = .jwt
        case .pem: self = .pem
        }
    }

    /// This kind's bit in a scan's findings mask.
    var bit: UInt32 { UInt32(Self.allCases.firstIndex(of: self)!) }
}
