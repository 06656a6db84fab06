#!/usr/bin/env python3
"""Does the package resolve on Swift 6.0 (Xcode 16.0-16.2)? Read from the dependencies' real repositories.

    Tools/manifest-6.0-check.py [--manifest PATH]      (default: the repository's Package.swift)

1. The manifest is evaluated as Xcode 16 on a Mac evaluates it: `#if compiler(>=X)` / `#if swift(>=X)` true only for
   X <= 6.0, `#if canImport(Darwin)` and `#if os(macOS)` true, no AUTHTRAIL_* variable set; then `swift package
   dump-package` (this toolchain) lists its dependencies and their version requirements. The manifest's own tools
   version must be <= 6.0.
2. For every dependency, recursively: every tag of its repository (`git ls-remote --tags`, then a bare clone; on this
   machine git serves github.com from /opt/swift-packages), the tags in the requirement's range, and for each the
   manifest SwiftPM 6.0 would load (its rule: the `Package@swift-X[.Y[.Z]].swift` with the highest X.Y.Z <= 6.0 when
   its tools version is above Package.swift's or Package.swift's is above 6.0, else Package.swift). A tag is usable
   when that manifest's `// swift-tools-version` is <= 6.0. The dependencies of the newest usable tag are checked
   the same way (requirements on one package from several dependents are intersected).
3. A dependency with no usable tag in its range fails the check, unless NOT_ON_HAND below says the versions that would
   be usable are not on this machine: then it is printed as NOT VERIFIED, never as passing.

Limits: only the newest usable version's dependencies are followed (SwiftPM backtracks to older ones when they do not
resolve; this check then fails rather than guess); tags marked `@swift-N` and pre-releases are ignored.
Exit status: 0 every dependency has a version Swift 6.0 reads; 1 one does not (each named on stderr); 2 the check
could not run (no manifest, `swift package dump-package` or git failed on something other than a dependency).
Run by Tools/source-checks.sh; tested by Tests/AuthTrailTests/Packaging/SwiftSixZeroResolutionTests.swift.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

SWIFT_6_0 = (6, 0, 0)
PREFIX = "manifest-6.0:"

# Versions this machine's copies of the repositories do not hold (they are snapshots of a few recent tags), keyed by
# owner/name, with the half-open range [lower, upper) (upper None: no bound) that is missing and why one of them is
# believed to read on Swift 6.0. Such a dependency passes only as NOT VERIFIED, and only while the copy holds no tag in
# that range: once it does, the tags decide and the entry must go (the check fails until it is removed). Only a Mac
# with Xcode 16.0 confirms these (docs/RELIABILITY.md, "The Apple build").
NOT_ON_HAND = {
    "facebook/zstd": (
        (1, 5, 6), None,
        "no copy of facebook/zstd here; its Package.swift (tools 5.0 in Debian's 1.5.4 source, which "
        "Tools/upstream-zstd.sh resolves) is the Apple builds' zstd",
    ),
    "apple/swift-crypto": (
        (4, 0, 0), (4, 4, 0),
        "the copy holds 3.12.3 and 4.5.2 only; 4.0 to 4.3 are the releases before Apple's packages moved to tools 6.1",
    ),
    "apple/swift-asn1": (
        (1, 2, 0), (1, 7, 4),
        "the copy holds 1.7.4 only; swift-asn1 moved to tools 6.0 in 2025 (apple/swift-asn1#108), before 6.1",
    ),
}


def say(line):
    print(f"{PREFIX} {line}", flush=True)


def problem(line):
    print(f"{PREFIX} {line}", file=sys.stderr, flush=True)


def version_text(version):
    return ".".join(str(part) for part in version)


def tools_text(version):
    """A tools version as manifests write it: 6.1, 5.10.1."""
    return version_text(version[:2] if version[2] == 0 else version)


def parse_version(text):
    """A tag as SwiftPM reads it (`v` allowed, minor and patch optional); None for pre-releases and anything else."""
    match = re.fullmatch(r"v?(\d+)(?:\.(\d+))?(?:\.(\d+))?", text.strip())
    if not match:
        return None
    return tuple(int(part or 0) for part in match.groups())


def tools_version(manifest_text):
    """The `// swift-tools-version:` of a manifest (leading blank lines allowed); 3.1 when there is none, as SwiftPM."""
    match = re.match(r"\s*//\s*swift-tools-version\s*:\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?", manifest_text)
    if not match:
        return (3, 1, 0)
    return tuple(int(part or 0) for part in match.groups())


def reads_on_6_0(version):
    # Swift 6.0 reads tools versions 4.0 to 6.0; 3.x manifests are no longer supported.
    return (4, 0, 0) <= version <= SWIFT_6_0


def chosen_manifest(files, read):
    """The file SwiftPM 6.0 loads among a package's root `files`, read with `read(name)`; None without Package.swift.

    Mirrors SwiftPM's ManifestLoader: the version-specific manifest with the highest version <= 6.0 is taken when its
    tools version is above the regular manifest's, or when the regular manifest's is above 6.0."""
    specific = {}
    for name in files:
        match = re.fullmatch(r"Package@swift-(\d+)(?:\.(\d+))?(?:\.(\d+))?\.swift", name)
        if match:
            specific[tuple(int(part or 0) for part in match.groups())] = name
    if "Package.swift" not in files:
        return None
    candidates = sorted((version for version in specific if version <= SWIFT_6_0), reverse=True)
    if not candidates:
        return "Package.swift"
    candidate = specific[candidates[0]]
    regular_tools = tools_version(read("Package.swift"))
    specific_tools = (3, 1, 0) if candidates[0] < (4, 0, 0) else tools_version(read(candidate))
    if specific_tools > regular_tools:
        return candidate
    return "Package.swift" if regular_tools <= SWIFT_6_0 else candidate


def as_swift_6_0(manifest_text):
    """The manifest's text with the conditions Xcode 16's compiler decides on a Mac made literal."""

    def decide(match):
        directive, condition = match.group(1), match.group(2).strip()
        version = re.fullmatch(r"(?:compiler|swift)\(\s*>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*\)", condition)
        if version:
            value = tuple(int(part or 0) for part in version.groups()) <= SWIFT_6_0
        elif condition in ("canImport(Darwin)", "os(macOS)"):
            value = True
        elif condition in ("canImport(Glibc)", "canImport(Musl)", "os(Linux)", "os(Windows)"):
            value = False
        else:
            return match.group(0)
        return f"{directive} {'true' if value else 'false'}"

    return re.sub(r"^[ \t]*(#if|#elseif)[ \t]+(.+?)[ \t]*$", decide, manifest_text, flags=re.M)


def dependencies(manifest_text, scratch):
    """(url, requirement) for each package dependency the manifest declares, read by `swift package dump-package`."""
    folder = tempfile.mkdtemp(dir=scratch)
    with open(os.path.join(folder, "Package.swift"), "w") as file:
        file.write(as_swift_6_0(manifest_text))
    environment = {key: value for key, value in os.environ.items() if not key.startswith("AUTHTRAIL_")}
    result = subprocess.run(
        ["swift", "package", "--package-path", folder, "dump-package"],
        capture_output=True, text=True, env=environment)
    if result.returncode != 0:
        raise RuntimeError(f"swift package dump-package failed: {result.stderr.strip()[-2000:]}")
    declared = []
    for dependency in json.loads(result.stdout).get("dependencies", []):
        for kind, entries in dependency.items():
            entry = entries[0]
            if kind == "sourceControl":
                location = entry["location"]
                # A git repository named by a path or file:// URL is `local`; it still has tags to choose from.
                url = location["remote"][0]["urlString"] if "remote" in location else location["local"][0]
                declared.append((url, entry["requirement"]))
            else:
                # A local or registry package: nothing for Swift 6.0 to choose from tags.
                declared.append((None, {kind: entry}))
    return declared


def requirement_range(requirement):
    """[lower, upper) of a dump-package requirement; raises for a branch or revision (no tags to choose from)."""
    if "range" in requirement:
        bounds = requirement["range"][0]
        return parse_version(bounds["lowerBound"]), parse_version(bounds["upperBound"])
    if "exact" in requirement:
        version = parse_version(requirement["exact"][0])
        return version, version[:2] + (version[2] + 1,)
    raise ValueError(f"requirement {json.dumps(requirement)} names no versions")


def package_key(url):
    """owner/name of a repository URL, lower-cased, without `.git`."""
    path = re.sub(r"\.git$", "", url.rstrip("/"))
    return "/".join(path.split("/")[-2:]).lower()


def runs(versions, usable):
    """`usable` (a subset of sorted `versions`) as runs of consecutive tags: "4.0.0-4.3.1, 4.5.0"."""
    parts, run = [], []
    for version in versions:
        if version in usable:
            run.append(version)
            continue
        if run:
            parts.append(run)
            run = []
    if run:
        parts.append(run)
    return ", ".join(
        version_text(run[0]) if len(run) == 1 else f"{version_text(run[0])}-{version_text(run[-1])}" for run in parts)


class Repository:
    """A dependency's repository, cloned bare once."""

    def __init__(self, url, scratch):
        self.url = url
        self.folder = tempfile.mkdtemp(dir=scratch)
        environment = dict(os.environ, GIT_TERMINAL_PROMPT="0")
        clone = subprocess.run(
            ["git", "clone", "--bare", "--quiet", url, self.folder], capture_output=True, text=True, env=environment)
        if clone.returncode != 0:
            raise LookupError(clone.stderr.strip().splitlines()[0] if clone.stderr.strip() else "git clone failed")
        listed = subprocess.run(["git", "-C", self.folder, "tag", "--list"], capture_output=True, text=True, check=True)
        self.tags = {}
        for tag in listed.stdout.split():
            version = parse_version(tag)
            if version is not None:
                self.tags.setdefault(version, tag)

    def files(self, tag):
        listed = subprocess.run(
            ["git", "-C", self.folder, "ls-tree", "--name-only", tag], capture_output=True, text=True, check=True)
        return listed.stdout.split("\n")

    def read(self, tag, name):
        return subprocess.run(
            ["git", "-C", self.folder, "show", f"{tag}:{name}"], capture_output=True, text=True, check=True).stdout

    def manifest(self, version):
        """(file name, text, tools version) of the manifest SwiftPM 6.0 loads at `version`; None without a manifest."""
        tag = self.tags[version]
        name = chosen_manifest(self.files(tag), lambda file: self.read(tag, file))
        if name is None:
            return None
        text = self.read(tag, name)
        return name, text, tools_version(text)


