import Testing

@testable import TactileAccessibility

/// The children-changed events between two lists of children: applied in order, they turn the old
/// list into the new one.
@Suite struct ChildrenChangesTests {
  private func apply(_ changes: [ChildChange], to list: [Int]) -> [Int] {
    var list = list
    for change in changes {
      if change.added {
        list.insert(change.child, at: change.index)
      } else {
        #expect(list[change.index] == change.child, "\(change) removes another child")
        list.remove(at: change.index)
      }
    }
    return list
  }

  @Test func equalListsChangeNothing() {
    #expect(ChildrenChanges.between([1, 2, 3], [1, 2, 3]).isEmpty)
  }

  @Test func aChildAddedInTheMiddleIsOneAdditionAtItsIndex() {
    #expect(ChildrenChanges.between([1, 3], [1, 2, 3]) == [ChildChange(added: true, index: 1, child: 2)])
  }

  @Test func removalsComeFirstFromTheLastIndexDown() {
    #expect(
      ChildrenChanges.between([1, 2, 3, 4], [2, 4])
        == [ChildChange(added: false, index: 2, child: 3), ChildChange(added: false, index: 0, child: 1)])
  }

  @Test func aMovedChildIsRemovedAndAddedAgain() {
    let changes = ChildrenChanges.between([1, 2, 3], [3, 1, 2])
    #expect(
      changes == [
        ChildChange(added: false, index: 2, child: 3), ChildChange(added: true, index: 0, child: 3),
      ])
  }

  @Test func appliedInOrderTheChangesGiveTheNewList() {
    let cases: [([Int], [Int])] = [
      ([], [5, 6]), ([5, 6], []), ([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]), ([1, 2, 3], [4, 2, 5, 1]),
      ([10, 11, 12, 13], [12, 13, 14, 15]), ([7], [7, 8, 9, 7]),
    ]
    for (old, new) in cases {
      #expect(apply(ChildrenChanges.between(old, new), to: old) == new, "\(old) -> \(new)")
    }
  }
}
