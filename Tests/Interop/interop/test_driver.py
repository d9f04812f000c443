"""Self-tests of the driver's pieces whose bugs could make a lane pass or fail wrongly: the screenshot
readers, the window search, the text's ink measure, the state log's step boundaries, the injector replies,
the drag steps' release of a held button or finger, the IME steps' underline search, and how steps add up to the compatibility table.
Run by Tests/Interop/run before the lanes (`python3 -m unittest interop.test_driver`)."""

from __future__ import annotations

import socket
import struct
import tempfile
import unittest
import zlib
from pathlib import Path

from .dragdrop import DragSteps
from .images import Image, Rect, from_rows, read_png, read_ppm
from .ime import longest_dark_runs
from .injector import InjectorError, LineInjector
from .outcomes import Result
from .presentation import summary
from .scenario import STEPS, capability_mark, capability_status, ink_extent
from .state import StateLog


def png(width: int, height: int, rows: list[tuple[int, bytes]], color_type: int) -> bytes:
    """A PNG whose rows are given already filtered, as (filter type, bytes)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(bytes([kind]) + row for kind, row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


class ImageTests(unittest.TestCase):
    def test_png_sub_and_up_filters_are_undone(self):
        first = bytes([10, 20, 30, 5, 5, 5])          # sub: second pixel = first + (5, 5, 5)
        second = bytes([1, 1, 1, 2, 2, 2])           # up: each byte adds the row above
        image = read_png(png(2, 2, [(1, first), (2, second)], color_type=2))
        self.assertEqual([image.pixel(0, 0), image.pixel(1, 0)], [(10, 20, 30), (15, 25, 35)])
        self.assertEqual([image.pixel(0, 1), image.pixel(1, 1)], [(11, 21, 31), (17, 27, 37)])

    def test_png_alpha_channel_is_dropped(self):
        image = read_png(png(1, 1, [(0, bytes([1, 2, 3, 255]))], color_type=6))
        self.assertEqual(image.pixel(0, 0), (1, 2, 3))

    def test_ppm_header_comments_are_skipped(self):
        image = read_ppm(b"P6\n# grim\n2 1\n255\n" + bytes([1, 2, 3, 4, 5, 6]))
        self.assertEqual((image.width, image.pixel(1, 0)), (2, (4, 5, 6)))

    def test_raw_rows_honour_stride_and_byte_order(self):
        data = bytes([3, 2, 1, 0, 6, 5, 4, 0, 99, 99, 99, 99]) * 2   # two BGRx pixels + 4 bytes of padding
        image = from_rows(2, 2, 12, data, "BGRx")
        self.assertEqual([image.pixel(0, 1), image.pixel(1, 1)], [(1, 2, 3), (4, 5, 6)])

    def test_bounds_cover_exactly_the_matching_pixels(self):
        magenta, black = bytes([255, 0, 255]), bytes(3)
        rows = [black * 4, black + magenta * 2 + black, black + magenta + black * 2, black * 4]
        self.assertEqual(Image(4, 4, b"".join(rows)).bounds_of((255, 0, 255)), Rect(1, 1, 2, 2))
        self.assertIsNone(Image(4, 4, black * 16).bounds_of((255, 0, 255)))

    def test_bounds_take_pixels_within_the_tolerance_on_every_channel(self):
        near, off = bytes([250, 8, 247]), bytes([255, 9, 255])   # off: green is 9 away
        image = Image(3, 1, near + off + near)
        self.assertEqual(image.bounds_of((255, 0, 255)), Rect(0, 0, 3, 1))
        self.assertEqual(Image(1, 1, off).bounds_of((255, 0, 255)), None)


class InkTests(unittest.TestCase):
    def test_ink_extent_spans_the_first_to_the_last_dark_column_of_the_area(self):
        white, dark, grey = bytes([255] * 3), bytes([20, 20, 20]), bytes([150] * 3)
        rows = [white + dark + white + grey + dark + white, white * 6]   # grey (a placeholder) is not ink
        image = Image(6, 2, b"".join(rows))
        self.assertEqual(ink_extent(image, Rect(1, 0, 0, 0), Rect(0, 0, 5, 2)), 4)   # columns 1..4 of the image
        self.assertEqual(ink_extent(image, Rect(0, 0, 0, 0), Rect(2, 0, 2, 2)), 0)


class UnderlineTests(unittest.TestCase):
    def test_each_row_gives_its_longest_dark_run_in_content_pixels(self):
        white, dark = bytes([255] * 3), bytes([20, 20, 20])
        rows = [white + dark + white + dark + dark + white,   # glyphs: runs of 1 and 2
                white + dark * 4 + white,                      # the underline
                white * 6]
        image = Image(6, 3, b"".join(rows))
        # The window at x 1 of the image, the frame at x 0 of the window: columns are content pixels.
        self.assertEqual(longest_dark_runs(image, Rect(1, 0, 0, 0), Rect(0, 0, 5, 3), 1),
                         [(2, 3, 0), (0, 3, 1)])


class TableTests(unittest.TestCase):
    def test_a_capability_fails_with_any_of_its_steps_and_is_skipped_only_when_all_were(self):
        results = {step: Result("passed") for step in STEPS}
        self.assertEqual(capability_status(results, "touch"), "passed")
        results["long-press"] = Result("failed", "no began")
        self.assertEqual(capability_status(results, "touch"), "failed")
        results["maximize"] = Result("skipped", "the compositor draws the title bar")
        self.assertEqual(capability_status(results, "decorations"), "passed")
        for step in (step for step, capability in STEPS.items() if capability == "touch"):
            results[step] = Result("skipped", "no route")
        self.assertEqual(capability_status(results, "touch"), "skipped")

    def test_a_documented_no_shows_as_no_and_a_failed_drag_still_as_failed(self):
        results = {step: Result("passed") for step in STEPS}
        self.assertEqual(capability_mark(results, "touch drag"), "yes")
        results["touch-drop"] = Result("passed", "the target never heard the finger's drag", mark="no")
        self.assertEqual(capability_mark(results, "touch drag"), "no")
        results["touch-drop"] = Result("failed", "documented as no, but the target heard it")
        self.assertEqual(capability_mark(results, "touch drag"), "FAILED")
        results["drop"] = Result("skipped", "the drag steps run at scale 1 only")
        self.assertEqual(capability_mark(results, "pointer drag"), "—")


class StateLogTests(unittest.TestCase):
    def test_a_step_does_not_see_lines_from_before_its_mark(self):
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "state"
            path.write_text("key 30 pressed\n")
            log = StateLog(path)
            log.mark()
            with path.open("a") as f:
                f.write("key 31 pressed\nkey 30 rel")     # the last line is not finished yet
            self.assertEqual(log.wait_for(r"key (\d+) pressed")[1], "31")
            self.assertEqual(log.since_mark(), ["key 31 pressed"])


class InjectorTests(unittest.TestCase):
    def test_an_error_answer_raises_with_the_injectors_reason(self):
        ours, theirs = socket.socketpair()
        with ours, theirs:
            theirs.sendall(b"ok\nerror no touch route\n")   # both answers arrive in one read
            injector = LineInjector(ours.fileno(), ours.fileno())
            injector.send("pointer frame")
            with self.assertRaises(InjectorError) as raised:
                injector.send("touch frame")
            self.assertEqual(raised.exception.reason, "no touch route")

    def test_an_injector_that_went_away_is_reported(self):
        ours, theirs = socket.socketpair()
        with ours:
            theirs.close()
            with self.assertRaises(InjectorError) as raised:
                LineInjector(ours.fileno(), ours.fileno()).send("key 30 pressed")
            self.assertIn(raised.exception.reason, ("the injector went away", "cannot write: [Errno 32] Broken pipe"))




class DragStepTests(unittest.TestCase):
    """A drag step that fails midway still releases its button or lifts its finger, so the next steps do not
    run with a button held (and a compositor drag grab)."""

    class Injector:
        def __init__(self):
            self.sent: list[str] = []

        def send_all(self, commands):
            self.sent += commands

    class Silent:
        """A state log in which nothing is ever reported."""
        def mark(self):
            pass

        def since_mark(self):
            return []

        def wait_for(self, pattern, timeout_s=0):
            raise TimeoutError(f"timed out waiting for {pattern!r}")

    def steps(self) -> DragSteps:
        lane = type("Lane", (), {"drag_steps": "", "scale": 1, "touch_drag": True, "title": "test"})()
        lane.injector = self.Injector()
        steps = DragSteps()
        steps.lane, steps.state, steps.source_state = lane, self.Silent(), self.Silent()
        steps.source, steps.window, steps.drop_point = Rect(0, 0, 200, 150), Rect(300, 0, 400, 300), (100, 100)
        steps.start_drag_source = lambda: None
        return steps

    def test_a_pointer_drag_that_never_lifts_still_releases_the_button(self):
        steps = self.steps()
        with self.assertRaises(TimeoutError):
            steps.pointer_drop()
        self.assertEqual(steps.lane.injector.sent[-2:], ["pointer button 272 released", "pointer frame"])

    def test_a_touch_drag_that_never_lifts_still_lifts_the_finger(self):
        steps = self.steps()
        with self.assertRaises(TimeoutError):
            steps.touch_drop()
        self.assertEqual(steps.lane.injector.sent[-2:], ["touch up 1", "touch frame"])


class PresentationLogTests(unittest.TestCase):
    def test_the_summary_gives_the_medians_of_the_frames_that_have_each_time(self):
        with tempfile.TemporaryDirectory() as directory:
            log = Path(directory) / "presentation.log"
            log.write_text("# input commit presented input-to-commit input-to-presented (seconds)\n"
                           "1.0 1.001 1.010 0.001000000 0.010000000\n"
                           "2.0 2.003 - 0.003000000 -\n"
                           "3.0 3.002 3.030 0.002000000 0.030000000\n"
                           "4.0 4.002 4.020 0.002000000 -\n")
            self.assertEqual(summary(log), "3 frames presented, 1 discarded; input→commit median 2.00 ms, "
                                           "input→presented median 20.00 ms (max 30.00 ms, 2 frames); "
                                           "1 presented frames without an input→presented time (the clocks differ)")

    def test_a_missing_log_says_why_there_are_no_times(self):
        self.assertTrue(summary(Path("/nonexistent/presentation.log")).startswith("no presentation log"))


if __name__ == "__main__":
    unittest.main()
