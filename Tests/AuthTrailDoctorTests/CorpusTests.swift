import AuthTrailDoctor
import Foundation
import Testing

/// The doctor on the corpus's apps (Tests/DoctorCorpus, written for this project) and on copies of them with one planted
/// mistake each: precision and recall against the findings MSAL's documentation expects, with every miss explained.
@Suite("the doctor on a corpus of apps that use MSAL")
struct CorpusTests {
    /// What one run scored: true and false findings, misses, and any folder the doctor refused.
    struct Score {
        var truePositives = 0
        var falsePositives: [String] = []
        var misses: [String] = []
        var refusals: [String] = []

        var precision: Double {
            let given = truePositives + falsePositives.count
            return given == 0 ? 1 : Double(truePositives) / Double(given)
        }
        var recall: Double {
            let wanted = truePositives + misses.count
            return wanted == 0 ? 1 : Double(truePositives) / Double(wanted)
        }
    }

    /// The doctor's findings on `folder`, as expectations relative to it; nil when it refused the folder.
    static func findings(_ folder: String) -> (found: [DoctorCorpus.Expected]?, error: String?) {
        do {
            let report = DoctorReport(setups: try SetupReader.read([folder]))
            return (
                report.results.flatMap(\.findings).map { finding in
                    let file = finding.location.file
                    let relative = file.hasPrefix(folder + "/") ? String(file.dropFirst(folder.count + 1)) : file
                    return DoctorCorpus.Expected(rule: finding.rule.rawValue, file: relative)
                }, nil
            )
        } catch {
            return (nil, error.description)
        }
    }

    static func score(_ label: String, folder: String, expected: [DoctorCorpus.Expected], into score: inout Score) {
        let (found, error) = findings(folder)
        guard var remaining = found else {
            score.refusals.append("\(label): \(error ?? "")")
            score.misses += expected.map { "\(label): \($0)" }
            return
        }
        for wanted in expected {
            if let index = remaining.firstIndex(of: wanted) {
                remaining.remove(at: index)
                score.truePositives += 1
            } else {
                score.misses.append("\(label): \(wanted)")
            }
        }
        score.falsePositives += remaining.map { "\(label): \($0)" }
    }

    /// A copy of the corpus app `name` in a new temporary folder.
    static func copy(_ name: String) throws -> String {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authtrail-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let copy = target.appendingPathComponent(name)
        try FileManager.default.copyItem(at: DoctorCorpus.folder.appendingPathComponent(name), to: copy)
        return copy.path
    }

    static func apply(_ edit: DoctorCorpus.Edit, to root: String) throws {
        let url = URL(fileURLWithPath: root)
        switch edit {
        case .replace(let file, let find, let replacement):
            let path = url.appendingPathComponent(file)
            let text = try String(contentsOf: path, encoding: .utf8)
            try #require(text.contains(find), "\(file) does not contain the text to replace")
            try text.replacingOccurrences(of: find, with: replacement).write(
                to: path, atomically: true, encoding: .utf8)
        case .add(let file, let text):
            let path = url.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: path, atomically: true, encoding: .utf8)
        case .addMany(let folder, let count, let text):
            let base = url.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            for index in 0..<count {
                try text.write(
                    to: base.appendingPathComponent(String(format: "Vendored%05d.swift", index)), atomically: false,
                    encoding: .utf8)
            }
        }
    }

    /// The score on every app and mutant.
    static func corpusScore() throws -> Score {
        var score = Score()
        let apps = DoctorCorpus.apps
        for app in apps {
            Self.score(
                app.name, folder: DoctorCorpus.folder.appendingPathComponent(app.name).path, expected: app.expected,
                into: &score)
        }
        for mutant in DoctorCorpus.mutants where apps.contains(where: { $0.name == mutant.app }) {
            let root = try copy(mutant.app)
            defer { try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent) }
            try apply(mutant.edit, to: root)
            let original = DoctorCorpus.apps.first { $0.name == mutant.app }?.expected ?? []
            Self.score(
                "\(mutant.app) (\(mutant.note))", folder: root,
                expected: original + (mutant.expected.map { [$0] } ?? []), into: &score)
        }
        return score
    }

    @Test("precision >= 95 %, recall >= 90 %, no folder holding an app refused, every miss explained")
    func precisionAndRecall() throws {
        let score = try Self.corpusScore()
        let percent = { (value: Double) in String(format: "%.1f %%", value * 100) }
        let summary = { (score: Score) in
            "precision \(percent(score.precision)) (\(score.truePositives) of "
                + "\(score.truePositives + score.falsePositives.count)), recall \(percent(score.recall)) "
                + "(\(score.truePositives) of \(score.truePositives + score.misses.count))"
        }
        print(
            "doctor corpus: \(DoctorCorpus.apps.count) apps + \(DoctorCorpus.mutants.count) mutants: \(summary(score))")
        for line in score.falsePositives { print("  not expected: \(line)") }
        for line in score.misses { print("  missed: \(line)") }
        for line in score.refusals { print("  refused: \(line)") }
        #expect(score.refusals.isEmpty, "\(score.refusals)")
        let unexplained = (score.falsePositives + score.misses).filter { line in
            // A mutant's miss of an app's own expected finding is explained by the app's entry.
            let key = line.replacingOccurrences(of: #" \([^)]*\):"#, with: ":", options: .regularExpression)
            return DoctorCorpus.explainedMisses[key] == nil
        }
        #expect(unexplained.isEmpty, "unexplained: \(unexplained)")
        #expect(score.recall >= 0.90)
        #expect(score.precision >= 0.95)
    }
}
