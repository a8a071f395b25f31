#!/usr/bin/env python3
"""Recomputes a `confide eval` report from its own two output files.

    node bin/confide.mjs eval --bench B --candidates C --json report.json --per-question questions.jsonl
    python3 scripts/recompute-report.py --report report.json --per-question questions.jsonl [--json checks.json]

Needs numpy and scipy only (tested with numpy 2.4 / scipy 1.17); imports
nothing from Confide. Every figure is recomputed from the per-question lines
(question i is line i) and the definitions in docs/evaluate.md:

- the half split and the cross-fit folds, re-drawn from `report.seeds` with
  the seeded generator (sfc32 with its state from splitmix32), against each
  line's `split` and `fold`;
- AUROC of every signal and of the combined score (Mann-Whitney U), and the
  combined score's ECE (10 equal-width bins);
- the bootstrap interval of every signal and of the combined score, from the
  resamples drawn off the documented stream;
- the selective table (the combined score and every signal);
- the distribution-free certificate (scipy.stats.beta.ppf);
- TrustSQL's reliability score RS(c) and its best operating point.

Prints one line per group of figures and exits 0 when every figure agrees
(within 0.005; RS, thresholds, counts, halves and folds exactly), 1 when one
does not, 2 when the input cannot be read (one line on stderr, never a
traceback), 130 when interrupted.

Its files are held to the CLI's standard (recompute_report_io.py): the inputs
are regular files under size caps (the report 256 MB, the per-question lines
256 MB), `--json` is checked before any work and written atomically, and the
work is bounded (at most 100,000 resamples and 50 million bootstrap draws).
"""
import argparse
import json
import math
import signal
import sys

from recompute_report_io import BadInput, check_output, read_input, write_atomic

# numpy and scipy, imported once the inputs and the output have passed their checks (load_numerics).
np = None
stats = None


def load_numerics():
    global np, stats
    try:
        import numpy
        from scipy import stats as scipy_stats
    except ImportError as missing:
        raise BadInput(f"needs numpy and scipy ({missing}); on Debian: apt-get install python3-numpy python3-scipy") from None
    np, stats = numpy, scipy_stats

TOLERANCE = 0.005
MAX_INPUT_BYTES = 256 * 2**20
MAX_RESAMPLES = 100_000
MAX_DRAWS = 50_000_000
M32 = 0xFFFFFFFF
TWO_32 = 1 << 32


