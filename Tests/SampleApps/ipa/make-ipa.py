#!/usr/bin/env python3
# Builds the .ipa files the doctor's tests read, from ../ios-swift (Microsoft's iOS sample) as Xcode would package
# it: a binary Info.plist with the build settings resolved (bundle id com.microsoft.identitysample.MSALiOS, team
# UBF8T346G9 from the project), and an executable whose code signature embeds the entitlements (magic 0xfade7171,
# big-endian length, XML), deflated. The executable's code is 256 KiB of mostly zeros standing in for
# machine code, so the signature blob lies past the first inflated chunks.
#   python3 make-ipa.py      writes MSALiOS.ipa, MSALiOS-no-keychain.ipa, not-an-app.ipa
import plistlib, random, struct, zipfile, os

here = os.path.dirname(os.path.abspath(__file__))
sample = os.path.join(here, "..", "ios-swift", "MSALiOS")
with open(os.path.join(sample, "Info.plist"), "rb") as f:
    info = plistlib.load(f)
resolved = {"$(PRODUCT_BUNDLE_IDENTIFIER)": "com.microsoft.identitysample.MSALiOS", "$(EXECUTABLE_NAME)": "MSALiOS",
            "$(PRODUCT_NAME)": "MSALiOS"}
info = {k: resolved.get(v, v) if isinstance(v, str) else v for k, v in info.items()}
info["CFBundleSupportedPlatforms"] = ["iPhoneOS"]

def entitlements(groups):
    return plistlib.dumps({"application-identifier": "UBF8T346G9.com.microsoft.identitysample.MSALiOS",
                           "keychain-access-groups": groups}, fmt=plistlib.FMT_XML)

def executable(xml):
    rng = random.Random(26)
    code = bytes(rng.getrandbits(8) if i % 97 == 0 else 0 for i in range(256 * 1024))
    blob = b"\xfa\xde\x71\x71" + struct.pack(">I", 8 + len(xml)) + xml
    return b"\xcf\xfa\xed\xfe" + code + blob + bytes(1000)

def write(name, groups):
    with zipfile.ZipFile(os.path.join(here, name), "w", zipfile.ZIP_DEFLATED) as z:
        for entry, data in [("Payload/", b""), ("Payload/MSALiOS.app/Info.plist", plistlib.dumps(info, fmt=plistlib.FMT_BINARY)),
                            ("Payload/MSALiOS.app/MSALiOS", executable(entitlements(groups)))]:
            zi = zipfile.ZipInfo(entry, date_time=(2026, 11, 26, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)

write("MSALiOS.ipa", ["UBF8T346G9.com.microsoft.MSALTestApp", "UBF8T346G9.com.microsoft.adalcache"])
write("MSALiOS-no-keychain.ipa", ["UBF8T346G9.com.microsoft.MSALTestApp"])
with zipfile.ZipFile(os.path.join(here, "not-an-app.ipa"), "w", zipfile.ZIP_DEFLATED) as z:
    zi = zipfile.ZipInfo("README.txt", date_time=(2026, 11, 26, 0, 0, 0))
    z.writestr(zi, b"a zip archive with no Payload folder\n")
