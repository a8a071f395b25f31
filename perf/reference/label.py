#!/usr/bin/env python3
"""The single-threaded reference labeler of the whole-process benchmarks.

What a person would otherwise write: Python's own sqlite3, one thread, one
connection per database (read-only), the gold and every candidate of a
candidate file (JSON Lines, Confide's format) executed and compared under the
Spider rule (test-suite-sql-eval's result_eq: two empty results are equal;
otherwise the same row count and width, and some column permutation makes the
rows equal as a multiset, or as a sequence when the gold has ORDER BY at its
top level), with the limits Confide applies (5 s per query, 10,000 rows).
Writes the candidate file with `correct` on each candidate, as `confide label`
does.

With --eval it also does what `confide eval` is measured against: each
question's modal candidate (the first of the largest group of equal
normalized texts) is its answer, and three signals of it (string and
execution self-consistency, executability) get a midrank AUROC with a 95%
percentile bootstrap interval over questions (numpy, B resamples, seeded).

Nothing here is imported by Confide; `npm run bench` times it as a process
beside `confide label` and `confide eval`.

    python3 perf/reference/label.py --bench ../shared/data/spider --candidates c.jsonl --out labeled.jsonl [--eval --bootstrap 1000]
"""
import argparse
import json
import os
import re
import sqlite3
import sys
import time

ROW_CAP = 10_000
TIMEOUT_S = 5.0

# Strings, quoted names and comments are skipped when looking for a top-level ORDER BY.
TOKEN = re.compile(r"'(?:[^']|'')*'?|\"(?:[^\"]|\"\")*\"?|`[^`]*`?|\[[^\]]*\]?|--[^\n]*|/\*.*?(?:\*/|$)|\w+|\S", re.S)


def has_order_by(sql):
    """ORDER BY at parenthesis depth 0 (a subquery's or a window's does not order the result)."""
    depth, previous = 0, ''
    for t in TOKEN.findall(sql):
        if t[0] in '\'"`[' or t.startswith('--') or t.startswith('/*'):
            previous = ''
            continue
        if t == '(':
            depth += 1
        elif t == ')':
            depth = max(0, depth - 1)
        word = t.upper()
        if depth == 0 and previous == 'ORDER' and word == 'BY':
            return True
        previous = word if t[0].isalnum() or t[0] == '_' else ''
    return False


def run(conn, sql):
    """(rows, None) or (None, error text); at most ROW_CAP rows, stopped after TIMEOUT_S."""
    deadline = time.monotonic() + TIMEOUT_S
    conn.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 100_000)
    try:
        cur = conn.execute(sql)
        return cur.fetchmany(ROW_CAP), None
    except Exception as e:  # any failure to execute makes the candidate incorrect
        return None, str(e)


def permutations_fitting(gold_cols, cand):
    """Column permutations of `cand` (as index tuples) whose every column's values lie in the matching gold column's set."""
    width = len(gold_cols)
    options = []
    for i in range(width):
        options.append([j for j in range(width) if all(row[j] in gold_cols[i] for row in cand[:100])])
    out = []

    def extend(prefix, used):
        if len(prefix) == width:
            out.append(tuple(prefix))
            return
        for j in options[len(prefix)]:
            if j not in used:
                used.add(j)
                prefix.append(j)
                extend(prefix, used)
                prefix.pop()
                used.discard(j)

    extend([], set())
    return out


def multiset(rows):
    counts = {}
    for r in rows:
        counts[r] = counts.get(r, 0) + 1
    return counts


def result_eq(gold, cand, ordered):
    """test-suite-sql-eval's result_eq."""
    if len(gold) == 0 and len(cand) == 0:
        return True
    if len(gold) != len(cand) or len(gold[0]) != len(cand[0]):
        return False
    width = len(gold[0])
    gold_cols = [{row[i] for row in gold} for i in range(width)]
    gold_counts = None if ordered else multiset(gold)
    for perm in permutations_fitting(gold_cols, cand):
        permuted = cand if perm == tuple(range(width)) else [tuple(row[j] for j in perm) for row in cand]
        if ordered:
            if permuted == gold:
                return True
        elif multiset(permuted) == gold_counts:
            return True
    return False


WS = re.compile(r'\s+')


def normalized(sql):
    return WS.sub(' ', sql.strip().rstrip(';').strip()).lower()


def result_key(rows):
    """Rows as an order-free key (execution clusters)."""
    return tuple(sorted(map(repr, rows)))


