// Stand-in for a vendored copy of MSAL's implementation, written for this corpus (not MSAL's text): the library's
// own defaults, which are never the app's set-up.
#import "MSALPublicClientApplication.h"

static NSString *const kDefaultAuthority = @"https://login.microsoftonline.com/common";

@implementation MSALPublicClientApplication

- (instancetype)initWithClientId:(NSString *)clientId error:(NSError **)error {
    NSString *redirectUri = [NSString stringWithFormat:@"msauth.%@://auth", NSBundle.mainBundle.bundleIdentifier];
    self.keychainSharingGroup = @"com.microsoft.identity.universalstorage";
    return [self initWithClientId:clientId redirectUri:redirectUri authority:kDefaultAuthority];
}

+ (BOOL)handleMSALResponse:(NSURL *)response sourceApplication:(NSString *)sourceApplication {
    return [MSALPublicClientApplication handleMSALResponse:response sourceApplication:sourceApplication];
}

@end
