import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// What support needs from a paste (service error codes, exception type names, stack frames, an encoded error
/// description) survives redaction, and secrets and identifiers in the same shapes still do not. Each kept case was
/// removed or pseudonymised before (issue 33).
@Suite("Redact keeps error codes, exception types and stack frames, never the secrets beside them")
struct SupportTextRedactionTests {
    let redactor = Redactor(key: RedactionKey(bytes: Array(repeating: 9, count: 32)))

    @Test(
        "an AADSTS or AADB2C code stays under any name, quoted or not",
        arguments: [
            #"{"code":"AADB2C90273","error":"access_denied"}"#, #"Error code: "AADB2C90273""#,
            "code=AADSTS50011&state=x", #"code: "aadsts700016""#, "password: AADSTS50126", "token=AADB2C90118.",
        ])
    func serviceCodesStay(text: String) {
        let code = text.firstMatch(of: /(?i)aad(sts|b2c)\d+/).map { String($0.output.0) } ?? ""
        #expect(!code.isEmpty)
        #expect(redactor.redact(text: text).contains(code), "\(text) -> \(redactor.redact(text: text))")
    }

    @Test(
        "an exception type and a stack frame stay (.NET, Java, Swift)",
        arguments: [
            (
                "   at Microsoft.Identity.Client.OAuth2.OAuth2Client.ThrowServerException(HttpResponse response)",
                "Microsoft.Identity.Client.OAuth2.OAuth2Client.ThrowServerException"
            ),
            (
                "   at Microsoft.Identity.Client.OAuth2.OAuth2Client.<ExecuteRequestAsync>d__13`1.MoveNext()",
                "Microsoft.Identity.Client.OAuth2.OAuth2Client."
            ),
            (
                "\tat com.microsoft.aad.msal4j.AcquireTokenByAuthorizationGrantSupplier2.execute(Supplier.java:59)",
                "com.microsoft.aad.msal4j.AcquireTokenByAuthorizationGrantSupplier2.execute"
            ),
            (
                "3   MyApp   0x0000000104a3c8f0 $s5MyApp11AuthServiceC12acquireTokenyyFTY0_ + 123",
                "$s5MyApp11AuthServiceC12acquireTokenyyFTY0_"
            ),
            ("Name: Microsoft.Identity.Client.MsalClientException", "Microsoft.Identity.Client.MsalClientException"),
            (
                #"{"name":"Microsoft.Identity.Client.MsalUiRequiredException"}"#,
                "Microsoft.Identity.Client.MsalUiRequiredException"
            ),
            ("name=com.microsoft.identity.client.exception.MsalServiceException", "MsalServiceException"),
        ])
    func symbolsStay(text: String, kept: String) {
        let redacted = redactor.redact(text: text)
        #expect(redacted.contains(kept), "\(redacted)")
    }

    @Test("a +-encoded error description keeps its words and still hides the address and token in it")
    func encodedDescription() {
        let token = "0.AXoAv8RzK2lkQ0eWx3Ab9Xq7LmNpQrStUvWxYz0123456789abcdefGHIJ"
        let text =
            "error_description=AADSTS500011:+The+resource+principal+named+https://graph.microsoft.com+was+not+found"
            + "+for+megan.bowen%40contoso.com+with+" + token + "+in+the+tenant."
        let redacted = redactor.redact(text: text)
        #expect(redacted.contains("AADSTS500011:+The+resource+principal+named+https://graph.microsoft.com+was+not"))
        #expect(!redacted.contains("megan.bowen"), "\(redacted)")
        #expect(!redacted.contains(token.dropFirst(4).prefix(16)), "the token survived")
        #expect(redacted.contains("<token:removed>") && redacted.contains("<email:"))
        // %20 for the spaces reads the same way.
        let percent = redactor.redact(text: "AADSTS50011:%20The%20redirect%20URI%20does%20not%20match")
        #expect(percent == "AADSTS50011:%20The%20redirect%20URI%20does%20not%20match")
    }

    @Test(
        "secrets and names in the same shapes are still hidden",
        arguments: [
            ("password=correct+horse+battery+staple+now", "correct"),
            ("secret: alpha+beta+gamma+delta", "alpha"),
            ("refresh_token=AbC+dEf9Kx+Qw7ZrT+pL2mN+8vYtRq+WxY", "dEf9Kx"),
            ("at Foo.Bar.aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3Fg", "aB3dE5gH7jK9mN1pQ3sT5vW7"),
            ("Microsoft.Identity.Client.AbCdEf12GhIjKlMnOpQrStUvWxYz.Throw(x)", "AbCdEf12GhIjKlMnOpQr"),
            ("Name: Megan Bowen", "Megan"),
            ("name=Megan.Ann.Bowen", "Megan"),
            (#"{"code":"AADSTS50011abcDEF123"}"#, "abcDEF123"),
            ("token 1.AXEAv8RzK2lkQ0eWx3Ab9Xq7LmNpQrStUvWxYz0123456789abcdef.Exception", "AXEAv8RzK2lk"),
        ])
    func secretsStillHidden(text: String, secret: String) {
        let redacted = redactor.redact(text: text)
        #expect(!redacted.contains(secret), "\(text) -> \(redacted)")
    }

    /// SplitMix64: the same tokens on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("a random token with dots stays hidden where a stack frame or a call would be kept")
    func dottedTokensInFrames() {
        var random = Generator(state: 0x33)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let letters = alphabet.prefix(52)
        var leaked = [String]()
        for index in 0..<2_000 {
            let segments = (0..<Int.random(in: 3...6, using: &random)).map { _ in
                String(letters.randomElement(using: &random)!)
                    + String(
                        (0..<Int.random(in: 5...19, using: &random)).map { _ in
                            alphabet.randomElement(using: &random)!
                        })
            }
            let token = segments.joined(separator: ".")
            // What the redactor removed before code symbols were kept: 40 bytes or more, capitals, lower case, digits.
            guard token.count >= 40, token.contains(where: \.isUppercase), token.contains(where: \.isLowercase),
                token.contains(where: \.isNumber)
            else { continue }
            let text = ["   at \(token)(x)", "\(token)(", "   at \(token)", "Name: \(token)"][index % 4]
            if redactor.redact(text: text).contains(token) { leaked.append(text) }
        }
        #expect(leaked.isEmpty, "\(leaked.count) tokens kept")
    }
}
