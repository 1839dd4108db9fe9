/// Why the physical controls could not be set up or read: the chip or line, and the
/// system's words, so `status` can tell the admin what to fix.
public struct ControlsError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
