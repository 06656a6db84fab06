import Cocoa
import FlutterMacOS

@main
class AppDelegate: FlutterAppDelegate {
}
