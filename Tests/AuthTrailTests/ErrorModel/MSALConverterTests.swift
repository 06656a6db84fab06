import Foundation
import Testing

@testable import AuthTrail

/// What the app receives, computed from the converter extract's own data (domain table, code table, recoverable set)
/// by the rule its `errorWithDomain:…classifyErrors:` applies with classification on.
private func expectedConversion(
    of row: SourceExtracts.ConverterRow, _ converter: SourceExtracts.Converter, unexpected: Int
) -> ErrorCatalog.MSALConversion {
    if converter.keptAtTopLevel.contains(row.msalCode) {
        return .init(domain: "MSALErrorDomain", code: row.msalCode)
    }
    return .init(
        domain: "MSALErrorDomain", code: -50000, internalCode: row.msalCode == -50000 ? unexpected : row.msalCode)
}

@Suite("MSAL's error converter, row by row")
struct MSALConverterTests {
    let converter = try! SourceExtracts.converter()
    let unexpected = try! SourceExtracts.msalHeader().internalErrors.first { $0.name == "MSALInternalErrorUnexpected" }!
        .value

    @Test("the extract's table has every row, and three MSID domains map to MSALErrorDomain")
    func tableShape() throws {
        #expect(SourceExtracts.converterRows.count == 84)
        #expect(ErrorCatalog.msalCodeForMSIDCode.count == SourceExtracts.converterRows.count)
        #expect(
            converter.domains.filter { $0.value == "MSALErrorDomain" }.keys.sorted()
                == ["MSIDErrorDomain", "MSIDHttpErrorCodeDomain", "MSIDOAuthErrorDomain"])
        #expect(converter.domains["MSIDKeychainErrorDomain"] == "NSOSStatusErrorDomain")
        #expect(converter.keptAtTopLevel == ErrorCatalog.codesKeptAtTopLevel)
    }

    @Test(
        "each row converts as MSALErrorConverter converts it, in every MSID domain",
        arguments: SourceExtracts.converterRows)
    func row(_ row: SourceExtracts.ConverterRow) {
        let expected = expectedConversion(of: row, converter, unexpected: unexpected)
        for (domain, target) in converter.domains where target == "MSALErrorDomain" {
            #expect(ErrorCatalog.convertedByMSAL(domain: domain, code: row.msidCode) == expected, "\(domain)")
        }
    }

    @Test("the app's error for each row is named and acted on as its code", arguments: SourceExtracts.converterRows)
    func classifiedRow(_ row: SourceExtracts.ConverterRow) throws {
        let received = expectedConversion(of: row, converter, unexpected: unexpected)
        var info: [String: Any] = [:]
        if let internalCode = received.internalCode { info["MSALInternalErrorCodeKey"] = internalCode }
        let details = FailureDetails(classifying: NSError(domain: received.domain, code: received.code, userInfo: info))
        let target = try #require(
            ErrorCatalog.entry(domain: ErrorCatalog.internalDomain, code: row.msalCode)
                ?? ErrorCatalog.topLevelMSALEntry(code: row.msalCode))
        if received.code == row.msalCode {
            #expect(details.codeName == target.name)
        } else if row.msalCode != -50000 {
            #expect(details.codeName == "internal")
            #expect(details.subcodeName == target.name)
        }
        // A top-level MSALError code under -50000 decides the action as if it were at the top.
        if row.msalCode != -50000, ErrorCatalog.topLevelMSALEntry(code: row.msalCode) != nil {
            let top = FailureDetails(classifying: NSError(domain: "MSALErrorDomain", code: row.msalCode))
            #expect(details.action == top.action)
        }
    }

    @Test(
        "an MSID error that reaches the app unconverted is named by the header and acted on as MSAL converts it",
        arguments: SourceExtracts.converterRows)
    func unconverted(_ row: SourceExtracts.ConverterRow) {
        let raw = FailureDetails(classifying: NSError(domain: "MSIDOAuthErrorDomain", code: row.msidCode))
        #expect(raw.codeName == row.msidName)
        let received = expectedConversion(of: row, converter, unexpected: unexpected)
        var info: [String: Any] = [:]
        if let internalCode = received.internalCode { info["MSALInternalErrorCodeKey"] = internalCode }
        let converted = FailureDetails(
            classifying: NSError(domain: received.domain, code: received.code, userInfo: info))
        if !ErrorCatalog.msidCodesWithOwnAction.contains(row.msidCode) {
            #expect(raw.action == converted.action)
        }
    }

    @Test("every MSID code with no row arrives as -50000 with internal -42008")
    func unmapped() throws {
        let mapped = Set(SourceExtracts.converterRows.map(\.msidCode))
        let unmapped = try SourceExtracts.msidHeader().filter { !mapped.contains($0.value) }
        #expect(unmapped.map(\.value).sorted() == [-52001, -51903, -51902, -51901, -51900, -51816, -51815, -51120])
        for (name, code) in unmapped {
            for domain in ["MSIDErrorDomain", "MSIDOAuthErrorDomain", "MSIDHttpErrorCodeDomain"] {
                #expect(
                    ErrorCatalog.convertedByMSAL(domain: domain, code: code)
                        == .init(domain: "MSALErrorDomain", code: -50000, internalCode: unexpected), "\(name)")
            }
            #expect(
                ErrorCatalog.entry(domain: "MSIDErrorDomain", code: code)?.meaning
                    .contains("the app receives MSALErrorDomain -50000 with internal -42008") == true, "\(name)")
        }
    }

    @Test(
        "errors already in MSALErrorDomain, the keychain domain and other domains",
        arguments: [
            ("MSALErrorDomain", -50002, nil, ErrorCatalog.MSALConversion(domain: "MSALErrorDomain", code: -50002)),
            ("MSALErrorDomain", -50006, nil, .init(domain: "MSALErrorDomain", code: -50000, internalCode: -50006)),
            ("MSALErrorDomain", -50000, nil, .init(domain: "MSALErrorDomain", code: -50000, internalCode: -42008)),
            ("MSALErrorDomain", -50000, -42011, .init(domain: "MSALErrorDomain", code: -50000, internalCode: -42011)),
            ("MSALErrorDomain", -50008, -42729, .init(domain: "MSALErrorDomain", code: -50000, internalCode: -42729)),
            ("MSALErrorDomain", -50005, -42401, .init(domain: "MSALErrorDomain", code: -50005, internalCode: -42401)),
            ("MSALErrorDomain", -42004, nil, .init(domain: "MSALErrorDomain", code: -50000, internalCode: -42004)),
            ("MSIDKeychainErrorDomain", -34018, nil, .init(domain: "NSOSStatusErrorDomain", code: -34018)),
            ("MSIDErrorDomain", -51417, -42008, .init(domain: "MSALErrorDomain", code: -50000, internalCode: -50006)),
            ("NSURLErrorDomain", -1009, nil, .init(domain: "NSURLErrorDomain", code: -1009)),
            ("NSURLErrorDomain", -1009, -42007, .init(domain: "NSURLErrorDomain", code: -1009)),
        ] as [(String, Int, Int?, ErrorCatalog.MSALConversion)])
    func otherDomains(domain: String, code: Int, internalCode: Int?, expected: ErrorCatalog.MSALConversion) {
        #expect(ErrorCatalog.convertedByMSAL(domain: domain, code: code, internalCode: internalCode) == expected)
    }
}