def check(manifest_path):
    """Prints what Swift 6.0 can use of each dependency; returns the failures and the packages not verified here."""
    failures, unverified = [], []
    folder = os.path.dirname(os.path.abspath(manifest_path))
    root_name = chosen_manifest(os.listdir(folder), lambda name: open(os.path.join(folder, name)).read())
    if root_name != os.path.basename(manifest_path) and os.path.basename(manifest_path) == "Package.swift":
        say(f"Swift 6.0 loads {root_name} in {folder}, not Package.swift")
    root_text = open(os.path.join(folder, root_name or os.path.basename(manifest_path))).read()
    root_tools = tools_version(root_text)
    if reads_on_6_0(root_tools):
        say(f"{manifest_path}: tools version {tools_text(root_tools)}, read by Swift 6.0")
    else:
        failures.append(f"{manifest_path}: tools version {tools_text(root_tools)} is not read by Swift 6.0")
    with tempfile.TemporaryDirectory(prefix="manifest-6.0-") as scratch:
        pending = [("the manifest", url, requirement) for url, requirement in dependencies(root_text, scratch)]
        repositories, requirements, checked = {}, {}, {}
        while pending:
            dependent, url, requirement = pending.pop(0)
            if url is None:
                say(f"{dependent} declares {json.dumps(requirement)}: not versioned by tags, not checked")
                continue
            key = package_key(url)
            try:
                lower, upper = requirement_range(requirement)
            except ValueError as error:
                failures.append(f"{key} (from {dependent}): {error}")
                continue
            # Requirements from several dependents: Swift 6.0 needs a version in all of them.
            previous = requirements.get(key, ((0, 0, 0), (10**9, 0, 0)))
            lower, upper = max(lower, previous[0]), min(upper, previous[1])
            if checked.get(key) == (lower, upper):
                continue
            requirements[key] = checked[key] = (lower, upper)
            wanted = f"{version_text(lower)}..<{version_text(upper)}"
            gap = NOT_ON_HAND.get(key)
            if key not in repositories:
                try:
                    repositories[key] = Repository(url, scratch)
                except LookupError as error:
                    if gap and gap[1] is None:
                        unverified.append(key)
                        say(f"{key} {wanted}: NOT VERIFIED HERE ({error}): {gap[2]}")
                    else:
                        failures.append(f"{key} {wanted} (from {dependent}): cannot read {url}: {error}")
                    continue
            repository = repositories[key]
            in_range = sorted(version for version in repository.tags if lower <= version < upper)
            manifests = {version: repository.manifest(version) for version in in_range}
            usable = {version for version, found in manifests.items() if found and reads_on_6_0(found[2])}
            refused = ", ".join(
                f"{version_text(version)} needs {tools_text(manifests[version][2])}"
                if manifests[version] else f"{version_text(version)} has no Package.swift"
                for version in in_range if version not in usable) or "none"
            follow = max(usable) if usable else None
            if gap:
                gap_lower, gap_upper, why = gap
                held = [version for version in repository.tags
                        if gap_lower <= version and (gap_upper is None or version < gap_upper)]
                if held:
                    failures.append(
                        f"{key}: this machine now holds {', '.join(map(version_text, sorted(held)))}, so the "
                        f"NOT_ON_HAND entry in {os.path.basename(__file__)} must go (the tags decide)")
                    continue
            if usable:
                usable_runs = runs(in_range, usable)
                say(f"{key} {wanted}: {usable_runs} usable on Swift 6.0 (on hand in range; refused: {refused})")
            elif gap:
                unverified.append(key)
                gap_range = version_text(gap[0]) + (f"..<{version_text(gap[1])}" if gap[1] else " on")
                say(f"{key} {wanted}: no tag on hand reads on Swift 6.0 ({refused}); NOT VERIFIED HERE: {gap_range} "
                    f"not on this machine ({gap[2]})")
                # The dependencies the missing versions declare are unknown; the newest tag in range stands in.
                follow = max(in_range) if in_range else None
            else:
                failures.append(
                    f"{key} {wanted} (from {dependent}): no version Swift 6.0 reads; tags in range: {refused}")
                continue
            if follow is None:
                continue
            name, text, _ = manifests[follow]
            source = f"{key} {version_text(follow)}"
            try:
                pending += [(source, url, requirement) for url, requirement in dependencies(text, scratch)]
            except RuntimeError as error:
                failures.append(f"{source} ({name}): {error}")
    return failures, unverified


def main(arguments):
    manifest = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Package.swift")
    if arguments[:1] == ["--manifest"] and len(arguments) == 2:
        manifest = arguments[1]
    elif arguments:
        problem("usage: Tools/manifest-6.0-check.py [--manifest PATH]")
        return 2
    manifest = os.path.normpath(manifest)
    if not os.path.isfile(manifest):
        problem(f"{manifest}: no such manifest")
        return 2
    try:
        failures, unverified = check(manifest)
    except (RuntimeError, OSError, subprocess.CalledProcessError) as error:
        problem(f"{manifest}: the check could not run: {error}")
        return 2
    for failure in failures:
        problem(f"FAIL {failure}")
    if failures:
        problem(f"{manifest} does not resolve on Swift 6.0 (Xcode 16.0-16.2)")
        return 1
    if unverified:
        say(f"{manifest}: every dependency read here has a version Swift 6.0 reads; not verified here, for a Mac with "
            f"Xcode 16.0 to confirm: {', '.join(unverified)}")
    else:
        say(f"{manifest}: every dependency has a version Swift 6.0 reads")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
