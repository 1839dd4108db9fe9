/// An error that carries a message fit to show a user (in `status`, on the display).
public protocol UserFacingError: Error, CustomStringConvertible {
    var userMessage: String { get }
}

extension UserFacingError {
    public var description: String { userMessage }
}
