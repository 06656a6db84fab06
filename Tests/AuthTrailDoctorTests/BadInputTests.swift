import AuthTrailDoctor
import Foundation
import Testing

/// Input that is not part of an app gets one error naming the file (and the line or offset where known), in bounded
/// memory.
@Suite("the doctor's readers on bad input")
struct BadInputTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-bad-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func error(reading paths: [String]) -> DoctorInputError? {
        do {
            _ = try SetupReader.read(paths)
            return nil
        } catch {
            return error
        }
    }

    @Test("a missing path is named, as missing")
    func missing() {
        let error = Self.error(reading: ["/nonexistent/Info.plist"])
        #expect(error?.code == .missing)
        #expect(error?.description == "/nonexistent/Info.plist: no such file or folder")
    }

    @Test("a damaged XML plist is named with the line Foundation reports")
    func damagedPlist() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Info.plist")
        let text = try String(contentsOfFile: SampleApps.path("ios-swift/MSALiOS/Info.plist"), encoding: .utf8)
        // A tag misspelled on line 9, as a hand edit leaves it.
        try text.replacingOccurrences(of: "<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>", with: "<strin>x</string>")
            .write(to: file, atomically: true, encoding: .utf8)
        let error = try #require(Self.error(reading: [file.path]))
        #expect(error.code == .malformed)
        #expect(error.file == file.path)
        #expect(error.line == 10, "\(error.description)")
        #expect(error.message.hasPrefix("not a valid XML property list"))
    }

    @Test("a truncated binary plist is refused, naming the file")
    func truncatedBinary() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let valid = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "com.contoso.app"], format: .binary, options: 0)
        let file = folder.appendingPathComponent("Info.plist")
        try valid.prefix(valid.count / 2).write(to: file)
        let error = try #require(Self.error(reading: [file.path]))
        #expect(error.code == .malformed)
        #expect(error.message.contains("binary property list"), "\(error.message)")
    }

    @Test("an executable named Info.plist is not a property list, at byte 0")
    func machOAsPlist() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Info.plist")
        try Data([0xCF, 0xFA, 0xED, 0xFE, 0x0C, 0x00, 0x00, 0x01] + [UInt8](repeating: 0, count: 4088)).write(to: file)
        let error = try #require(Self.error(reading: [file.path]))
        #expect(error.code == .malformed)
        #expect(error.offset == 0)
        #expect(error.description.hasPrefix(file.path + ": at byte 0: not a property list"))
    }

    @Test("a 1 GB Info.plist is refused from its size, without being read")
    func hugeFile() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Info.plist")
        // Sparse: a gigabyte the disk does not hold, so the test writes nothing; reading it would take a gigabyte.
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("<".utf8)))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let error = try #require(Self.error(reading: [file.path]))
        #expect(error.code == .tooLarge)
        #expect(error.message.hasPrefix("1073741824 bytes; the doctor reads at most 8388608 bytes"))
    }

    @Test("a zip that is not an app is refused, saying what it holds")
    func zipNotApp() {
        let error = Self.error(reading: [SampleApps.path("ipa/not-an-app.ipa")])
        #expect(error?.code == .unsupported)
        #expect(error?.message.contains("a zip archive of 1 entries with no Payload/<Name>.app/Info.plist") == true)
    }

    @Test("an .ipa that is not a zip is refused: no end-of-central-directory record")
    func notAZip() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("App.ipa")
        try Data(repeating: 0x41, count: 100_000).write(to: file)
        let error = try #require(Self.error(reading: [file.path]))
        #expect(error.code == .malformed)
        #expect(error.message.hasPrefix("not a zip archive"))
    }

    @Test("an .ipa whose deflated executable is damaged is refused with the entry and the offset")
    func damagedDeflate() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: SampleApps.path("ipa/MSALiOS.ipa"))))
        // The executable's deflate stream starts right after its name in its local header (no extra field): a
        // first byte of 0xFF is a final block of type 3, which deflate does not have.
        let name = Array("Payload/MSALiOS.app/MSALiOS".utf8)
        let header = try #require(
            (0..<(bytes.count - name.count)).first { Array(bytes[$0..<($0 + name.count)]) == name })
        bytes[header + name.count] = 0xFF
        let file = folder.appendingPathComponent("Damaged.ipa")
        try Data(bytes).write(to: file)
        let error = try #require(Self.error(reading: [file.path]))
        #expect(error.code == .malformed, "\(error.description)")
        #expect(error.file.hasSuffix("Damaged.ipa: Payload/MSALiOS.app/MSALiOS"), "\(error.file)")
        #expect(error.message.hasPrefix("damaged deflate data"))
        #expect(error.offset == 0)
    }

    @Test("a folder with nothing of an app in it is refused")
    func emptyFolder() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = Self.error(reading: [folder.path])
        #expect(error?.code == .unsupported)
    }

    @Test("the packaged sample without the keychain group gives exactly the keychain finding, from the signature")
    func ipaKeychain() throws {
        let findings = try SampleApps.report(["ipa/MSALiOS-no-keychain.ipa"]).findingsList
        try #require(findings.count == 1)
        #expect(findings[0].rule == "keychain-group-missing")
        #expect(findings[0].location.file.hasSuffix("MSALiOS-no-keychain.ipa: Payload/MSALiOS.app/MSALiOS"))
        #expect(findings[0].problem.contains("declare only UBF8T346G9.com.microsoft.MSALTestApp"))
    }
}
