//------------------------------------------------------------------------------
// Copyright (c) Microsoft Corporation. (A header line of the kind MSAL's files carry, written for this corpus.)
//------------------------------------------------------------------------------

// Stand-in for one of MSAL's IdentityCore files vendored outside MSAL's folders: known by its MSID name and header.
#import <Foundation/Foundation.h>

@implementation MSIDBrokerRedirect

+ (NSString *)brokerRedirectUri {
    return @"msauth.com.microsoft.azureauthenticator://auth";
}

+ (BOOL)handleMSALResponse:(NSURL *)url sourceApplication:(NSString *)source {
    return [source isEqualToString:@"com.microsoft.azureauthenticator"];
}

@end
