/// What the resolution rule (`GestureArena`) sees of a gesture recognizer, the way a gesture arena
/// sees its members: the state decided so far, the states it waits with, how it relates to the others,
/// and the verdicts.
///
/// An *arena* is one touch sequence of a member: from the moment it joins (its first touch, touchpad
/// gesture or hover) to its reset. In each arena the referee calls exactly one verdict —
/// ``accept(_:)`` (it leaves `possible` for its first state) or ``reject()`` (it fails) — and after an
/// acceptance only ``advance(to:)``; the member stops the program on any second verdict.
@MainActor
protocol GestureArenaMember: AnyObject {
  /// The state decided so far (what actions and delegates see).
  var arenaState: GestureRecognizer.State { get }
  /// The states it asked for while waiting for others to fail; empty when it is not waiting.
  var waitingStates: [GestureRecognizer.State] { get }
  /// Its name in diagnostics.
  var displayName: String { get }

  /// Why it may not begin (rule 1), or `nil` when nothing refuses it.
  func refusalToBegin() -> String?
  /// Whether it must wait for `other` to fail before it recognizes (rule 2).
  func mustWait(forFailureOf other: Self) -> Bool
  /// Whether it shares input with `other` in the current sequence.
  func competes(with other: Self) -> Bool
  /// Whether it may recognize at the same time as `other` (either delegate allows it).
  func mayRecognizeSimultaneously(with other: Self) -> Bool
  /// Whether its recognition may make the competing `other` fail (it can prevent `other`, and `other`
  /// can be prevented by it).
  func mayPrevent(_ other: Self) -> Bool
  /// Whether `state` is a legal next state from ``arenaState``.
  func canAdvance(to state: GestureRecognizer.State) -> Bool

  /// Keeps `states` to apply once the recognizers it waits for have failed (appended to those waiting).
  func wait(with states: [GestureRecognizer.State])
  /// Stops waiting and returns the states it waited with.
  func stopWaiting() -> [GestureRecognizer.State]
  /// The reason it gave for failing itself, once (``GestureRecognizer/fail(because:)``).
  func takeFailureReason() -> String?

  /// The verdict that it wins: it leaves `possible` for `state`.
  func accept(_ state: GestureRecognizer.State)
  /// The verdict that it loses: it fails from `possible`.
  func reject()
  /// A later state of an accepted member (a change, its end or cancellation).
  func advance(to state: GestureRecognizer.State)
}
