"""The statistics of a balance report, written out so each is short and tested.

* :func:`wilson`: the Wilson score interval of a proportion (good at small n and near 0/1,
  where the plain "p ± 1.96·se" interval is not).
* :func:`binomial_test`: the exact two-sided binomial test of k successes in n against p
  (the sum of the probabilities of outcomes no more likely than k: R's ``binom.test``).
* :func:`two_proportion_test`: the pooled two-proportion z-test (normal approximation).
* :func:`fisher_exact`: Fisher's exact test of a 2x2 table (R's ``fisher.test``).
* :func:`proportions_test`: the z-test where every expected count is 5 or more, else Fisher's
  (Cochran's rule: a tech three players owned is not a normal sample).
* :func:`holm` and :func:`benjamini_hochberg`: adjusted p-values for many tests at once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution
#: The significance level a result must reach after correction to be marked.
ALPHA = 0.05


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of ``successes`` out of ``n``; (0, 1) if n = 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # None of n (all of n) has the bound 0 (1) exactly; the arithmetic leaves some 1e-17.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return low, high


def binomial_test(successes: int, n: int, p: float) -> float:
    """Exact two-sided binomial test p-value of ``successes`` in ``n`` trials against ``p``."""
    if n <= 0:
        return 1.0
    if p <= 0.0 or p >= 1.0:
        return 1.0 if successes == round(p * n) else 0.0
    observed = _log_pmf(successes, n, p)
    # Outcomes no more likely than the observed one (a relative tolerance, as R uses).
    limit = observed + math.log1p(1e-7)
    total = sum(math.exp(lp) for k in range(n + 1) if (lp := _log_pmf(k, n, p)) <= limit)
    return min(1.0, total)


def _log_pmf(k: int, n: int, p: float) -> float:
    return (
        math.lgamma(n + 1)
        - math.lgamma(k + 1)
        - math.lgamma(n - k + 1)
        + k * math.log(p)
        + (n - k) * math.log1p(-p)
    )


def two_proportion_test(k1: float, n1: int, k2: float, n2: int) -> float:
    """Two-sided p-value that two proportions are equal (pooled z-test; 1 if undefined)."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (k1 + k2) / (n1 + n2)
    variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if variance <= 0:
        return 1.0
    z = abs(k1 / n1 - k2 / n2) / math.sqrt(variance)
    return math.erfc(z / math.sqrt(2))


#: The expected count in every cell of the 2x2 table at which the z-test is trusted.
SMALLEST_EXPECTED = 5


def fisher_exact(k1: float, n1: int, k2: float, n2: int) -> float:
    """Two-sided p-value of Fisher's exact test of k1 of n1 against k2 of n2 (the counts
    rounded to whole numbers; the sum of the tables with the same margins no more likely
    than the observed one)."""
    a, c = round(k1), round(k2)
    if n1 <= 0 or n2 <= 0:
        return 1.0
    total, successes = n1 + n2, a + c
    low, high = max(0, n1 - (total - successes)), min(successes, n1)

    def log_p(x: int) -> float:
        return (
            _log_choose(successes, x)
            + _log_choose(total - successes, n1 - x)
            - _log_choose(total, n1)
        )

    limit = log_p(a) + math.log1p(1e-7)
    p = sum(math.exp(lp) for x in range(low, high + 1) if (lp := log_p(x)) <= limit)
    return min(1.0, p)


def _log_choose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def proportions_test(k1: float, n1: int, k2: float, n2: int) -> float:
    """Two-sided p-value that two proportions are equal: the pooled z-test when every cell
    of the 2x2 table expects at least :data:`SMALLEST_EXPECTED`, Fisher's exact test when not."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (k1 + k2) / (n1 + n2)
    smallest = min(n1, n2) * min(pooled, 1 - pooled)
    if smallest >= SMALLEST_EXPECTED:
        return two_proportion_test(k1, n1, k2, n2)
    return fisher_exact(k1, n1, k2, n2)


def difference_interval(
    k1: float, n1: int, k2: float, n2: int, z: float = Z95
) -> tuple[float, float]:
    """A 95% interval for p1 - p2 (Newcombe's hybrid of two Wilson intervals)."""
    if n1 <= 0 or n2 <= 0:
        return -1.0, 1.0
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return low, high


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values (controls the chance of any false alarm)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def benjamini_hochberg(pvalues: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (controls the share of false alarms)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i], reverse=True)
    adjusted = [1.0] * m
    running = 1.0
    for position, i in enumerate(order):
        rank = m - position
        running = min(running, pvalues[i] * m / rank)
        adjusted[i] = min(1.0, running)
    return adjusted


