import CrateLibrary
import FoundationEssentials

/// Wallet items as stored text (the Plex wallet between syncs).
public enum WalletJSON {
    static func encode(_ items: [WalletItem]) throws -> String {
        String(decoding: try JSONEncoder().encode(items), as: UTF8.self)
    }

    public static func decode(_ text: String) throws -> [WalletItem] {
        try JSONDecoder().decode([WalletItem].self, from: Data(text.utf8))
    }
}
