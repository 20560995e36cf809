"""Points, quadrilaterals and the homographies between a photo and a flat board.

Coordinates are (x, y) in pixels, x to the right and y down, as in the photo.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

Point = tuple[float, float]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Quad:
    """Four corners, clockwise from the top left as the photo shows them."""

    top_left: Point
    top_right: Point
    bottom_right: Point
    bottom_left: Point

    @classmethod
    def from_points(cls, points: Iterable[Sequence[float]]) -> Quad:
        """Four points in any order, named by where they lie.

        The corners go clockwise round the centre from the one nearest the photo's top left,
        so a quadrilateral turned up to 45 degrees either way is named as a person looking
        at the photo would name it.
        Raises ValueError unless exactly four points are given.
        """
        array = np.asarray([(float(p[0]), float(p[1])) for p in points], dtype=np.float64)
        if array.shape != (4, 2):
            raise ValueError(f"a quadrilateral needs 4 corners, got {len(array)}")
        centre = array.mean(axis=0)
        # Clockwise on screen (y down) is increasing angle; the cycle starts at the corner
        # nearest the photo's top left.
        clockwise = list(np.argsort(np.arctan2(array[:, 1] - centre[1], array[:, 0] - centre[0])))
        first = clockwise.index(int(np.argmin(array[:, 0] + array[:, 1])))
        order = clockwise[first:] + clockwise[:first]
        ordered = [(float(array[i, 0]), float(array[i, 1])) for i in order]
        return cls(ordered[0], ordered[1], ordered[2], ordered[3])

    def points(self) -> tuple[Point, Point, Point, Point]:
        """The corners clockwise from the top left."""
        return (self.top_left, self.top_right, self.bottom_right, self.bottom_left)

    def as_array(self) -> FloatArray:
        """A 4 x 2 array of the corners, clockwise from the top left."""
        return np.asarray(self.points(), dtype=np.float64)

    def scaled(self, factor: float) -> Quad:
        """The same quadrilateral in an image `factor` times as large."""
        return Quad(*((x * factor, y * factor) for x, y in self.points()))

    def turned(self, quarter_turns: int) -> Quad:
        """The same outline named from another corner: the one that is the top left once
        the board it outlines is turned `quarter_turns` counterclockwise (its top right
        for one turn)."""
        points = self.points()
        return Quad(*(points[(index + quarter_turns) % 4] for index in range(4)))

    def upright_turns(self) -> int:
        """The counterclockwise quarter turns of the photo that bring this outline's top
        edge (top left to top right) nearest to running left to right."""
        (x0, y0), (x1, y1) = self.top_left, self.top_right
        angle = float(np.degrees(np.arctan2(y1 - y0, x1 - x0)))  # y down: 90 is downwards
        return round(angle / 90) % 4

    def grown(self, factor: float) -> Quad:
        """The quadrilateral grown `factor` times about its corners' mean."""
        points = self.as_array()
        centre = points.mean(axis=0)
        return Quad.from_points(centre + (points - centre) * factor)

    @staticmethod
    def polygon_area(points: Sequence[Sequence[float]]) -> float:
        """A polygon's area by the shoelace formula (positive when clockwise on screen)."""
        xs, ys = np.asarray(points, dtype=np.float64).T
        return float(0.5 * (np.dot(xs, np.roll(ys, -1)) - np.dot(ys, np.roll(xs, -1))))

    def area(self) -> float:
        """Area by the shoelace formula (positive for a clockwise quadrilateral)."""
        return Quad.polygon_area(self.points())

    def is_convex(self) -> bool:
        """True when every turn goes the same way (a board's outline always does)."""
        array = self.as_array()
        edges = np.roll(array, -1, axis=0) - array
        turns = edges[:, 0] * np.roll(edges[:, 1], -1) - edges[:, 1] * np.roll(edges[:, 0], -1)
        return bool(np.all(turns > 0) or np.all(turns < 0))


