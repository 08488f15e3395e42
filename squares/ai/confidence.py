"""How sure an estimate of a win rate is: the Wilson score interval.

>>> [round(x, 4) for x in wilson(50, 100)]
[0.4038, 0.5962]
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