# --- the seeded generator --------------------------------------------------------------
class Sfc32:
    """sfc32 (Doty-Humphrey's Small Fast Chaotic generator), its four words filled by
    splitmix32 from the seed (bits above 32 folded in), then 12 outputs discarded."""

    def __init__(self, seed):
        s = (seed & M32) ^ ((((seed >> 32) & M32) * 0x27D4EB2D) & M32)
        words = []
        for _ in range(4):
            s = (s + 0x9E3779B9) & M32
            z = s
            z = ((z ^ (z >> 16)) * 0x85EBCA6B) & M32
            z = ((z ^ (z >> 13)) * 0xC2B2AE35) & M32
            words.append((z ^ (z >> 16)) & M32)
        self.a, self.b, self.c, self.d = words
        for _ in range(12):
            self.uint32()

    def uint32(self):
        t = (self.a + self.b + self.d) & M32
        self.d = (self.d + 1) & M32
        self.a = self.b ^ (self.b >> 9)
        self.b = (self.c + (self.c << 3)) & M32
        self.c = ((self.c << 21) | (self.c >> 11)) & M32
        self.c = (self.c + t) & M32
        return t

    def below(self, n):
        """A uniform integer in [0, n): draws at or above the largest multiple of n are redrawn."""
        limit = TWO_32 - TWO_32 % n
        u = self.uint32()
        while u >= limit:
            u = self.uint32()
        return u % n

    def shuffle(self, items):
        """Fisher-Yates from the back: for i = len-1 … 1, swap i with below(i + 1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


# --- definitions ------------------------------------------------------------------------
def num(x):
    return math.nan if x is None else float(x)


def auroc(scores, y, weights=None):
    """Midrank AUROC (ties count one half) on the present scores; a weight repeats a question."""
    keep = ~np.isnan(scores)
    s, lab = scores[keep], y[keep]
    if weights is not None:
        w = weights[keep]
        s, lab = np.repeat(s, w), np.repeat(lab, w)
    n1 = int(lab.sum())
    n0 = len(lab) - n1
    if n1 == 0 or n0 == 0:
        return math.nan
    ranks = stats.rankdata(s)
    u = ranks[lab == 1].sum() - n1 * (n1 + 1) / 2
    return u / (n1 * n0)


def ece(p, y):
    bins = np.minimum(np.floor(10 * p), 9).astype(int)
    total = 0.0
    for b in range(10):
        m = bins == b
        if m.any():
            total += m.sum() / len(p) * abs(y[m].mean() - p[m].mean())
    return total


def selective(cal_s, cal_y, test_s, test_y, target):
    """Lowest calibration threshold with selective risk <= target, measured on the test half."""
    keep = ~np.isnan(cal_s)
    cs, cy = cal_s[keep], cal_y[keep]
    chosen = None
    for t in sorted(set(cs.tolist()), reverse=True):
        answered = cs >= t
        if (1 - cy[answered]).sum() / answered.sum() <= target:
            chosen = t
    if chosen is None:
        return {"none": True}
    present = ~np.isnan(test_s)
    answered = present & (np.nan_to_num(test_s, nan=-np.inf) >= chosen)
    k = int(answered.sum())
    wrong = int((1 - test_y[answered]).sum())
    n = int(present.sum())
    return {"none": False, "threshold": chosen, "answered": k, "coverage": k / n if n else math.nan, "risk": wrong / k if k else math.nan}


def certificate(p, y, delta, targets):
    grid = [(i + 1) / 100 for i in range(99)]
    level = delta / len(grid)
    bounds = []
    for t in grid:
        answered = p >= t
        m = int(answered.sum())
        k = int((1 - y[answered]).sum())
        upper = 1.0 if k == m else float(stats.beta.ppf(1 - level, k + 1, m - k))
        bounds.append((t, m, k, upper))
    out = []
    for target in targets:
        valid = [b for b in bounds if b[1] > 0 and b[3] <= target]
        if not valid:
            out.append({"target": target, "certified": False})
            continue
        t, m, k, upper = max(valid, key=lambda b: (b[1], -b[0]))
        out.append({"target": target, "certified": True, "threshold": t, "answered": m, "coverage": m / len(p), "risk": k / m, "upper": upper})
    return out


def counts(p, y, threshold):
    """(answered, wrong) of "answer when P >= threshold"; None answers nothing."""
    if threshold is None:
        return 0, 0
    answered = np.nan_to_num(p, nan=-np.inf) >= threshold
    return int(answered.sum()), int((1 - y[answered]).sum())


def rs(answered, wrong, n, c):
    """TrustSQL's reliability score: +1 right, -c wrong, 0 abstained, mean over n."""
    return ((answered - wrong) - c * wrong) / n


def best_rs(p, y, c):
    """The threshold with the best RS(c): answer nothing (0) unless a distinct score does better."""
    best_t, best_v = None, rs(0, 0, len(p), c)
    for t in sorted(set(p[~np.isnan(p)].tolist()), reverse=True):
        a, w = counts(p, y, t)
        v = rs(a, w, len(p), c)
        if v > best_v:
            best_t, best_v = t, v
    return best_t


# --- comparing --------------------------------------------------------------------------
class Checks:
    def __init__(self):
        self.rows = []

    def add(self, group, name, reported, recomputed, exact=False):
        r, c = reported, recomputed
        if isinstance(r, (int, float)) and isinstance(c, (int, float)) and not isinstance(r, bool) and not isinstance(c, bool):
            r, c = float(r), float(c)
            if math.isnan(r) or math.isnan(c):
                ok, diff = math.isnan(r) and math.isnan(c), 0.0
            else:
                diff = abs(r - c)
                ok = r == c if exact else diff <= TOLERANCE
        else:
            ok, diff = r == c, 0.0
        self.rows.append({"group": group, "name": name, "reported": clean(r), "recomputed": clean(c), "diff": diff, "exact": exact, "ok": bool(ok)})


def clean(x):
    if isinstance(x, float) and math.isnan(x):
        return None
    if isinstance(x, (np.floating, np.integer)):
        return x.item()
    return x


class OneLineParser(argparse.ArgumentParser):
    def error(self, message):
        print(f"recompute-report: {message} (see --help)", file=sys.stderr)
        sys.exit(2)