def auroc(scores, labels):
    """Midrank AUROC (ties count one half); nan with one class."""
    import numpy as np
    from scipy.stats import rankdata
    pos = labels.sum()
    neg = len(labels) - pos
    if pos == 0 or neg == 0:
        return float('nan')
    ranks = rankdata(scores)
    return (ranks[labels == 1].sum() - pos * (pos + 1) / 2) / (pos * neg)


def bootstrap(scores, labels, b, seed):
    """Percentile 95% interval of the AUROC over b resamples of questions."""
    import numpy as np
    from scipy.stats import rankdata
    rng = np.random.default_rng(seed)
    n = len(labels)
    idx = rng.integers(0, n, size=(b, n))
    y = labels[idx]
    ranks = rankdata(scores[idx], axis=1)
    pos = y.sum(axis=1)
    neg = n - pos
    keep = (pos > 0) & (neg > 0)
    a = ((ranks * y).sum(axis=1) - pos * (pos + 1) / 2)[keep] / (pos * neg)[keep]
    return float(np.quantile(a, 0.025)), float(np.quantile(a, 0.975))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--bench', required=True)
    ap.add_argument('--split', default='dev')
    ap.add_argument('--candidates', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--eval', action='store_true')
    ap.add_argument('--bootstrap', type=int, default=1000)
    ap.add_argument('--seed', type=int, default=1)
    a = ap.parse_args()

    with open(a.candidates, encoding='utf-8') as f:
        records = [json.loads(line) for line in f if line.strip()]
    # A record without gold takes the benchmark question's: by id (`<split>-<index>`), else by database and question text.
    golds = {}
    split = os.path.join(a.bench, f'{a.split}.json')
    if any('gold' not in r for r in records) and os.path.exists(split):
        with open(split, encoding='utf-8') as f:
            for i, q in enumerate(json.load(f)):
                golds[f'{a.split}-{i}'] = q.get('query')
                golds.setdefault((q.get('db_id'), q.get('question', '').strip()), q.get('query'))
    conns = {}
    out = []
    questions = []  # (y, string_sc, execution_sc, executability) per question with a modal answer
    labeled = correct = 0
    for r in records:
        path = os.path.join(a.bench, 'database', r['db_id'], r['db_id'] + '.sqlite')
        if not os.path.exists(path):
            continue
        conn = conns.get(r['db_id'])
        if conn is None:
            conn = sqlite3.connect(f'file:{path}?mode=ro', uri=True, check_same_thread=False)
            conn.text_factory = lambda b: b.decode(errors='replace')
            conns[r['db_id']] = conn
        gold = r.get('gold') or golds.get(r['id']) or golds.get((r['db_id'], r['question'].strip()))
        gold_rows, gold_error = run(conn, gold) if gold else (None, 'no gold')
        ordered = gold is not None and has_order_by(gold)
        cands = []
        results = []
        for c in r['candidates']:
            rows, error = run(conn, c['sql'])
            results.append(rows)
            c = dict(c)
            c.pop('correct', None)
            c.pop('exec_error', None)
            if gold_error is None:
                c['correct'] = rows is not None and result_eq(gold_rows, rows, ordered)
                labeled += 1
                correct += c['correct']
            if error is not None:
                c['exec_error'] = 'ERROR'
            cands.append(c)
        out.append({**r, 'candidates': cands})
        if a.eval and gold_error is None and cands:
            texts = [normalized(c['sql']) for c in cands]
            sizes = {}
            for t in texts:
                sizes[t] = sizes.get(t, 0) + 1
            modal = max(range(len(texts)), key=lambda i: (sizes[texts[i]], -i))
            n = len(cands)
            keys = [None if rows is None else result_key(rows) for rows in results]
            mine = keys[modal]
            questions.append((
                1 if cands[modal]['correct'] else 0,
                sizes[texts[modal]] / n,
                0.0 if mine is None else sum(k == mine for k in keys) / n,
                sum(k is not None for k in keys) / n,
            ))
    with open(a.out, 'w', encoding='utf-8') as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')
    print(f'labeled {labeled} candidates in {len(out)} questions: {correct} correct, {labeled - correct} incorrect -> {a.out}', file=sys.stderr)
    if a.eval:
        import numpy as np
        data = np.array(questions, dtype=float)
        y = data[:, 0].astype(int)
        for k, name in enumerate(['string_sc', 'execution_sc', 'executability'], start=1):
            lo, hi = bootstrap(data[:, k], y, a.bootstrap, a.seed)
            print(f'{name:14} AUROC {auroc(data[:, k], y):.3f} [{lo:.3f}, {hi:.3f}]  n={len(y)}')


if __name__ == '__main__':
    main()
