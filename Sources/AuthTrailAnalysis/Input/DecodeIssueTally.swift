package import AuthTrail

/// The decode issues of one input: every one counted by kind, with what it lost, and only the first
/// `examplesPerKind` of each kind kept whole, so a file of nothing but damage costs a few lines, not one per issue.
package struct DecodeIssueTally: Sendable {
    /// Issues of one kind kept with their byte offsets; the rest are summed.
    package static let examplesPerKind = 5

    /// What the issues of one kind lost, over all of them.
    package struct Totals: Sendable, Hashable {
        package var issues = 0
        package var bytesLost = 0
        package var linesDropped = 0
        package var cutLines = 0
    }

    /// The first issues of each kind, in input order.
    package private(set) var examples: [DecodeIssue] = []
    /// Every issue by kind, in the order the kinds first appeared.
    package private(set) var totals: [(kind: DecodeIssue.Kind, totals: Totals)] = []

    package init() {}

    package mutating func add(_ issue: DecodeIssue) {
        let index: Int
        if let found = totals.firstIndex(where: { $0.kind == issue.kind }) {
            index = found
        } else {
            index = totals.count
            totals.append((issue.kind, Totals()))
        }
        totals[index].totals.issues += 1
        totals[index].totals.bytesLost = Self.saturating(totals[index].totals.bytesLost, issue.bytesLost)
        totals[index].totals.linesDropped = Self.saturating(totals[index].totals.linesDropped, issue.linesDropped)
        if issue.cutLineBytes > 0 { totals[index].totals.cutLines += 1 }
        if totals[index].totals.issues <= Self.examplesPerKind { examples.append(issue) }
    }

    /// The same issues, read from bytes that start `base` bytes into the file: their offsets are the file's.
    func shifted(by base: Int) -> Self {
        var shifted = self
        for index in shifted.examples.indices { shifted.examples[index].offset += base }
        return shifted
    }

    /// Every issue, all kinds.
    package var count: Int { totals.reduce(0) { $0 + $1.totals.issues } }

    package var isEmpty: Bool { totals.isEmpty }

    /// Issues of `kind`.
    package func count(of kind: DecodeIssue.Kind) -> Int {
        totals.first { $0.kind == kind }?.totals.issues ?? 0
    }

    /// One line per kept issue (file, byte offset, what was lost), then per kind with more issues than that one line
    /// for the rest: "… and N more <kind> issues in <file>", with what they lost together.
    package func messages(file: String) -> [String] {
        var messages = examples.map { $0.message(file: file) }
        for (kind, total) in totals where total.issues > Self.examplesPerKind {
            let shown = examples.filter { $0.kind == kind }
            var parts = ["… and \(total.issues - shown.count) more \(kind.rawValue) issues in \(file)"]
            let bytes = total.bytesLost - shown.reduce(0) { $0 + $1.bytesLost }
            let lines = total.linesDropped - shown.reduce(0) { $0 + $1.linesDropped }
            let cut = total.cutLines - shown.filter { $0.cutLineBytes > 0 }.count
            if bytes > 0 { parts.append("\(bytes) bytes not decodable") }
            if lines > 0 { parts.append("\(lines) lines dropped") }
            if cut > 0 { parts.append("\(cut) lines cut") }
            messages.append(parts.joined(separator: ", "))
        }
        return messages
    }

    private static func saturating(_ left: Int, _ right: Int) -> Int {
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? .max : sum
    }
}
