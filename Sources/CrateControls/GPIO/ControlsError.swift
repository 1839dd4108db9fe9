/// Why the physical controls could not be set up or read: the chip or line, and the
/// system's words, so `status` can tell the admin what to fix.
public struct ControlsError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String
    /// Another program holds a line (EBUSY): the fix is to stop it, not to edit the config.
    public var lineBusy: Bool
    public init(_ message: String, lineBusy: Bool = false) {
        self.message = message
        self.lineBusy = lineBusy
    }
    public var description: String { message }
}