def parse_json(text, what):
    try:
        return json.loads(text)
    except RecursionError:
        raise BadInput(f"{what} is nested too deeply to be a confide eval file") from None
    except ValueError as e:
        raise BadInput(f"{what} is not valid JSON ({e})") from None


def field(report, path, kind, check=None, want=None):
    """report[a][b]… for `path` "a.b", of `kind` (a type or tuple of types; never a bool for a number), passing `check`."""
    value = report
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            raise BadInput(f"the report has no {path!r}: pass the report confide eval --json wrote")
        value = value[part]
    numeric = kind in (int, float) or (isinstance(kind, tuple) and int in kind)
    if not isinstance(value, kind) or (numeric and isinstance(value, bool)) or (check is not None and not check(value)):
        got = type(value).__name__ if not isinstance(value, (int, float, str)) or isinstance(value, bool) else json.dumps(value)[:40]
        raise BadInput(f"the report's {path} must be {want} (got {got})")
    return value


def check_shape(report, lines):
    """The fields the recomputation reads, with their types and bounds, before any work."""
    if not isinstance(report, dict):
        raise BadInput("--report is not a confide eval report (not a JSON object)")
    for i, q in enumerate(lines):
        if not isinstance(q, dict) or not isinstance(q.get("signals"), dict) or not isinstance(q.get("correct"), bool):
            raise BadInput(f"--per-question line {i + 1} is not a per-question line of confide eval (an object with correct and signals)")
    whole = lambda lo, hi=2**53: (lambda v: lo <= v <= hi)  # noqa: E731
    n = field(report, "n_questions", int, whole(0), "a whole number")
    for key in ("seeds", "selective", "certificate", "reliability_score"):
        if key not in report:
            raise BadInput(f"the report has no {key!r}: write it with a confide eval that reports it")
    for key in ("split", "folds", "bootstrap"):
        field(report, f"seeds.{key}", int, whole(0), "a whole number")
    field(report, "combiner.folds", int, whole(1), "a whole number of folds, at least 1")
    field(report, "combiner.group", (str, type(None)), None, "a field name or null")
    b = field(report, "bootstrap.B", int, whole(1, MAX_RESAMPLES), f"a whole number of resamples from 1 to {MAX_RESAMPLES:,}")
    if b * n > MAX_DRAWS:
        raise BadInput(f"the report's bootstrap.B ({b:,}) × {n:,} questions is {b * n:,} draws; the limit is {MAX_DRAWS:,}")
    field(report, "bootstrap.level", (int, float), lambda v: 0 < v < 1, "a number between 0 and 1")
    signals = field(report, "signals", dict, None, "an object of signal name → figures")
    for name, figures in signals.items():
        field(report, f"signals.{name}.ci", list, lambda v: len(v) == 2, "a list of two numbers")
    field(report, "selective", list, None, "a list of rows")
    field(report, "selective_by_signal", dict, lambda v: set(v) <= set(signals), "an object of signal name → rows, for signals the report has")
    field(report, "certificate.targets", list, None, "a list of rows")
    field(report, "certificate.delta", (int, float), lambda v: 0 < v < 1, "a number between 0 and 1")
    field(report, "reliability_score.entries", list, None, "a list of rows")
    field(report, "reliability_score.best", dict, None, "an object")
    if lines and ("split" not in lines[0] or "fold" not in lines[0]):
        raise BadInput("the per-question lines carry no split/fold: write them with a confide eval that reports them")


def main():
    ap = OneLineParser(description=__doc__.split("\n")[0])
    ap.add_argument("--report", required=True, help="the report written by confide eval --json")
    ap.add_argument("--per-question", required=True, help="the lines written by confide eval --per-question")
    ap.add_argument("--json", help="write every check as JSON here")
    args = ap.parse_args()
    try:
        out = check_output(args.json, [args.report, args.per_question]) if args.json else None
        report = parse_json(read_input(args.report, "--report", MAX_INPUT_BYTES), f"--report {args.report}")
        text = read_input(args.per_question, "--per-question", MAX_INPUT_BYTES)
        lines = [parse_json(line, f"--per-question {args.per_question} line {i + 1}") for i, line in enumerate(text.split("\n")) if line.strip()]
        check_shape(report, lines)
        load_numerics()
    except BadInput as e:
        print(f"recompute-report: {e}", file=sys.stderr)
        return 2
    try:
        checks = recompute(report, lines)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError, ZeroDivisionError, OverflowError, RecursionError) as e:
        print(f"recompute-report: the report and the per-question lines do not fit together ({type(e).__name__}: {e}); pass the two files one confide eval run wrote", file=sys.stderr)
        return 2
    return summarize(checks, out)


