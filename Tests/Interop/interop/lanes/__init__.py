"""One module per compositor lane."""

from .kwin import KWinLane
from .mutter import MutterLane
from .sway import SwayImeLane, SwayLane
from .weston import WestonLane

ALL = [WestonLane, MutterLane, KWinLane, SwayLane, SwayImeLane]
