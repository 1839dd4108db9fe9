/// The font used when no console font is installed: printable ASCII (0x20–0x7E) drawn
/// for Crate on a 5×7 grid with two rows of descender, in a 6×9 cell (the sixth column is
/// the gap between letters). Integer scaling keeps it legible on larger panels. Anything
/// outside ASCII draws as '?', and the ellipsis as "...".
public struct BuiltinFont: BitmapFont {
    public let scale: Int

    public init(scale: Int = 1) {
        self.scale = max(1, scale)
    }

    /// Unscaled cell size.
    public static let width = 6
    public static let height = 9

    public var cellWidth: Int { Self.width * scale }
    public var cellHeight: Int { Self.height * scale }
    public var replacementIndex: Int { Int(UInt8(ascii: "?")) - 0x20 }

    public func glyphIndex(for scalar: Unicode.Scalar) -> Int? {
        (0x20...0x7E).contains(scalar.value) ? Int(scalar.value) - 0x20 : nil
    }

    public func glyph(at index: Int) -> GlyphBitmap {
        let safe = (0..<Self.rows.count).contains(index) ? index : replacementIndex
        return GlyphBitmap(
            width: Self.width, height: Self.height, bytesPerRow: 1, data: Self.bitmaps,
            offset: safe * Self.height, scale: scale)
    }

    /// The glyphs unpacked to one byte per row, leftmost pixel in the top bit: the layout
    /// `GlyphBitmap` shares with console fonts.
    private static let bitmaps: [UInt8] = rows.flatMap { packed in
        (0..<height).map { row in UInt8(truncatingIfNeeded: (packed >> UInt64(5 * (height - 1 - row))) & 0x1F) << 3 }
    }

    /// One glyph per character from 0x20, nine rows of five bits each, top row in the
    /// highest bits (bit 4 of a row is its leftmost pixel). Rows 0–6 hold capitals and
    /// digits, lowercase starts at row 2, rows 7–8 are descenders.
    private static let rows: [UInt64] = [
        0x000000000000, 0x042108401000, 0x0A5280000000, 0x0A57D5F52800, // space ! double quote #
        0x047D1C5F1000, 0x18C888898C00, 0x0C9511593400, 0x042100000000, // $ % & quote
        0x022210820800, 0x082084222000, 0x00255D520000, 0x00213E420000, // ( ) * +
        0x000000063088, 0x00003E000000, 0x000000063000, 0x000888880000, // , - . /
        0x0E8CEB98B800, 0x046108423800, 0x0E8844447C00, 0x1E085C10F800, // 0 1 2 3
        0x0232A5F10800, 0x1F878218B800, 0x06443D18B800, 0x1F0888842000, // 4 5 6 7
        0x0E8C5D18B800, 0x0E8C5E113000, 0x006300C60000, 0x006300C61100, // 8 9 : ;
        0x022220820800, 0x0007C1F00000, 0x082082222000, 0x0E8844401000, // < = > ?
        0x0E8DEB783C00, 0x0E8C7F18C400, 0x1E8C7D18F800, 0x0E8C2108B800, // @ A B C
        0x1C9463197000, 0x1F843D087C00, 0x1F843D084000, 0x0E8C2F18BC00, // D E F G
        0x118C7F18C400, 0x0E2108423800, 0x071084293000, 0x119531494400, // H I J K
        0x108421087C00, 0x11DD6B18C400, 0x118E6B38C400, 0x0E8C6318B800, // L M N O
        0x1E8C7D084000, 0x0E8C63593400, 0x1E8C7D494400, 0x0F841C10F800, // P Q R S
        0x1F2108421000, 0x118C6318B800, 0x118C63151000, 0x118C6B5AA800, // T U V W
        0x118A88A8C400, 0x118A88421000, 0x1F0888887C00, 0x0E4210843800, // X Y Z [
        0x008208208000, 0x0E1084213800, 0x045440000000, 0x0000000003E0, // backslash ] ^ _
        0x082080000000, 0x000382F8BC00, 0x1087A318F800, 0x0003A108B800, // backtick a b c
        0x010BE318BC00, 0x0003A3F83800, 0x064A38842000, 0x0003E318BC2E, // d e f g
        0x1085B318C400, 0x040308423800, 0x020184210A4C, 0x1084A98A4800, // h i j k
        0x0C2108423800, 0x0006AB5AC400, 0x0005B318C400, 0x0003A318B800, // l m n o
        0x0007A318FA10, 0x0003E318BC21, 0x0005B3084000, 0x0003E0E0F800, // p q r s
        0x084710849800, 0x00046319B400, 0x000463151000, 0x0004635AA800, // t u v w
        0x000454454400, 0x00046318BC2E, 0x0007C4447C00, 0x022110420800, // x y z {
        0x042108421000, 0x082104422000, 0x00022A200000, // | } ~
    ]
}
