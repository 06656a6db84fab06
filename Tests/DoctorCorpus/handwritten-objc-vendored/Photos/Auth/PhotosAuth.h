#import <Foundation/Foundation.h>

@class MSALPublicClientApplication;

/// Holds the app's MSAL client; the redirect URI is MSAL's default for the bundle id.
@interface PhotosAuth : NSObject
@property (nonatomic, copy) NSString *appId;
@property (nonatomic, strong) MSALPublicClientApplication *application;
+ (instancetype)shared;
- (void)start;
@end
