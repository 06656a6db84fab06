import AuthTrail
import Foundation

/// A real MSAL app's Info.plist: Microsoft's iOS sample, Azure-Samples/ms-identity-mobile-apple-swift-objc,
/// `MSALiOS/Info.plist` (MIT licence), with its build-setting variables resolved as the built app's copy has them
/// (`$(PRODUCT_BUNDLE_IDENTIFIER)` is `com.microsoft.identitysample.MSALiOS`, the bundle id its `msauth.` scheme
/// names).
enum SampleInfoPlist {
    static let bundleID = "com.microsoft.identitysample.MSALiOS"

    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>CFBundleDevelopmentRegion</key>
        	<string>en</string>
        	<key>CFBundleExecutable</key>
        	<string>MSALiOS</string>
        	<key>CFBundleIdentifier</key>
        	<string>com.microsoft.identitysample.MSALiOS</string>
        	<key>CFBundleInfoDictionaryVersion</key>
        	<string>6.0</string>
        	<key>CFBundleName</key>
        	<string>MSALiOS</string>
        	<key>CFBundlePackageType</key>
        	<string>APPL</string>
        	<key>CFBundleShortVersionString</key>
        	<string>1.0</string>
        	<key>CFBundleURLTypes</key>
        	<array>
        		<dict>
        			<key>CFBundleURLSchemes</key>
        			<array>
        				<string>msauth.com.microsoft.identitysample.MSALiOS</string>
        			</array>
        		</dict>
        	</array>
        	<key>CFBundleVersion</key>
        	<string>1</string>
        	<key>LSRequiresIPhoneOS</key>
        	<true/>
        	<key>UILaunchStoryboardName</key>
        	<string>LaunchScreen</string>
        	<key>UIMainStoryboardFile</key>
        	<string>Main</string>
        	<key>UIRequiredDeviceCapabilities</key>
        	<array>
        		<string>armv7</string>
        	</array>
        	<key>UISupportedInterfaceOrientations</key>
        	<array>
        		<string>UIInterfaceOrientationPortrait</string>
        		<string>UIInterfaceOrientationLandscapeLeft</string>
        		<string>UIInterfaceOrientationLandscapeRight</string>
        	</array>
        	<key>UISupportedInterfaceOrientations~ipad</key>
        	<array>
        		<string>UIInterfaceOrientationPortrait</string>
        		<string>UIInterfaceOrientationPortraitUpsideDown</string>
        		<string>UIInterfaceOrientationLandscapeLeft</string>
        		<string>UIInterfaceOrientationLandscapeRight</string>
        	</array>
        	<key>LSApplicationQueriesSchemes</key>
        	<array>
        		<string>msauth</string>
        		<string>msauthv2</string>
        		<string>msauthv3</string>
        	</array>
        </dict>
        </plist>
        """

    /// The dictionary `Bundle.infoDictionary` gives for it, parsed by Foundation's property-list reader.
    static func dictionary(editing edit: (inout [String: Any]) -> Void = { _ in }) throws -> [String: Any] {
        var format = PropertyListSerialization.PropertyListFormat.xml
        var info =
            try PropertyListSerialization.propertyList(from: Data(xml.utf8), options: [], format: &format)
            as? [String: Any] ?? [:]
        edit(&info)
        return info
    }

    /// A source that reads this Info.plist (edited by `edit`), on `platform`, with `keychain` (none: a platform without
    /// one) and `environment`.
    static func source(
        platform: String = "iOS", keychain: (any KeychainCalls)? = nil, environment: [String: String] = [:],
        editing edit: (inout [String: Any]) -> Void = { _ in }
    ) throws -> AppConfigurationSource {
        let facts = AppBundleFacts(infoDictionary: try dictionary(editing: edit))
        return AppConfigurationSource(
            bundle: { facts }, environment: { environment }, platform: platform, keychain: keychain)
    }
}
