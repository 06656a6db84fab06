/// The builder reads each install's events in time order (`InstallTimeOrder`), like `show`'s passes.
extension ReportBuilder: InstallOrderedConsumer {}
