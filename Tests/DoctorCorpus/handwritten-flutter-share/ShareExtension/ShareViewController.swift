import Social
import UIKit

/// Hands a shared link to the app as a new task; it never signs in.
final class ShareViewController: SLComposeServiceViewController {
  override func didSelectPost() {
    extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
  }
}
