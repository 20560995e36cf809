"""The real photos beside the project (../shared/photos/real): each file with the board a
person read from it (truth.tsv). They are data kept outside the repository; whoever reads
them skips when the folder is absent."""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass
from pathlib import Path

from core.board import Board

#: Beside the project; SLIDECHECK_REAL_PHOTOS names the folder from elsewhere (a git
#: worktree outside the project's folder).
REAL_PHOTOS = Path(
    os.environ.get("SLIDECHECK_REAL_PHOTOS")
    or Path(__file__).resolve().parents[3].parent / "shared" / "photos" / "real"
)


@dataclass(frozen=True)
class RealPhoto:
    path: Path
    board: Board
    #: "physical" or "digital" (a screenshot of an app), as truth.tsv says.
    kind: str
    note: str


def real_photos(folder: Path = REAL_PHOTOS) -> list[RealPhoto]:
    """Every photo listed in the folder's truth.tsv, in its order; [] without one."""
    truth = folder / "truth.tsv"
    if not truth.is_file():
        return []
    with truth.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream, delimiter="\t"))
    return [
        RealPhoto(
            path=folder / row["file"],
            board=Board(
                int(row["width"]),
                int(row["height"]),
                tuple(int(tile) for tile in row["tiles"].split()),
            ),
            kind=row["kind"],
            note=row["note"],
        )
        for row in rows
    ]
