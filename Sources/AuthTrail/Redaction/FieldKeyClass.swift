/// What a field, JSON, header or URL parameter name says about its value.
enum FieldKeyClass: Sendable, Hashable {
    /// The value is a secret and is removed; `label` tags the placeholder (`<secret:removed>`).
    case secret(label: SecretLabel)
    /// The value is an end-user identifier of this kind.
    case identifier(IdentifierKind)
    /// The value is something support needs (correlation id, client id, tenant id): kept as written.
    case keep
    /// An `Authorization` header: the scheme word stays, the credential after it is removed.
    case authorization
    /// Nothing known: the value is scanned like any free text.
    case neutral
}

/// The tag of a removal placeholder: `<token:removed>`. A plain enum, so passing a class around costs no reference
/// counting in the scanner's inner loop.
enum SecretLabel: String, Sendable, Hashable, CaseIterable {
    case secret, token, credential, password, jwt, pem

    /// `<label:removed>` as bytes, built once.
    var marker: [UInt8] { Self.markers[self]! }

    private static let markers: [SecretLabel: [UInt8]] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, Array("<\($0.rawValue):removed>".utf8)) }
    )
}

/// Field names and what they mean, compared after normalisation (ASCII lowercase, without `_`, `-`, `.` and spaces),
/// so `client_id`, `client-id`, `clientId` and `Client ID` are one name.
struct FieldKeyTable: Sendable {
    // Names are looked up by a 64-bit FNV-1a hash of their normalized bytes, computed on the stack: the scanner
    // classifies every `key=` and JSON key it meets, and a String per lookup would dominate its cost.
    private var exact: [UInt64: FieldKeyClass]
    private var suffixes: [UInt64: FieldKeyClass]
    private var suffixLengths: [Int]

    init(rules: RedactionRules) {
        var names = Self.builtIn
        for key in rules.secretKeys { names[Self.normalize(Array(key.utf8)[...])] = .secret(label: .secret) }
        for (key, kind) in rules.identifierKeys { names[Self.normalize(Array(key.utf8)[...])] = .identifier(kind) }
        exact = [:]
        for (name, value) in names { exact[Self.hash(Array(name.utf8)[...])] = value }
        suffixes = [:]
        for (name, value) in Self.suffixNames { suffixes[Self.hash(Array(name.utf8)[...])] = value }
        suffixLengths = Set(Self.suffixNames.map(\.0.utf8.count)).sorted()
    }

    /// The class of the name spelled by `bytes`.
    func classify(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> FieldKeyClass {
        guard !bytes.isEmpty else { return .neutral }
        // A longer name is judged by its last 48 bytes' suffix alone. Before, any name over 48 bytes was neutral, so
        // `"<long text> refresh_token":"…"` kept its value until redaction shortened the text, and redacting twice
        // removed more (found by the redactor fuzz target: Tests/Fuzz/Regressions/redactor/long-key-ending-in-a-secret-name.txt).
        let truncated = bytes.count > 48
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            var count = 0
            for byte in bytes.suffix(48) {
                switch byte {
                case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: " "): continue
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): buffer[count] = byte | 0x20
                default: buffer[count] = byte
                }
                count += 1
            }
            let name = UnsafeBufferPointer(rebasing: buffer[0..<count])
            if !truncated, let known = exact[Self.hash(name[...])] { return known }
            // Namespaced attribute names (`user.email`, `msal.id_token`) end with a known name.
            for length in suffixLengths where length < count {
                if let known = suffixes[Self.hash(name[(count - length)...])] { return known }
            }
            return .neutral
        }
    }

    func classify(_ name: String) -> FieldKeyClass {
        var name = name
        return name.withUTF8 { classify($0[...]) }
    }

    static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
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
            "code", "authcode", "authorizationcode", "state", "nonce", "codeverifier", "clientsecret",
            "clientassertion",
            "assertion", "samlassertion", "idtokenhint", "password", "passwd", "pwd", "secret", "apikey",
            "sessionkey", "cookie", "setcookie", "xmsrefreshtokencredential", "otp", "pin",
        ] {
            table[name] = .secret(label: .secret)
        }
        for name in ["token", "accesstoken", "idtoken", "refreshtoken", "familyrefreshtoken", "prt", "bearer"] {
            table[name] = .secret(label: .token)
        }
        table["authorization"] = .authorization
        table["proxyauthorization"] = .authorization
        let identifiers: [IdentifierKind: [String]] = [
            .email: ["email", "mail", "emailaddress", "emails", "otheremails"],
            // A login hint is the user's sign-in name: pseudonymised like one, so the same user stays recognisable.
            .upn: ["upn", "userprincipalname", "preferredusername", "uniquename", "loginhint", "displayableid"],
            .username: ["username", "loginname", "signinname", "accountname", "enduserid", "user"],
            .name: ["name", "givenname", "familyname", "displayname", "fullname", "surname", "firstname", "lastname"],
            .phone: ["phone", "phonenumber", "mobile", "mobilephone", "telephonenumber", "businessphones"],
            // A tenant profile's identifier is the user's object id in that tenant (MSALTenantProfile).
            .oid: ["oid", "objectid", "sub", "userid", "useroid", "localaccountid", "tenantprofileid", "userobjectid"],
            .account: ["homeaccountid", "accountid", "accountidentifier", "homeaccountidentifier", "uid"],
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

    private static let suffixNames: [(String, FieldKeyClass)] = [
        ("password", .secret(label: .secret)), ("secret", .secret(label: .secret)),
        ("accesstoken", .secret(label: .token)), ("refreshtoken", .secret(label: .token)),
        ("idtoken", .secret(label: .token)), ("email", .identifier(.email)), ("upn", .identifier(.upn)),
        ("username", .identifier(.username)), ("displayname", .identifier(.name)), ("phone", .identifier(.phone)),
        ("phonenumber", .identifier(.phone)), ("deviceid", .identifier(.device)), ("ipaddress", .identifier(.ip)),
        ("objectid", .identifier(.oid)), ("homeaccountid", .identifier(.account)), ("profileid", .identifier(.oid)),
        ("accountidentifier", .identifier(.account)), ("loginhint", .identifier(.upn)), ("correlationid", .keep),
        ("requestid", .keep), ("clientid", .keep), ("tenantid", .keep),
    ]
}
