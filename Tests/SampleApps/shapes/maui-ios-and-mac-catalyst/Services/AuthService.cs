using Microsoft.Identity.Client;

namespace Kiosk.Services;

public class AuthService
{
    private readonly IPublicClientApplication _app = PublicClientApplicationBuilder
        .Create("11111111-2222-3333-4444-555555555555")
        .WithRedirectUri("msauth.com.contoso.kiosk://auth")
        // .WithBroker() is left off: sign-in goes through the browser.
        .WithIosKeychainSecurityGroup("com.contoso.kiosk")
        .Build();
}
