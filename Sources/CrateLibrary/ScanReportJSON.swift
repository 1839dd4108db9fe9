import CrateCore
import FoundationEssentials

/// The last scan report is kept in the store as JSON, so `library stats` after a
/// restart still says when the library was last scanned and what was skipped.
enum ScanReportJSON {
    static func encode(_ report: ScanReport) throws -> String {
        String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> ScanReport {
        try JSONDecoder().decode(ScanReport.self, from: Data(text.utf8))
    }
}