@Suite("MSID codes as IdentityCore's header names them")
struct MSIDHeaderCatalogTests {
    @Test("every MSIDErrorCode value is in the catalog under the header's exact name")
    func everyHeaderValue() throws {
        let header = try SourceExtracts.msidHeader()
        #expect(header.count == 92)
        for (name, value) in header {
            #expect(ErrorCatalog.entry(domain: "MSIDErrorDomain", code: value)?.name == name, "\(value)")
        }
        let catalog = ErrorCatalog.allEntries.filter { $0.domain == "MSIDErrorDomain" }
        #expect(catalog.count == header.count, "the catalog has MSID codes the header lacks")
    }

    @Test("each MSID entry says what the app receives, as the converter computes it")
    func receivedCode() throws {
        for (name, value) in try SourceExtracts.msidHeader() {
            let received = ErrorCatalog.convertedByMSAL(domain: "MSIDErrorDomain", code: value)
            var text = "the app receives MSALErrorDomain \(received.code)"
            if let internalCode = received.internalCode { text += " with internal \(internalCode)" }
            #expect(
                ErrorCatalog.entry(domain: "MSIDErrorDomain", code: value)?.meaning.contains(text) == true, "\(name)")
        }
    }

    @Test("the OAuth and HTTP MSID domains find the same entries, and header names answer explain")
    func domainsAndNames() {
        #expect(ErrorCatalog.entry(domain: "MSIDOAuthErrorDomain", code: -51412)?.name == "MSIDErrorServerInvalidGrant")
        #expect(
            ErrorCatalog.entry(domain: "MSIDHttpErrorCodeDomain", code: -51500)?.name
                == "MSIDErrorServerUnhandledResponse")
        for name in [
            "MSIDErrorServerInvalidGrant", "MSIDErrorMissingAccountParameter", "MSIDErrorThrottleCacheNoRecord",
            "MSIDErrorBrokerAppIsInactive",
        ] {
            #expect(ErrorCatalog.entries(matching: name).map(\.name) == [name])
        }
    }

    @Test("every MSALError and MSALInternalError value of the header has its Swift name")
    func msalHeader() throws {
        let (errors, internalErrors) = try SourceExtracts.msalHeader()
        #expect(errors.count == 10)
        #expect(internalErrors.count == 69)
        for (name, value) in errors {
            #expect(
                ErrorCatalog.topLevelMSALEntry(code: value)?.name
                    == SourceExtracts.swiftName(name, dropping: "MSALError"))
        }
        for (name, value) in internalErrors {
            let swift = name.dropFirst(4).prefix(1).lowercased() + name.dropFirst(5)
            #expect(ErrorCatalog.entry(domain: ErrorCatalog.internalDomain, code: value)?.name == swift, "\(name)")
        }
    }
}
