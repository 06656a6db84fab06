4// Excerpt of MSAL/test/app/ios/MSALTestAppDelegate.m (lines 129,139), see SOURCE.md.

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<NSString *,id> *)options
{
    (void)app;
    (void)url;
    (void)options;
    NSLog(@"OpenURL Method! - MSALWebviewTypeSafariViewController");
    
    return [MSALPublicClientApplication handleMSALResponse:url sourceApplication:options[UIApplicationOpenURLOptionsSourceApplicationKey]];
}

