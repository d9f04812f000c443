/// The resolution rule between a window's gesture recognizers (the numbered rules on
/// ``GestureCoordinator``), over members it sees only through `GestureArenaMember`. It decides; the
/// coordinator is told each decision, to log it and queue its effects.
@MainActor
final class GestureArena<Member: GestureArenaMember> {
  /// Members with a sequence in progress, in the order they joined.
  private(set) var members: [Member] = []
  /// Told of each decided state change: the member, its new state, whether it is a recognition (the
  /// winner of rule 4), and the reason, built only when called.
  var onDecision: (Member, GestureRecognizer.State, Bool, () -> String) -> Void = { _, _, _, _ in }
  /// Told when a member starts waiting for others to fail, with the reason.
  var onWait: (Member, () -> String) -> Void = { _, _ in }

  /// Adds `member` to the arena.
  ///
  /// - Returns: Whether it was not a member yet.
  @discardableResult
  func join(_ member: Member) -> Bool {
    members.appendIfAbsent(member)
  }

  /// Removes `member` (its sequence is over and it was reset).
  func leave(_ member: Member) {
    members.removeIdentical(member)
  }

  /// Decides a state `member` asked for (already checked legal against its effective state).
  func request(_ member: Member, _ next: GestureRecognizer.State) {
    join(member)
    if !member.waitingStates.isEmpty {
      if next == .failed || next == .cancelled {
        _ = member.stopWaiting()
        fail(member, "it gave up while waiting for others to fail")
      } else if !(next == .changed && member.waitingStates.last == .changed) {
        member.wait(with: [next])
      }
    } else if member.arenaState == .possible && next != .failed {
      attemptRecognition(member, states: [next], askToBegin: true)
    } else if next == .failed {
      fail(member, "its touches do not make its gesture")
    } else {
      decide(member, next, reason: "the gesture goes on")
    }
  }

  /// Fails `member` if it is undecided and decides the members that were waiting for it. The reason
  /// (the member's own, from ``GestureRecognizer/fail(because:)``, or `reason`) is built only when the
  /// coordinator logs it.
  func fail(_ member: Member, _ reason: @autoclosure () -> String) {
    guard member.arenaState == .possible else { return }
    let stated = member.takeFailureReason()
    decide(member, .failed, reason: stated ?? reason())
    promoteWaiting()
  }

  private func attemptRecognition(_ member: Member, states: [GestureRecognizer.State], askToBegin: Bool) {
    if askToBegin, let refusal = member.refusalToBegin() {
      fail(member, refusal)
      return
    }
    let blockers = requiredFailures(of: member)
    if let winner = Self.firstRecognized(among: blockers) {
      fail(member, "it requires \(winner.displayName) to fail, which recognized")
      return
    }
    if let undecided = Self.firstUndecided(among: blockers) {
      member.wait(with: states)
      onWait(member, { "it requires \(undecided.displayName) to fail, which is undecided" })
      return
    }
    for active in members
    where active !== member && (active.arenaState == .began || active.arenaState == .changed)
      && active.competes(with: member) && !simultaneous(active, member) && active.mayPrevent(member)
    {
      fail(member, "\(active.displayName) recognized first and they may not recognize together")
      return
    }
    decide(member, states[0], reason: "first to recognize among its competitors", isRecognition: true)
    defeatOthers(of: member)
    for state in states.dropFirst() where member.canAdvance(to: state) {
      decide(member, state, reason: "deferred until its failure requirements failed")
    }
  }

  /// Rule 4: the competitors in `possible` and the members waiting for `winner` fail.
  private func defeatOthers(of winner: Member) {
    var losers: [Member] = []
    for other in members
    where other !== winner
      && ((other.competes(with: winner) && !simultaneous(other, winner) && winner.mayPrevent(other))
        || other.mustWait(forFailureOf: winner))
    {
      losers.append(other)
    }
    for loser in losers where loser.arenaState == .possible {
      _ = loser.stopWaiting()
      let waitedForWinner = loser.mustWait(forFailureOf: winner)
      fail(
        loser,
        waitedForWinner
          ? "it requires \(winner.displayName) to fail, which recognized"
          : "lost to \(winner.displayName), which recognized first")
    }
  }

  /// Decides again every member that waits for others to fail (rule 2).
  private func promoteWaiting() {
    for waiting in members where waiting.arenaState == .possible && !waiting.waitingStates.isEmpty {
      let blockers = requiredFailures(of: waiting)
      if let winner = Self.firstRecognized(among: blockers) {
        _ = waiting.stopWaiting()
        fail(waiting, "it requires \(winner.displayName) to fail, which recognized")
      } else if Self.firstUndecided(among: blockers) == nil {
        attemptRecognition(waiting, states: waiting.stopWaiting(), askToBegin: false)
      }
    }
  }

  /// The one place a verdict or a later state reaches a member.
  private func decide(
    _ member: Member, _ state: GestureRecognizer.State, reason: @autoclosure () -> String,
    isRecognition: Bool = false
  ) {
    if state == .failed {
      member.reject()
    } else if member.arenaState == .possible {
      member.accept(state)
    } else {
      member.advance(to: state)
    }
    onDecision(member, state, isRecognition, { reason() })
  }

  /// The members with a sequence in progress that `member` must wait for.
  private func requiredFailures(of member: Member) -> [Member] {
    var required: [Member] = []
    for other in members where other !== member && member.mustWait(forFailureOf: other) {
      required.append(other)
    }
    return required
  }

  /// The first of `members` that has recognized (left `possible` other than by failing).
  private static func firstRecognized(among members: [Member]) -> Member? {
    for member in members where member.arenaState != .possible && member.arenaState != .failed {
      return member
    }
    return nil
  }

  /// The first of `members` still undecided (in `possible`).
  private static func firstUndecided(among members: [Member]) -> Member? {
    for member in members where member.arenaState == .possible { return member }
    return nil
  }

  private func simultaneous(_ a: Member, _ b: Member) -> Bool {
    a.mayRecognizeSimultaneously(with: b)
  }
}
