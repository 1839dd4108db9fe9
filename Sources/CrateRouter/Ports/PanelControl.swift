import CrateCore
import CrateDisplay

/// What the router asks of the panel: draw again (a change, or a gesture that wakes a
/// dimmed screen), a snapshot of what it shows, and its state for `status`. On the box
/// it is the display service; the panel asks the router for its content in return.
public protocol PanelControl: AnyObject, Sendable {
    func invalidate(activity: Bool)
    func snapshot(timeout: Double) throws(SnapshotError) -> [UInt8]
    func status() -> DisplayStatus
}

extension DisplayService: PanelControl {}
