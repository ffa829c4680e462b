"""The report's statistics against values computed by hand or by R."""

from __future__ import annotations

import math

import pytest
from whitedwarf.interpreter.simulation import stats


def test_wilson_interval_matches_the_textbook_value() -> None:
    # 8 of 20 at 95%: R's prop.test(8, 20, correct=FALSE)$conf.int = 0.2188 0.6134
    low, high = stats.wilson(8, 20)
    assert low == pytest.approx(0.2188, abs=1e-4)
    assert high == pytest.approx(0.6134, abs=1e-4)
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_wilson_interval_of_none_or_all_holds_its_rate_exactly() -> None:
    """0 of 24 has the bound 0 exactly (it was 5.6e-17, above the rate 0, and a god the
    agents never kept broke the report's own check that an interval holds its rate)."""
    for n in range(1, 200):
        assert stats.wilson(0, n)[0] == 0.0 and stats.wilson(n, n)[1] == 1.0


def _binomial_by_definition(k: int, n: int, p: float) -> float:
    pmf = [math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)]
    return sum(x for x in pmf if x <= pmf[k] * (1 + 1e-7))


def test_exact_binomial_test_matches_its_definition_and_r() -> None:
    for k, n, p in ((7, 20, 0.25), (0, 12, 0.25), (40, 100, 0.25), (3, 9, 0.5)):
        assert stats.binomial_test(k, n, p) == pytest.approx(_binomial_by_definition(k, n, p))
    # R: binom.test(15, 20, 0.5)$p.value = 0.04139
    assert stats.binomial_test(15, 20, 0.5) == pytest.approx(0.04139, abs=1e-5)
    assert stats.binomial_test(5, 20, 0.25) == pytest.approx(1.0)


def test_two_proportion_test_and_equal_proportions() -> None:
    # 0.6 against 0.3 of 50 each: pooled 0.45, z = 0.3 / sqrt(0.45 * 0.55 * 0.04) = 3.015
    assert stats.two_proportion_test(30, 50, 15, 50) == pytest.approx(0.002569, abs=1e-5)
    assert stats.two_proportion_test(10, 40, 10, 40) == 1.0


def test_holm_and_benjamini_hochberg_match_r_p_adjust() -> None:
    p = [0.01, 0.04, 0.03, 0.5]
    # R: p.adjust(p, "holm") = 0.04 0.09 0.09 0.5; p.adjust(p, "BH") = 0.04 0.0533 0.0533 0.5
    assert stats.holm(p) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert stats.benjamini_hochberg(p) == pytest.approx([0.04, 0.04 * 4 / 3, 0.04 * 4 / 3, 0.5])


def test_fisher_exact_matches_the_textbook_tables() -> None:
    # The lady tasting tea, 3 of 4 against 1 of 4: 34/70 (R: fisher.test 0.4857).
    assert stats.fisher_exact(3, 4, 1, 4) == pytest.approx(34 / 70)
    # Dieting: 1 of 12 men against 9 of 12 women; R's fisher.test gives 0.002759.
    assert stats.fisher_exact(1, 12, 9, 12) == pytest.approx(0.002759, abs=1e-6)
    assert stats.fisher_exact(2, 5, 2, 5) == pytest.approx(1.0)


def test_small_counts_are_tested_exactly_and_large_ones_by_z() -> None:
    # 3 of 4 owners won against 10 of 40 others: a cell expects 13/44 * 4 = 1.2 < 5.
    assert stats.proportions_test(3, 4, 10, 40) == pytest.approx(stats.fisher_exact(3, 4, 10, 40))
    assert stats.proportions_test(3, 4, 10, 40) != pytest.approx(
        stats.two_proportion_test(3, 4, 10, 40)
    )
    assert stats.proportions_test(30, 50, 15, 50) == stats.two_proportion_test(30, 50, 15, 50)


def test_student_t_matches_the_printed_tables() -> None:
    # The 97.5% points of t for 1, 9 and 100 degrees of freedom (any table of t).
    assert stats.t_quantile(0.975, 1) == pytest.approx(12.7062, abs=1e-4)
    assert stats.t_quantile(0.975, 9) == pytest.approx(2.2622, abs=1e-4)
    assert stats.t_quantile(0.975, 100) == pytest.approx(1.9840, abs=1e-4)
    assert stats.t_cdf(0.0, 5) == pytest.approx(0.5)


def test_the_paired_t_test_of_a_worked_example() -> None:
    # Differences 1, 2, 3, 4, 5, -1: mean 7/3, sd 2.160, t = 2.646 on 5 df, p = 0.0457
    # (R: t.test(c(1,2,3,4,5,-1))).
    mean, low, high, p = stats.paired_t([1, 2, 3, 4, 5, -1])
    assert mean == pytest.approx(7 / 3)
    assert (low, high) == (pytest.approx(0.0663, abs=1e-4), pytest.approx(4.6004, abs=1e-4))
    assert p == pytest.approx(0.0457, abs=1e-4)
    assert stats.paired_t([0, 0, 0])[3] == 1.0


def test_equal_differences_are_as_significant_as_the_sign_test_says() -> None:
    """Two games with the card both 1 light up: no spread, so no t-test; the sign test's
    p is 2 x 0.5^2 = 0.5, not the 0 that named the card among the strongest (explain
    --games 2); twelve such pairs are significant (2 x 0.5^12 = 0.00049)."""
    assert stats.paired_t([1.0, 1.0]) == (1.0, 1.0, 1.0, 0.5)
    assert stats.paired_t([-2.0] * 12)[3] == 2 * 0.5**12


def test_mcnemar_and_the_paired_interval() -> None:
    # 10 pairs won only with, 2 only without: R's binom.test(10, 12) p = 0.03857.
    assert stats.mcnemar_exact(10, 2) == pytest.approx(0.03857, abs=1e-5)
    assert stats.mcnemar_exact(3, 3) == 1.0
    low, high = stats.paired_proportion_interval(10, 2, 40)
    assert 0 < low < 0.2 < high < 0.4
    assert stats.paired_proportion_interval(0, 0, 0) == (-1.0, 1.0)