# -- paired samples: the same seeds with and without a card (``simulate --ablate``) ----------


def mcnemar_exact(gained: int, lost: int) -> float:
    """Two-sided p-value of McNemar's exact test of a paired 2x2 table by its discordant
    cells: ``gained`` pairs a success only with the card, ``lost`` only without (McNemar,
    Psychometrika 12, 1947; exact: the binomial test of ``gained`` in ``gained + lost``
    against 1/2)."""
    return binomial_test(gained, gained + lost, 0.5)


def paired_proportion_interval(
    gained: int, lost: int, n: int, z: float = Z95
) -> tuple[float, float]:
    """A 95% interval for the difference of two paired proportions (with minus without),
    Agresti and Min's adjusted Wald interval: half a pair added to each of the four cells
    (Biometrics 61, 2005; better at small n than the plain Wald interval)."""
    if n <= 0:
        return -1.0, 1.0
    m, b, c = n + 2, gained + 0.5, lost + 0.5
    d = (b - c) / m
    half = z * math.sqrt(max(0.0, (b + c) - (b - c) ** 2 / m)) / m
    return max(-1.0, d - half), min(1.0, d + half)


def paired_t(differences: Sequence[float]) -> tuple[float, float, float, float]:
    """The paired t-test of ``differences`` (one a pair) against a mean of 0: (mean, low,
    high, p) with the 95% interval of the mean (Student's t on n - 1 degrees of freedom).
    All differences equal: the interval is that value, and p is that of the exact sign test
    (2 x 0.5^n: n pairs all on one side), 1 when they are 0. The t-test has no p there;
    calling it 0 made two pairs of equal difference "significant" (explain --games 2)."""
    n = len(differences)
    if n == 0:
        return 0.0, 0.0, 0.0, 1.0
    mean = sum(differences) / n
    if n == 1:
        return mean, -math.inf, math.inf, 1.0
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    if variance == 0:
        return mean, mean, mean, 1.0 if mean == 0 else min(1.0, 2 * 0.5**n)
    se = math.sqrt(variance / n)
    df = n - 1
    half = t_quantile(0.975, df) * se
    p = 2 * (1 - t_cdf(abs(mean) / se, df))
    return mean, mean - half, mean + half, min(1.0, max(0.0, p))


def t_cdf(t: float, df: int) -> float:
    """Student's t distribution function with ``df`` degrees of freedom, through the
    regularised incomplete beta function: P(T <= t) = 1 - I_x(df/2, 1/2)/2 for t >= 0 with
    x = df / (df + t^2) (Abramowitz and Stegun 26.7.1)."""
    x = df / (df + t * t)
    tail = 0.5 * _incomplete_beta(df / 2, 0.5, x)
    return 1 - tail if t >= 0 else tail


def t_quantile(p: float, df: int) -> float:
    """The ``p`` point of Student's t with ``df`` degrees of freedom (bisection on
    :func:`t_cdf`; to 1e-10)."""
    low, high = -1e3, 1e3
    for _ in range(200):
        middle = (low + high) / 2
        if t_cdf(middle, df) < p:
            low = middle
        else:
            high = middle
        if high - low < 1e-10:
            break
    return (low + high) / 2


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b), by its continued fraction
    (Press et al., Numerical Recipes, 3rd ed., 6.4: ``betai`` and ``betacf``)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz's method)."""
    tiny, qab, qap, qam = 1e-300, a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):  # fmt: skip
            d = 1 + aa * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 3e-16:
            break
    return h
