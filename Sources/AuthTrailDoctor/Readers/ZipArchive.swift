internal import Foundation

/// A zip file's table of contents, read from its central directory only (the end of the file), and its entries read
/// one at a time: an `.ipa` of any size is opened in bounded memory, reading only the entries the doctor needs.
package struct ZipArchive {
    /// One entry of the central directory.
    package struct Entry: Sendable, Hashable {
        package var name: String
        package var method: Int
        package var compressedSize: Int
        package var size: Int
        package var localHeaderOffset: Int
    }

    package let path: String
    package let entries: [Entry]
    private let handle: FileHandle
    private let fileSize: Int

    /// The central directory may hold this many entries (an app has thousands of files, not millions).
    static let maximumEntries = 200_000
    static let maximumDirectoryBytes = 64 << 20

    package init(path: String) throws(DoctorInputError) {
        self.path = path
        fileSize = try BoundedFile.size(path)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DoctorInputError(.unreadable, file: path, "cannot open the file")
        }
        self.handle = handle
        // The end-of-central-directory record: 22 bytes plus a comment of up to 65535, at the end of the file.
        let tailLength = min(fileSize, 22 + 65_535)
        let tail = try Self.read(handle, at: fileSize - tailLength, count: tailLength, file: path)
        guard let end = Self.lastIndex(of: [0x50, 0x4B, 0x05, 0x06], in: tail), end + 22 <= tail.count else {
            throw DoctorInputError(
                .malformed, file: path,
                "not a zip archive: no end-of-central-directory record in the last "
                    + "\(tailLength) bytes")
        }
        let count = Int(Self.uint16(tail, end + 10))
        let directorySize = Int(Self.uint32(tail, end + 12))
        let directoryOffset = Int(Self.uint32(tail, end + 16))
        let recordOffset = fileSize - tailLength + end
        guard count <= Self.maximumEntries, directorySize <= Self.maximumDirectoryBytes,
            directoryOffset + directorySize <= recordOffset
        else {
            throw DoctorInputError(
                .malformed, file: path,
                "the central directory (\(count) entries, \(directorySize) bytes at \(directoryOffset)) does not fit "
                    + "the file, or is a ZIP64 archive", offset: recordOffset)
        }
        let directory = try Self.read(handle, at: directoryOffset, count: directorySize, file: path)
        var entries = [Entry]()
        var position = 0
        for _ in 0..<count {
            guard position + 46 <= directory.count, Self.uint32(directory, position) == 0x0201_4B50 else {
                throw DoctorInputError(
                    .malformed, file: path, "a central directory entry is damaged", offset: directoryOffset + position)
            }
            let nameLength = Int(Self.uint16(directory, position + 28))
            let extraLength = Int(Self.uint16(directory, position + 30))
            let commentLength = Int(Self.uint16(directory, position + 32))
            guard position + 46 + nameLength <= directory.count else {
                throw DoctorInputError(
                    .malformed, file: path, "a central directory entry's name runs past the directory",
                    offset: directoryOffset + position)
            }
            entries.append(
                Entry(
                    name: String(decoding: directory[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self),
                    method: Int(Self.uint16(directory, position + 10)),
                    compressedSize: Int(Self.uint32(directory, position + 20)),
                    size: Int(Self.uint32(directory, position + 24)),
                    localHeaderOffset: Int(Self.uint32(directory, position + 42))))
            position += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The whole entry, refused when it claims or inflates to more than `limit` bytes.
    package func contents(of entry: Entry, limit: Int) throws(DoctorInputError) -> [UInt8] {
        guard entry.size <= limit else {
            throw DoctorInputError(
                .tooLarge, file: "\(path): \(entry.name)", "\(entry.size) bytes; the doctor reads at most \(limit)")
        }
        var result = [UInt8]()
        try stream(entry, limit: limit) { chunk in
            result += chunk
            return true
        }
        return result
    }

    /// Hands the entry's bytes to `output` in chunks (stored or deflated), until it returns false.
    package func stream(_ entry: Entry, limit: Int, output: ([UInt8]) -> Bool) throws(DoctorInputError) {
        let name = "\(path): \(entry.name)"
        let header = try Self.read(handle, at: entry.localHeaderOffset, count: 30, file: name)
        guard Self.uint32(header, 0) == 0x0403_4B50 else {
            throw DoctorInputError(.malformed, file: path, "not a local file header", offset: entry.localHeaderOffset)
        }
        var offset = entry.localHeaderOffset + 30 + Int(Self.uint16(header, 26)) + Int(Self.uint16(header, 28))
        let end = offset + entry.compressedSize
        guard end <= fileSize else {
            throw DoctorInputError(
                .malformed, file: path, "\(entry.name) runs past the end of the file", offset: offset)
        }
        let next = { () throws(DoctorInputError) -> [UInt8]? in
            guard offset < end else { return nil }
            let count = min(256 << 10, end - offset)
            let chunk = try Self.read(handle, at: offset, count: count, file: name)
            offset += count
            return chunk
        }
        switch entry.method {
        case 0:
            var total = 0
            while let chunk = try next() {
                total += chunk.count
                guard total <= limit else { throw DoctorInputError(.tooLarge, file: name, "more than \(limit) bytes") }
                if !output(chunk) { return }
            }
        case 8:
            _ = try Inflater.inflate(next: next, limit: limit, file: name, output: output)
        default:
            throw DoctorInputError(
                .unsupported, file: name, "compression method \(entry.method) (only stored and deflate)")
        }
    }

    private static func read(
        _ handle: FileHandle, at offset: Int, count: Int, file: String
    ) throws(DoctorInputError)
        -> [UInt8]
    {
        guard offset >= 0, count >= 0 else {
            throw DoctorInputError(.malformed, file: file, "an offset outside the file", offset: offset)
        }
        do {
            try handle.seek(toOffset: UInt64(offset))
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else {
                throw DoctorInputError(.malformed, file: file, "the file ends early", offset: offset + data.count)
            }
            return [UInt8](data)
        } catch let error as DoctorInputError {
            throw error
        } catch {
            throw DoctorInputError(.unreadable, file: file, "cannot read the file", offset: offset)
        }
    }

    private static func lastIndex(of signature: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= signature.count else { return nil }
        for index in stride(from: bytes.count - signature.count, through: 0, by: -1)
        where bytes[index] == signature[0] && Array(bytes[index..<(index + signature.count)]) == signature {
            return index
        }
        return nil
    }

    static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
