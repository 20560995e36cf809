"""The quantity no slide changes the parity of, said as a line a solution player can show.

Read from a `Verdict`, so the numbers are the rule's own: on an odd width the inversion
count; on an even width the inversions plus the blank's row from the bottom; on a board one
tile wide or high the inversions themselves, which no slide changes at all.
"""

from __future__ import annotations

from core.rule import Rule, Verdict


def invariant_total(verdict: Verdict) -> int:
    """The number whose parity every slide keeps, for the rule deciding `verdict`."""
    if verdict.rule is Rule.EVEN_WIDTH:
        return verdict.inversions + verdict.blank_row_from_bottom
    return verdict.inversions


def invariant_sum_text(verdict: Verdict) -> str:
    """'31 inversions + blank row 3 = 34, even' (even width), '12 inversions, even' (odd)."""
    inversions = verdict.inversions
    counted = f"{inversions:,} inversion{'' if inversions == 1 else 's'}"
    total = invariant_total(verdict)
    parity = "even" if total % 2 == 0 else "odd"
    if verdict.rule is Rule.EVEN_WIDTH:
        return f"{counted} + blank row {verdict.blank_row_from_bottom} = {total:,}, {parity}"
    return f"{counted}, {parity}"


def invariant_line(verdict: Verdict, start: Verdict) -> str:
    """The invariant at one position compared with the start's: '... = 34, even, as at the
    start' (every legal slide keeps it so; 'unlike at the start' would mean a broken
    replay)."""
    same = invariant_total(verdict) % 2 == invariant_total(start) % 2
    return f"{invariant_sum_text(verdict)}, {'as' if same else 'unlike'} at the start"
