import TactileTrace

/// A fake-seat script: one command per line, `#` starts a comment. Coordinates are output pixels;
/// durations are `<n>ms` or `<n>s`. The format (also accepted by `tactile-inject`):
///
/// ```
/// wait 200ms                 # let time pass (the compositor keeps serving clients)
/// wait window                # until a toplevel is mapped (10 s at most)
/// wait commit                # until any surface commits again
/// wait drawn                 # until the clients have handled all input sent and drawn what it changed
/// tap 120 80                 # touch down, frame, up (no frame after the last up, like weston 10)
/// touch down 1 10 10         # raw touch: down ID X Y | move ID X Y | up ID | frame | cancel
/// touch shape 1 6 4          #   | shape ID MAJOR MINOR | orientation ID DEGREES
/// drag 10 10 200 10 300ms    # one finger from A to B in 10 framed steps
/// pinch 200 150 40 120 300ms # two fingers around a center, distance from 40 to 120
/// rotate 200 150 60 90 300ms # two fingers at radius 60 turning by 90 degrees
/// swipe 3 100 100 0 -80 200ms  # N fingers from X Y moving by DX DY
/// move 30 40                 # pointer motion (enter/leave as it crosses surfaces)
/// move relative 5 -3         # mouse motion by DX DY: relative motion; the pointer stays if locked
/// click 30 40 right          # pointer motion, press, release (left, right or middle)
/// pointer motion 30 40       # raw pointer, no frame: motion X Y | relative DX DY | frame |
/// pointer button left down   #   button BUTTON down|up (left, right, middle or an evdev code) |
/// pointer frame              #   axis-stop vertical|horizontal | axis vertical|horizontal VALUE
/// pointer axis vertical 15 value120 120 source wheel  # [value120 N] [source wheel|finger|continuous|wheel-tilt]
/// scroll 0 3                 # wheel notches: horizontal vertical
/// scroll finger 0 12.5       # touchpad scrolling by DX DY surface units (continuous)
/// scroll stop                # the fingers leave the touchpad (axis_stop): kinetic scrolling may start
/// gesture pinch 2 1.5 30     # touchpad: pinch FINGERS SCALE DEGREES | swipe FINGERS DX DY | hold FINGERS
/// gesture pinch begin 2      # in stages: KIND begin FINGERS, then pinch update SCALE DEGREES or
/// gesture pinch update 1.2 5 #   swipe update DX DY, then KIND end [cancel] (one gesture at a time)
/// gesture pinch end
/// focus                      # keyboard focus to the topmost window (a tap or click gives it too)
/// focus manual               # from now on only focus lines move the focus; focus on-press: taps again
/// focus on-press
/// key Return                 # press and release: xkb names (Return, Tab, F1, Control_L), any case,
/// key ctrl+a                 #   or ctrl, shift, alt, super, altgr, enter, esc, del, ins, pgup, pgdn;
/// key shift+Tab              #   a chord is pressed in order and released in reverse
/// key super
/// key down Shift_L           # or: key up NAME
/// key code 30 down           # a key by its evdev code, whatever the layout: key code N down|up
/// type Hello, world          # the rest of the line, with Shift where needed
/// osk preedit hel            # on-screen keyboard (text-input-v3): preedit TEXT | commit TEXT
/// capabilities touch,keyboard  # or: none (of the seat in use)
/// seat add tablet touch      # another wl_seat (capabilities optional, default all)
/// seat use tablet            # the following input goes through that seat (seat0: the first one)
/// seat remove tablet         # withdraws its global
/// dnd text 150 40 some text  # the compositor drags text of its own with the pointer (wl_data_device)
/// dnd move 300 40            # moves the drag's pointer; dnd drop drops it there, dnd cancel cancels
/// dnd drop
/// pen in 100 80              # a tablet tool: in X Y | down | move X Y [pressure N] [distance N]
/// pen down                   #   [tilt X Y] [rotation DEG] | button CODE down|up | frame | up | out
/// pen move 110 85 pressure 30000 tilt 20 -10
/// pen frame                  #   (frames are explicit; pen eraser …: the other end; see PenAction)
/// pen stroke 10 10 200 10 300ms  # in, down, framed motions with rising pressure, up, out
/// tablet remove              # unplugs the seat's tablet (tablet add: plugs it in again)
/// scale 2                    # output scale
/// screenshot after-tap       # writes after-tap.png into the screenshot directory
/// replay session.jsonl       # plays a recorded input trace onto the first window (path relative to
///                            # the working directory; format: TactileTrace's InputTrace)
/// ```
public struct Script: Equatable, Sendable {
  /// One parsed line.
  public struct Line: Equatable, Sendable {
    /// 1-based line number in the source.
    public var number: Int
    public var command: ScriptCommand
  }
  public var lines: [Line]

  /// Parses a whole script.
  ///
  /// - Throws: ``ScriptError`` naming the first malformed line.
  public init(parsing source: String) throws(ScriptError) {
    var lines: [Line] = []
    for (index, text) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let content = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard !words.isEmpty else { continue }
      do {
        lines.append(Line(number: index + 1, command: try ScriptCommand(words: words, raw: String(content))))
      } catch {
        throw ScriptError(line: index + 1, message: error.message)
      }
    }
    self.lines = lines
  }
}

/// A script line that is malformed or failed to run: a `LineError` (of TactileTrace) naming it.
public typealias ScriptError = LineError

/// A parse problem without a line number yet.
struct ScriptSyntaxError: Error, CustomStringConvertible {
  var message: String

  var description: String { message }
}
