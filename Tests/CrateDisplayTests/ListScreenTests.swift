import CrateDisplay
import XCTest

/// The crate menu's and the track list's screen: a heading, the rows that fit around the
/// one under the knob, that row highlighted and the current one marked.
final class ListScreenTests: XCTestCase {
    private let theme = ScreenTheme.standard
    private let renderer = ScreenRenderer(fonts: ScreenFixtures.fonts, artwork: nil)

    private func list(rows: Int, selected: Int, marked: Int? = nil) -> ListScreen {
        ListScreen(name: "menu", heading: "Crates · now Bebop", rows: (1...rows).map { "Row \($0)" },
                   selected: selected, marked: marked)
    }

    func testTheWindowKeepsTheSelectedRowInView() {
        XCTAssertEqual(list(rows: 4, selected: 3).firstVisible(6), 0, "all fit")
        XCTAssertEqual(list(rows: 30, selected: 0).firstVisible(6), 0)
        XCTAssertEqual(list(rows: 30, selected: 10).firstVisible(6), 8, "a couple of rows of context above")
        XCTAssertEqual(list(rows: 30, selected: 29).firstVisible(6), 24, "the last rows fill the screen")
    }

    func testEverySizeShowsTheHeadingAndHighlightsTheSelectedRow() {
        for (w, h) in ScreenFixtures.sizes {
            let layout = renderer.layout(width: w, height: h)
            XCTAssertGreaterThanOrEqual(layout.listRows, 4, "\(w)×\(h) holds a useful list")
            let shown = list(rows: 30, selected: 12, marked: 3)
            var canvas = Canvas(width: w, height: h)
            renderer.render(DisplayContent(screen: .list(shown)), into: &canvas, now: 0)
            let visible = min(30, layout.listRows)
            let spots = layout.dial(count: visible)
            let heading = ScreenFixtures.expectedText(shown.heading, in: spots.title, font: layout.fonts.small,
                                                      color: theme.secondaryText, width: w, height: h)
            XCTAssertEqual(ScreenFixtures.region(canvas.image, spots.title), ScreenFixtures.region(heading, spots.title),
                           "\(w)×\(h): the heading")
            let row = spots.rows[12 - shown.firstVisible(visible)]
            XCTAssertEqual(canvas.image[row.frame.x, row.frame.y], theme.accent, "\(w)×\(h): the selected row is filled")
            let ink = ScreenFixtures.region(canvas.image, row.name).filter { $0 == theme.onAccent }.count
            XCTAssertGreaterThan(ink, 10, "\(w)×\(h): its name is written on it")
            XCTAssertEqual(DisplayContent(screen: .list(shown)).screen.name, "menu")
        }
    }
}
