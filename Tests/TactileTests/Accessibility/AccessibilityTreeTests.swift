import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Which views assistive technology reaches, in what order, inside which container.
@MainActor
@Suite struct AccessibilityTreeTests {
  private func label(_ text: String, at frame: Rect, in superview: View) -> Label {
    let label = Label(frame: frame)
    label.text = text
    superview.addSubview(label)
    return label
  }

  @Test func elementsAreReadTopToBottomThenLeftToRightWhateverTheSubviewOrder() {
    let app = TestApplication()
    _ = label("C", at: Rect(x: 0, y: 100, width: 50, height: 20), in: app.rootView)
    _ = label("B", at: Rect(x: 100, y: 0, width: 50, height: 20), in: app.rootView)
    _ = label("A", at: Rect(x: 0, y: 0, width: 50, height: 20), in: app.rootView)
    #expect(app.window.accessibilityChildren.map(\.accessibilityLabel) == ["A", "B", "C"])
  }

  @Test func plainViewsAreLookedThroughAndTheirElementsTakeTheirPlace() {
    let app = TestApplication()
    let row = View(frame: Rect(x: 0, y: 50, width: 300, height: 40))
    app.rootView.addSubview(row)
    _ = label("Right", at: Rect(x: 200, y: 0, width: 50, height: 20), in: row)
    _ = label("Left", at: Rect(x: 0, y: 0, width: 50, height: 20), in: row)
    _ = label("Top", at: Rect(x: 0, y: 0, width: 50, height: 20), in: app.rootView)
    _ = label("Bottom", at: Rect(x: 0, y: 200, width: 50, height: 20), in: app.rootView)
    #expect(
      app.window.accessibilityChildren.map(\.accessibilityLabel) == ["Top", "Left", "Right", "Bottom"])
    #expect(row.subviews[0].accessibilityContainer === app.window)
  }

  @Test func anElementsSubviewsAreNotElements() {
    let app = TestApplication()
    let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 40))
    app.rootView.addSubview(button)
    _ = label("inner", at: Rect(x: 0, y: 0, width: 50, height: 20), in: button)
    #expect(app.window.accessibilityChildren.map(ObjectIdentifier.init) == [ObjectIdentifier(button)])
    #expect(button.accessibilityChildren.isEmpty)
  }

  @Test func hiddenTransparentAndElementsHiddenViewsAreLeftOut() {
    let app = TestApplication()
    let hidden = label("hidden", at: Rect(x: 0, y: 0, width: 50, height: 20), in: app.rootView)
    hidden.isHidden = true
    let clear = label("clear", at: Rect(x: 0, y: 30, width: 50, height: 20), in: app.rootView)
    clear.alpha = 0
    let covered = View(frame: Rect(x: 0, y: 60, width: 100, height: 100))
    covered.accessibilityElementsHidden = true
    app.rootView.addSubview(covered)
    _ = label("covered", at: Rect(x: 0, y: 0, width: 50, height: 20), in: covered)
    _ = label("shown", at: Rect(x: 0, y: 200, width: 50, height: 20), in: app.rootView)
    #expect(app.window.accessibilityChildren.map(\.accessibilityLabel) == ["shown"])
  }

  @Test func anAppsListMakesAContainerOfExactlyThoseShownViewsInThatOrder() {
    let app = TestApplication()
    let group = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
    app.rootView.addSubview(group)
    let first = label("first", at: Rect(x: 0, y: 0, width: 50, height: 20), in: group)
    let second = label("second", at: Rect(x: 100, y: 0, width: 50, height: 20), in: group)
    let gone = label("gone", at: Rect(x: 200, y: 0, width: 50, height: 20), in: group)
    gone.isHidden = true
    _ = label("unlisted", at: Rect(x: 0, y: 50, width: 50, height: 20), in: group)
    group.accessibilityElements = [second, first, gone]
    #expect(group.isAccessibilityContainer)
    #expect(app.window.accessibilityChildren.map(ObjectIdentifier.init) == [ObjectIdentifier(group)])
    #expect(group.accessibilityChildren.map(\.accessibilityLabel) == ["second", "first"])
    #expect(first.accessibilityContainer === group)
  }

  @Test func theFrameIsInWindowCoordinatesAndFollowsTheView() {
    let app = TestApplication()
    let row = View(frame: Rect(x: 10, y: 20, width: 300, height: 100))
    app.rootView.addSubview(row)
    let button = Button(frame: Rect(x: 5, y: 5, width: 80, height: 40))
    row.addSubview(button)
    #expect(button.accessibilityFrame == Rect(x: 15, y: 25, width: 80, height: 40))
    row.frame.origin = Point(x: 100, y: 20)
    #expect(button.accessibilityFrame == Rect(x: 105, y: 25, width: 80, height: 40))
    button.accessibilityFrame = Rect(x: 0, y: 0, width: 10, height: 10)
    row.frame.origin = Point(x: 0, y: 0)
    #expect(button.accessibilityFrame == Rect(x: 0, y: 0, width: 10, height: 10))
  }

  @Test func aModalViewHidesItsSiblingsAndOnlyWhileShown() {
    let app = TestApplication()
    let behind = label("Behind", at: Rect(x: 0, y: 0, width: 100, height: 20), in: app.rootView)
    let modal = View(frame: Rect(x: 0, y: 100, width: 200, height: 100))
    modal.accessibilityViewIsModal = true
    let inside = label("Inside", at: Rect(x: 0, y: 0, width: 100, height: 20), in: modal)
    app.rootView.addSubview(modal)
    #expect(app.window.accessibilityChildren.map(ObjectIdentifier.init) == [ObjectIdentifier(inside)])
    modal.isHidden = true
    #expect(app.window.accessibilityChildren.map(ObjectIdentifier.init) == [ObjectIdentifier(behind)])
  }

  @Test func labellingViewsNameAnElementWithoutALabelAndTwoThatLabelEachOtherEnd() {
    let app = TestApplication()
    let caption = label("Volume", at: Rect(x: 0, y: 0, width: 100, height: 20), in: app.rootView)
    let slider = Slider(frame: Rect(x: 0, y: 30, width: 200, height: 30))
    slider.accessibilityLabelledBy = [caption]
    #expect(slider.accessibilityLabel == "Volume")
    slider.accessibilityLabel = "Level"
    #expect(slider.accessibilityLabel == "Level")
    // The caption labels the slider and the slider the caption: each reads the other's own label.
    caption.accessibilityLabelledBy = [slider]
    #expect(caption.accessibilityLabel == "Level")
    slider.accessibilityLabel = nil
    #expect(slider.accessibilityLabel == "Volume")
  }
}
