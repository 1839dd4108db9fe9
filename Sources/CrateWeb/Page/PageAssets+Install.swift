import FoundationEssentials

extension PageAssets {
    /// The web app manifest: "Add to home screen" opens the page full screen, with the
    /// page's dark ground while it starts (the page itself follows the phone's light or
    /// dark setting).
    static let manifest = #"""
{
  "name": "Crate",
  "short_name": "Crate",
  "description": "The album player's cover wall",
  "start_url": "/",
  "scope": "/",
  "display": "standalone",
  "background_color": "#111111",
  "theme_color": "#111111",
  "icons": [
    { "src": "/icon.svg", "sizes": "any", "type": "image/svg+xml" },
    { "src": "/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any maskable" },
    { "src": "/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable" }
  ]
}
"""#

    /// The tab's icon: the home-screen icon's drawing (deploy/make-web-icons.py) as SVG.
    static let iconSVG = #"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#111"/><rect x="176" y="120" width="192" height="192" rx="10" fill="#d85c4a"/><rect x="144" y="152" width="192" height="192" rx="10" fill="#6f9fd8"/><rect x="112" y="184" width="192" height="192" rx="10" fill="#eee"/><rect x="96" y="272" width="320" height="144" rx="18" fill="#e8a33c"/><rect x="208" y="304" width="96" height="24" rx="12" fill="#b8781f"/></svg>
"""#

    /// A PNG written here as base64 (PageAssets+Icons.swift). The text is this file's own:
    /// were it not base64 the page would serve no icon, and the install would use a letter.
    static func decode(_ base64: String) -> [UInt8] {
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
            assertionFailure("an icon in PageAssets+Icons.swift is not base64")
            return []
        }
        return [UInt8](data)
    }
}
