"""Blend2D's side of tactile-raster-bench: replays the benchmark's scene content with blend2d-py.

The benchmark starts this program, sends it each scene's content (the shapes its fixed seeds made) and
then asks for one timed round at a time, interleaved with its own engines. It speaks lines on stdin and
stdout:

    scene WIDTH HEIGHT      starts a scene; content lines follow, then "end"
      all R G B A           the whole image replaced by a colour (components 0-255, not premultiplied)
      rect X Y W H R G B A  a filled rectangle, source-over
      circle X Y R R G B A  a filled circle
      poly X0 Y0 X1 Y1 ... R G B A
                            a filled polygon, nonzero
    draw                    one round: prints "SECONDS OVERHEAD"
    dump PATH               writes the last picture's pixels (premultiplied ARGB32, rows top down)
    quit

SECONDS is the thread CPU time of drawing the scene on a white image, filled once right before (as the
benchmark fills its own engines' targets). OVERHEAD is the time of the same loop with the same binding
calls on empty geometry (zero-size rects and circles, an empty path), timed first and without a fill:
the cost of the Python loop and the binding's calls, which the benchmark subtracts.
"""

import sys
import time

import blend2d


def parse(line):
    kind, *numbers = line.split()
    values = [float(v) for v in numbers]
    colour = tuple(int(v) for v in values[-4:])
    return kind, values[:-4], colour


class Scene:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.items = []
        self.image = blend2d.Image(width, height)

    def add(self, line):
        kind, geometry, colour = parse(line)
        if kind == "poly":
            path = blend2d.Path()
            path.move_to(geometry[0], geometry[1])
            for i in range(2, len(geometry), 2):
                path.line_to(geometry[i], geometry[i + 1])
            path.close()
            geometry = path
        self.items.append((kind, geometry, colour))

    def context(self, empty):
        # Only the drawing's round fills the image, once, as every engine's target is filled once
        # right before its timed part: a second fill (the empty round's) made the drawing after it up
        # to twice as fast, the frame's lines then being in nearer caches. The empty round touches no
        # pixel.
        ctx = blend2d.Context(self.image)
        if not empty:
            ctx.set_comp_op(blend2d.CompOp.SRC_COPY)
            ctx.set_fill_style_rgba(255, 255, 255, 255)
            ctx.fill_all()
        ctx.set_comp_op(blend2d.CompOp.SRC_OVER)
        return ctx

    def play(self, empty):
        ctx = self.context(empty)
        blank = blend2d.Path()
        start = time.thread_time()
        for kind, g, (r, gr, b, a) in self.items:
            ctx.set_fill_style_rgba(r, gr, b, a)
            if kind == "rect":
                ctx.fill_rect(g[0], g[1], 0.0 if empty else g[2], 0.0 if empty else g[3])
            elif kind == "circle":
                ctx.fill_circle(g[0], g[1], 0.0 if empty else g[2])
            elif kind == "poly":
                ctx.fill_path(blank if empty else g)
            elif empty:
                ctx.fill_rect(0.0, 0.0, 0.0, 0.0)
            else:
                ctx.set_comp_op(blend2d.CompOp.SRC_COPY)
                ctx.fill_all()
                ctx.set_comp_op(blend2d.CompOp.SRC_OVER)
        ctx.end()
        return time.thread_time() - start


def main():
    scene = None
    for line in sys.stdin:
        command, _, rest = line.strip().partition(" ")
        if command == "scene":
            width, height = (int(v) for v in rest.split())
            scene = Scene(width, height)
            for content in sys.stdin:
                if content.strip() == "end":
                    break
                scene.add(content)
            print("ok", flush=True)
        elif command == "draw":
            overhead = scene.play(empty=True)
            seconds = scene.play(empty=False)
            print(f"{seconds:.9f} {overhead:.9f}", flush=True)
        elif command == "dump":
            with open(rest, "wb") as f:
                f.write(bytes(scene.image.memoryview()))
            print("ok", flush=True)
        elif command == "quit":
            return
        else:
            print(f"error unknown command {command!r}", flush=True)


if __name__ == "__main__":
    print("ready", blend2d.version(), flush=True)
    main()
