import CrateCore
import CratePosix

/// Why the control socket could not be set up (the socket plumbing's own error).
public typealias ControlServerError = SocketSetupError

extension SocketSetupError: UserFacingError {}