def recompute(report, lines):
    """Every check, in report order."""
    n = len(lines)
    if report["n_questions"] != n:
        raise ValueError(f"the report has {report['n_questions']} questions, the per-question file {n} lines")
    checks = Checks()
    y = np.array([1 if q["correct"] else 0 for q in lines])
    combined = np.array([num(q["combined"]) for q in lines])
    names = list(report["signals"].keys())
    columns = {name: np.array([num(q["signals"].get(name)) for q in lines]) for name in names}
    scorers = {**columns, "combined": combined}
    seeds = report["seeds"]

    # The half split and the folds, re-drawn.
    perm = Sfc32(seeds["split"]).shuffle(list(range(n)))
    drawn_cal = set(perm[: n // 2])
    checks.add("split", "calibration half re-drawn", [i for i in range(n) if lines[i]["split"] == "calibration"], sorted(drawn_cal), exact=True)
    comb = report["combiner"]
    if comb["group"] is None:
        fold = [0] * n
        for pos, q in enumerate(Sfc32(seeds["folds"]).shuffle(list(range(n)))):
            fold[q] = pos % comb["folds"]
    else:
        first = {}
        fold = [first.setdefault(q[comb["group"]], len(first)) for q in lines]
    checks.add("folds", "folds re-drawn", [q["fold"] for q in lines], fold, exact=True)
    # The figures below read the halves from the lines themselves.
    cal = np.array([i for i in range(n) if lines[i]["split"] == "calibration"], dtype=int)
    test = np.array([i for i in range(n) if lines[i]["split"] != "calibration"], dtype=int)

    # AUROC, ECE.
    for name, col in scorers.items():
        rep = report["signals"][name]["auroc"] if name != "combined" else comb["auroc"]
        checks.add("auroc", name, num(rep), auroc(col, y))
    checks.add("ece", "combined", num(comb["ece"]), ece(combined, y))

    # The bootstrap: resample b is n draws below(n) of the stream seeded by the first
    # output of the bootstrap seed's stream; percentiles (type 7) over resamples where
    # both classes have weight.
    B, level = report["bootstrap"]["B"], report["bootstrap"]["level"]
    stream = Sfc32(Sfc32(seeds["bootstrap"]).uint32())
    reps = {name: np.empty(B) for name in scorers}
    for b in range(B):
        w = np.bincount([stream.below(n) for _ in range(n)], minlength=n)
        for name, col in scorers.items():
            reps[name][b] = auroc(col, y, w)
    tail = (1 - level) / 2
    for name, r in reps.items():
        lo, hi = np.quantile(r[~np.isnan(r)], [tail, 1 - tail], method="linear")
        ci = report["signals"][name]["ci"] if name != "combined" else comb["ci"]
        checks.add("bootstrap", f"{name} CI low", num(ci[0]), lo)
        checks.add("bootstrap", f"{name} CI high", num(ci[1]), hi)

    # The selective table.
    tables = {"combined": report["selective"], **report["selective_by_signal"]}
    mine_combined = {}
    for name, rows in tables.items():
        col = scorers[name]
        for row in rows:
            t = row["target_risk"]
            mine = selective(col[cal], y[cal], col[test], y[test], t)
            if name == "combined":
                mine_combined[t] = mine
            label = f"{name} target {t}"
            checks.add("selective", f"{label} none", bool(row.get("none", False)), mine["none"], exact=True)
            if not mine["none"] and not row.get("none", False):
                checks.add("selective", f"{label} threshold", row["threshold"], mine["threshold"], exact=True)
                checks.add("selective", f"{label} answered", row["answered"], mine["answered"], exact=True)
                checks.add("selective", f"{label} coverage", num(row["coverage"]), mine["coverage"])
                checks.add("selective", f"{label} risk", num(row["risk"]), mine["risk"])

    # The certificate.
    cert = report["certificate"]
    checks.add("certificate", "n_test", cert["n_test"], len(test), exact=True)
    for row, mine in zip(cert["targets"], certificate(combined[test], y[test], cert["delta"], [r["target"] for r in cert["targets"]])):
        label = f"target {row['target']}"
        checks.add("certificate", f"{label} certified", row["certified"], mine["certified"], exact=True)
        if row["certified"] and mine["certified"]:
            checks.add("certificate", f"{label} threshold", row["threshold"], mine["threshold"], exact=True)
            for key in ("coverage", "risk", "upper"):
                checks.add("certificate", f"{label} {key}", num(row[key]), mine[key])

    # RS(c) on the test half, at each target's threshold (recomputed above) and at the best RS(10).
    rsr = report["reliability_score"]
    nt = len(test)
    costs = list(dict.fromkeys([0, 10, nt]))  # 10 once when the test half has 10 questions
    checks.add("reliability", "costs", rsr["costs"], costs, exact=True)
    for e in rsr["entries"]:
        mine = mine_combined.get(e["target_risk"])
        threshold = None if mine is None or mine["none"] else mine["threshold"]
        a, w = counts(combined[test], y[test], threshold)
        label = f"target {e['target_risk']} c={e['c']}"
        checks.add("reliability", f"{label} threshold", e["threshold"], threshold, exact=True)
        checks.add("reliability", f"{label} RS", num(e["value"]), rs(a, w, nt, e["c"]), exact=True)
    checks.add("reliability", "entries", len(rsr["entries"]), len(costs) * len(report["selective"]), exact=True)
    best = rsr["best"]
    threshold = best_rs(combined[cal], y[cal], 10)
    a, w = counts(combined[test], y[test], threshold)
    checks.add("reliability", "best RS(10) threshold", best["threshold"], threshold, exact=True)
    checks.add("reliability", "best RS(10) coverage", num(best["coverage"]), a / nt)
    checks.add("reliability", "best RS(10) risk", num(best["risk"]), w / a if a else math.nan)
    checks.add("reliability", "best RS(10) RS", num(best["value"]), rs(a, w, nt, 10), exact=True)
    for e in best["by_cost"]:
        checks.add("reliability", f"best RS(10) at c={e['c']}", num(e["value"]), rs(a, w, nt, e["c"]), exact=True)
    ca, cw = counts(combined[cal], y[cal], threshold)
    checks.add("reliability", "best RS(10) calibration RS", num(best["calibration"]["value"]), rs(ca, cw, len(cal), 10), exact=True)
    return checks


def summarize(checks, json_out):
    """Prints one line per group of figures and every disagreement; 0 when all agree, else 1."""
    groups = {}
    for r in checks.rows:
        g = groups.setdefault(r["group"], {"n": 0, "failed": 0, "max_diff": 0.0})
        g["n"] += 1
        g["failed"] += 0 if r["ok"] else 1
        g["max_diff"] = max(g["max_diff"], r["diff"])
    print(f"{'figures':<12} {'checked':>7} {'failed':>6} {'max |diff|':>11}")
    for g, v in groups.items():
        print(f"{g:<12} {v['n']:>7} {v['failed']:>6} {v['max_diff']:>11.2e}")
    failed = [r for r in checks.rows if not r["ok"]]
    for r in failed:
        print(f"DISAGREES {r['group']}: {r['name']}: report {r['reported']}, recomputed {r['recomputed']}")
    if json_out:
        try:
            write_atomic(json_out, json.dumps({"numpy": np.__version__, "scipy": __import__("scipy").__version__, "tolerance": TOLERANCE, "checks": checks.rows}, indent=1))
        except OSError as e:
            print(f"recompute-report: --json {json_out} could not be written ({e.strerror}); nothing was written", file=sys.stderr)
            return 2
    if failed:
        print(f"{len(failed)} of {len(checks.rows)} figures disagree")
        return 1
    print(f"all {len(checks.rows)} figures agree (within {TOLERANCE}; RS, thresholds, counts, halves and folds exactly)")
    return 0


def run():
    """main, with every failure in one line: Ctrl-C and SIGTERM end it without a temporary file left."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        return main()
    except KeyboardInterrupt:
        print("recompute-report: interrupted; no output was written", file=sys.stderr)
        return 130
    except MemoryError:
        print("recompute-report: out of memory; the inputs are larger than this machine can check", file=sys.stderr)
        return 2
    except Exception as e:  # a bug: one line, never a traceback
        print(f"recompute-report: an internal error stopped the script ({type(e).__name__}: {e}); please report it", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(run())
