/// What a field, JSON, header or URL parameter name says about its value.
enum FieldKeyClass: Sendable, Hashable {
    /// The value is a secret and is removed; `label` tags the placeholder (`<secret:removed>`).
    case secret(label: String)
    /// The value is an end-user identifier of this kind.
    case identifier(IdentifierKind)
    /// The value is something support needs (correlation id, client id, tenant id): kept as written.
    case keep
    /// An `Authorization` header: the scheme word stays, the credential after it is removed.
    case authorization
    /// Nothing known: the value is scanned like any free text.
    case neutral
}

/// Field names and what they mean, compared after normalisation (ASCII lowercase, without `_`, `-`, `.` and spaces),
/// so `client_id`, `client-id`, `clientId` and `Client ID` are one name.
struct FieldKeyTable: Sendable {
    private var exact: [String: FieldKeyClass]

    init(rules: RedactionRules) {
        exact = Self.builtIn
        for key in rules.secretKeys { exact[Self.normalize(Array(key.utf8)[...])] = .secret(label: "secret") }
        for (key, kind) in rules.identifierKeys { exact[Self.normalize(Array(key.utf8)[...])] = .identifier(kind) }
    }

    /// The class of the name spelled by `bytes`.
    func classify(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> FieldKeyClass {
        guard bytes.count <= 48 else { return .neutral }
        let name = Self.normalize(bytes)
        if let known = exact[name] { return known }
        // Namespaced attribute names (`user.email`, `msal.id_token`, `x-ms-client-request-id`) end with a known name.
        for (suffix, value) in Self.suffixes where name.hasSuffix(suffix) { return value }
        return .neutral
    }

    func classify(_ name: String) -> FieldKeyClass {
        var name = name
        return name.withUTF8 { classify($0[...]) }
    }

    static func normalize<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var normalized = [UInt8]()
        normalized.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: " "): continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): normalized.append(byte | 0x20)
            default: normalized.append(byte)
            }
        }
        return String(decoding: normalized, as: UTF8.self)
    }

    private static let builtIn: [String: FieldKeyClass] = {
        var table = [String: FieldKeyClass]()
        for name in [
            "code", "authcode", "authorizationcode", "state", "nonce", "codeverifier", "clientsecret", "clientassertion",
            "assertion", "samlassertion", "loginhint", "idtokenhint", "password", "passwd", "pwd", "secret", "apikey",
            "sessionkey", "cookie", "setcookie", "xmsrefreshtokencredential", "otp", "pin",
        ] {
            table[name] = .secret(label: "secret")
        }
        for name in ["token", "accesstoken", "idtoken", "refreshtoken", "familyrefreshtoken", "prt", "bearer"] {
            table[name] = .secret(label: "token")
        }
        table["authorization"] = .authorization
        table["proxyauthorization"] = .authorization
        let identifiers: [IdentifierKind: [String]] = [
            .email: ["email", "mail", "emailaddress", "emails", "otheremails"],
            .upn: ["upn", "userprincipalname", "preferredusername", "uniquename"],
            .username: ["username", "loginname", "signinname", "accountname", "enduserid", "user"],
            .name: ["name", "givenname", "familyname", "displayname", "fullname", "surname", "firstname", "lastname"],
            .phone: ["phone", "phonenumber", "mobile", "mobilephone", "telephonenumber", "businessphones"],
            .oid: ["oid", "objectid", "sub", "userid", "useroid", "localaccountid"],
            .account: ["homeaccountid", "accountid", "accountidentifier", "uid"],
            .device: ["deviceid", "device", "xclientdm", "devicename"],
            .ip: ["ip", "ipaddress", "clientip", "ipaddr", "remoteaddress", "xforwardedfor"],
        ]
        for (kind, names) in identifiers {
            for name in names { table[name] = .identifier(kind) }
        }
        for name in [
            "correlationid", "clientrequestid", "requestid", "xmsrequestid", "traceid", "clientid", "appid",
            "applicationid", "tenantid", "tid", "tenant", "operationid", "msalcorrelationid", "scope", "scopes",
            "authority", "host", "redirecturi", "responsetype", "granttype", "clientinfo", "xclientsku", "xclientver",
            "xclientos", "error", "suberror", "errorcode", "errorcodes", "errordescription", "status",
        ] {
            table[name] = .keep
        }
        // `error_description` is kept readable as a field, but scanned like free text.
        table["errordescription"] = .neutral
        return table
    }()

    private static let suffixes: [(String, FieldKeyClass)] = [
        ("password", .secret(label: "secret")), ("secret", .secret(label: "secret")),
        ("accesstoken", .secret(label: "token")), ("refreshtoken", .secret(label: "token")),
        ("idtoken", .secret(label: "token")), ("email", .identifier(.email)), ("upn", .identifier(.upn)),
        ("username", .identifier(.username)), ("displayname", .identifier(.name)), ("phone", .identifier(.phone)),
        ("phonenumber", .identifier(.phone)), ("deviceid", .identifier(.device)), ("ipaddress", .identifier(.ip)),
        ("objectid", .identifier(.oid)), ("homeaccountid", .identifier(.account)), ("correlationid", .keep),
        ("requestid", .keep), ("clientid", .keep), ("tenantid", .keep),
    ]
}
