#import "PhotosAuth.h"
#import <MSAL/MSAL.h>

@implementation PhotosAuth

+ (instancetype)shared {
    static PhotosAuth *shared;
    static dispatch_once_t once;
    dispatch_once(&once, ^{ shared = [PhotosAuth new]; shared.appId = @"YOUR-CLIENT-ID"; });
    return shared;
}

- (void)start {
    self.application = [[MSALPublicClientApplication alloc] initWithClientId:self.appId error:nil];
}

@end
