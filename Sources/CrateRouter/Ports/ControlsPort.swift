import CrateControls
import CrateCore

/// What the router asks of the buttons and the knob, which drive it through
/// `ControlsHandler`: the interaction mode the panel draws, their state for `status`, and
/// a gesture injected by `crate-admin input`. On the box it is the controls service.
public protocol ControlsPort: AnyObject, Sendable {
    var mode: InteractionModel.Mode { get }
    func status(browseIndex: Int?) -> ControlsStatus
    func inject(_ injection: ControlsService.Injection) throws(ControlsError) -> [InputEvent]
}

extension ControlsService: ControlsPort {}
