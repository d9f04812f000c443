import Foundation
import Tactile

/// The strip: a paging scroll view of four ``ZoomingPage``s over a ``PageControl`` that follows it.
///
/// At 1× a horizontal drag turns pages (a flick goes to the next page, a slow drag to the nearest);
/// zoomed in, it pans the photo, and past the photo's edge the same drag moves the pager (the nested
/// scroll views' hand-off), which then settles on a page. Every change of page or zoom prints `page=P zoom=Z`, which the tests
/// read.
@MainActor final class StripController: ViewController, ScrollViewDelegate {
  static let size = Size(width: 640, height: 480)
  static let pageCount = 4

  private let pager = ScrollView(frame: Rect(x: 0, y: 0, width: 640, height: 440))
  private let pageControl = PageControl(frame: Rect(x: 0, y: 440, width: 640, height: 40))
  private var pages: [ZoomingPage] = []
  private var lastReport = ""

  override func loadView() {
    // Step 1: the pager and its pages, side by side.
    let root = View(frame: Rect(origin: .zero, size: Self.size))
    root.backgroundColor = Color(white: 0.1)
    pager.isPagingEnabled = true
    pager.contentSize = Size(width: pager.bounds.width * Double(Self.pageCount), height: pager.bounds.height)
    pager.delegate = self
    for number in 0..<Self.pageCount {
      let page = ZoomingPage(
        frame: pager.bounds.offsetBy(dx: pager.bounds.width * Double(number), dy: 0), number: number)
      page.onZoom = { [unowned self] _ in report() }
      pager.addSubview(page)
      pages.append(page)
    }
    root.addSubview(pager)
    // Step 2: the page control, which turns a page when tapped.
    pageControl.numberOfPages = Self.pageCount
    root.addSubview(pageControl)
    view = root
  }

  override func viewDidLoad() {
    let turn: Action = "turnPage"
    setHandler(
      { [unowned self] _, _ in
        pager.setContentOffset(
          Point(x: Double(pageControl.currentPage) * pager.bounds.width, y: 0), animated: true)
      }, for: turn)
    pageControl.addTarget(self, action: turn, for: .valueChanged)
    report()
  }

  // Step 3: the page control follows the pager.
  func scrollViewDidScroll(_ scrollView: ScrollView) {
    pageControl.currentPage = pager.currentHorizontalPage
    report()
  }

  /// Prints `page=P zoom=Z` (the current page's zoom) when it differs from the last line printed.
  private func report() {
    let page = pager.currentHorizontalPage
    let zoom = pages.indices.contains(page) ? pages[page].zoomScale : 1
    let line = "page=\(page) zoom=\(String(format: "%.2f", zoom))"
    guard line != lastReport else { return }
    lastReport = line
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