#: The corners of a board in a photo: the outline of its grid of tiles, frame excluded.
Corners = Quad

#: The focal length taken, in image diagonals, when an outline cannot tell it (two of its
#: sides parallel in the photo): a phone's main camera, unzoomed, is near 0.6 of the
#: diagonal; zoomed or cropped photos are longer.
ASSUMED_FOCAL_LENGTH = 0.75
#: Focal lengths, in image diagonals, an outline's own estimate is believed between.
FOCAL_LENGTH_RANGE = (0.3, 3.0)


def seen_side_ratio(outline: Quad, image_size: tuple[int, int]) -> float:
    """Width over height of the rectangle that `outline` (in an image of `image_size`)
    is a photo of, seen through a pinhole camera aimed at the image's centre: a square
    board photographed from any side, tilted, turned or in steep perspective, comes out
    near 1.

    The two pairs of opposite sides meet at vanishing points that give the camera's focal
    length and, with it, the rectangle's true proportions (the method of Zhang and He's
    whiteboard scanner); where the sides are parallel in the photo, a usual focal length
    is assumed."""
    width, height = image_size
    diagonal = float(np.hypot(width, height))
    corners = outline.as_array() - (width / 2, height / 2)
    top_left, top_right, bottom_right, bottom_left = (np.append(point, 1.0) for point in corners)
    across_top = np.cross(top_left, bottom_right)
    denominator_right = float(np.dot(np.cross(top_right, bottom_right), bottom_left))
    denominator_left = float(np.dot(np.cross(bottom_left, bottom_right), top_right))
    if abs(denominator_right) < 1e-9 or abs(denominator_left) < 1e-9:
        return float(np.inf)  # three corners in line: no rectangle
    along_top = float(np.dot(across_top, bottom_left)) / denominator_right * top_right - top_left
    along_left = float(np.dot(across_top, top_right)) / denominator_left * bottom_left - top_left
    depth = along_top[2] * along_left[2]
    focal_squared = (ASSUMED_FOCAL_LENGTH * diagonal) ** 2
    if abs(depth) > 1e-12:
        estimate = -(along_top[0] * along_left[0] + along_top[1] * along_left[1]) / depth
        low, high = (diagonal * bound for bound in FOCAL_LENGTH_RANGE)
        if low**2 <= estimate <= high**2:
            focal_squared = estimate
    top_length = along_top[0] ** 2 + along_top[1] ** 2 + along_top[2] ** 2 * focal_squared
    left_length = along_left[0] ** 2 + along_left[1] ** 2 + along_left[2] ** 2 * focal_squared
    return float(np.sqrt(top_length / max(left_length, 1e-18)))


def homography(source: FloatArray, target: FloatArray) -> FloatArray:
    """The 3 x 3 projective map taking the four `source` points onto the four `target` points.

    Raises ValueError when three of the points are in line (no such map exists).
    """
    rows: list[list[float]] = []
    values: list[float] = []
    for (x, y), (u, v) in zip(source.tolist(), target.tolist(), strict=True):
        rows.append([x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y])
        values.append(u)
        rows.append([0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y])
        values.append(v)
    try:
        solution = np.linalg.solve(np.asarray(rows), np.asarray(values))
    except np.linalg.LinAlgError:
        raise ValueError("the four points do not make a quadrilateral") from None
    return np.append(solution, 1.0).reshape(3, 3)


def apply_homography(matrix: FloatArray, points: FloatArray) -> FloatArray:
    """The N x 2 `points` mapped through `matrix`."""
    homogeneous = np.column_stack([points, np.ones(len(points))]) @ matrix.T
    return homogeneous[:, :2] / homogeneous[:, 2:3]


def pillow_perspective_coefficients(output_to_input: FloatArray) -> tuple[float, ...]:
    """The eight numbers Pillow's PERSPECTIVE transform takes for a map from output pixels
    back to input pixels."""
    normalised = output_to_input / output_to_input[2, 2]
    return tuple(float(value) for value in normalised.flatten()[:8])
