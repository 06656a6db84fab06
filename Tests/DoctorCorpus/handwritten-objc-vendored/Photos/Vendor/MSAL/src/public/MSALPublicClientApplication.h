// Stand-in for a vendored copy of MSAL's public header, written for this corpus (not MSAL's text).
#import <Foundation/Foundation.h>

@interface MSALPublicClientApplication : NSObject
- (instancetype)initWithClientId:(NSString *)clientId error:(NSError **)error;
+ (BOOL)handleMSALResponse:(NSURL *)response sourceApplication:(NSString *)sourceApplication;
@end
