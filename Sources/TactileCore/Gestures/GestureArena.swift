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
    guard !members.contains(where: { $0 === member }) else { return false }
    members.append(member)
    return true
  }

  /// Removes `member` (its sequence is over and it was reset).
  func leave(_ member: Member) {
    members.removeAll { $0 === member }
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
    if let winner = blockers.first(where: { $0.arenaState != .possible && $0.arenaState != .failed }) {
      fail(member, "it requires \(winner.displayName) to fail, which recognized")
      return
    }
    if let undecided = blockers.first(where: { $0.arenaState == .possible }) {
      member.wait(with: states)
      onWait(member, { "it requires \(undecided.displayName) to fail, which is undecided" })
      return
    }
    if let active = members.first(where: {
      $0 !== member && ($0.arenaState == .began || $0.arenaState == .changed)
        && $0.competes(with: member) && !simultaneous($0, member) && $0.mayPrevent(member)
    }) {
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
    let losers = members.filter { other in
      other !== winner
        && ((other.competes(with: winner) && !simultaneous(other, winner) && winner.mayPrevent(other))
          || other.mustWait(forFailureOf: winner))
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
      if let winner = blockers.first(where: { $0.arenaState != .possible && $0.arenaState != .failed }) {
        _ = waiting.stopWaiting()
        fail(waiting, "it requires \(winner.displayName) to fail, which recognized")
      } else if !blockers.contains(where: { $0.arenaState == .possible }) {
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
    members.filter { $0 !== member && member.mustWait(forFailureOf: $0) }
  }

  private func simultaneous(_ a: Member, _ b: Member) -> Bool {
    a.mayRecognizeSimultaneously(with: b)
  }
}
