import CCrateShims
import CratePosix
import Glibc

/// An open Linux framebuffer (`/dev/fbN`: an fbtft SPI panel or a DRM driver's fbdev
/// emulation), mapped into memory. `memory` is where `PanelWriter` draws; it points into
/// the mapping and is valid until `close()`. Not thread-safe: one display thread owns it.
public final class FramebufferDevice {
    public let path: String
    public let info: FramebufferInfo
    private var fd: Int32
    private var mapping: UnsafeMutableRawPointer?
    private let mappingLength: Int
    private let visible: FramebufferMemory

    /// Opens and maps `path`; throws a `DisplayError` naming the device and the reason
    /// (missing, no permission, not a framebuffer, a pixel format Crate cannot draw).
    public init(path: String) throws(DisplayError) {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            var reason = errnoDescription(code)
            if code == EACCES { reason += " (is the user in group 'video'?)" }
            throw .deviceOpen(device: path, reason: reason)
        }
        do throws(DisplayError) {
            var raw = crate_fb_info()
            let rc = crate_fb_get_info(fd, &raw)
            guard rc == 0 else { throw .notAFramebuffer(device: path, reason: "screen info: \(errnoDescription(rc))") }
            let info = FramebufferInfo(raw)
            let format = try Self.checkFormat(info, path: path)
            let lineLength = info.lineLength > 0 ? info.lineLength : info.virtualWidth * format.bytesPerPixel
            let length = info.memoryLength > 0 ? info.memoryLength : lineLength * info.virtualHeight
            // The visible window (panning offsets included) must lie inside the mapping.
            let bytes = format.bytesPerPixel
            let start: Int = info.yOffset * lineLength + info.xOffset * bytes
            let rowBytes: Int = (info.xOffset + info.width) * bytes
            let end: Int = (info.yOffset + info.height) * lineLength
            guard info.width > 0, info.height > 0, rowBytes <= lineLength, end <= length else {
                throw .unsupportedFormat(
                    device: path, detail: "inconsistent geometry (\(info.width)x\(info.height), "
                        + "\(lineLength) bytes per line, \(length) bytes of memory)")
            }
            guard let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
                  mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
                throw .mapFailed(device: path, reason: errnoDescription())
            }
            self.path = path
            self.info = info
            self.fd = fd
            self.mapping = mapped
            self.mappingLength = length
            self.visible = FramebufferMemory(
                base: mapped + start, width: info.width, height: info.height, lineLength: lineLength, format: format)
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    deinit { close() }

    public var isOpen: Bool { mapping != nil }

    /// The visible panel. Only valid while the device is open.
    public var memory: FramebufferMemory {
        precondition(isOpen, "framebuffer \(path) used after close()")
        return visible
    }

    /// Unmaps and closes; safe to call more than once.
    public func close() {
        if let mapping {
            munmap(mapping, mappingLength)
            self.mapping = nil
        }
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }

    private static func checkFormat(_ info: FramebufferInfo, path: String) throws(DisplayError) -> PixelFormat {
        guard info.type == CRATE_FB_TYPE_PACKED_PIXELS,
              info.visual == CRATE_FB_VISUAL_TRUECOLOR
                || info.visual == CRATE_FB_VISUAL_DIRECTCOLOR else {
            throw .unsupportedFormat(
                device: path, detail: "not a true-colour packed-pixel display (type \(info.type), visual \(info.visual))")
        }
        guard let format = info.pixelFormat else {
            throw .unsupportedFormat(
                device: path, detail: "\(info.bitsPerPixel) bits per pixel (red \(info.red.length)@\(info.red.offset), "
                    + "green \(info.green.length)@\(info.green.offset), blue \(info.blue.length)@\(info.blue.offset)); "
                    + "Crate draws 16 bpp RGB565 and 32 bpp XRGB8888")
        }
        return format
    }
}
