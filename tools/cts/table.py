#!/usr/bin/env python3
"""Turn the per-category summaries of run-cts.sh (<category>.json, one folder per compiler) into
the Markdown conformance table: per category and compiler, TUs compiled / total and test cases
passed / failed / skipped, then the failures grouped by cause (compile errors: the first errors
of each failed TU, matched against tools/cts/causes.txt; run failures: the failing test cases).

usage: table.py [--causes FILE] [--update FILE.md] SUMMARY...
  SUMMARY  a <category>.json or a folder of them (BUILD_DIR/weft-results)
  --update replace the text between '<!-- cts-table begin -->' and '<!-- cts-table end -->'
           in FILE.md; without it the table goes to standard output.
  --name   the table's name in those markers (default cts-table), for a document of several tables."""
import argparse, collections, glob, json, os, re, sys

MARKERS = '<!-- {} begin -->', '<!-- {} end -->'


def load(paths):
    """{compiler: {category: summary}}"""
    runs = collections.defaultdict(dict)
    for p in paths:
        for f in sorted(glob.glob(os.path.join(p, '*.json'))) if os.path.isdir(p) else [p]:
            s = json.load(open(f))
            runs[s['compiler']][s['category']] = s
    return runs


def load_causes(path):
    """[(regex, cause)] from lines 'REGEX<TAB>cause' ('#' starts a comment)."""
    causes = []
    for line in open(path) if path and os.path.exists(path) else []:
        if line.strip() and not line.startswith('#'):
            rx, cause = line.rstrip('\n').split('\t', 1)
            causes.append((re.compile(rx), cause.strip()))
    return causes


def causes_of(errors, causes):
    """Every known cause among a TU's errors, in the order of causes.txt; else its first error."""
    found = [cause for rx, cause in causes if any(rx.search(e) for e in errors)]
    return found or ['not yet classified: `' + (errors[0] if errors else 'no error line in the log').replace('`', "'") + '`']


def cell(s):
    """'TUs | passed | failed | skipped' cells of one category for one compiler."""
    if s is None:
        return ['not run'] + [''] * 3
    b, c = s['build'], s['cases']
    if b['status'] == 'no-target':
        return ['no target'] + [''] * 3
    tus = f"{b['tus_compiled']}/{b['tus_total']}"
    if b['status'] == 'timeout':
        tus += ' (build timed out)'
    elif b['tus_compiled'] == b['tus_total'] and c['failed'] + c['hang'] + c['abort'] == 0:
        tus = f'**{tus}**'
    if not c['total'] and not any(e['link'] in ('full', 'partial') for e in s['executables']):
        return [tus, '-', '-', '-']
    failed = str(c['failed'])
    extra = [f"{c[k]} {k}" for k in ('hang', 'abort', 'xfail') if c[k]]
    if extra:
        failed += ' (+' + ', '.join(extra) + ')'
    return [tus, str(c['passed']), failed, str(c['skipped'])]


def table(runs, causes):
    compilers = sorted(runs, key=lambda c: (not c.startswith('g++'), c))  # g++ first
    cats = sorted({c for comp in compilers for c in runs[comp]})
    out = []
    meta = sorted({(s['compiler_version'], s['weft_revision'], s['date']) for r in runs.values() for s in r.values()})
    for version, rev, date in meta:
        out.append(f'- {version}; Weft {rev or "(revision not recorded)"}; {date}')
    out.append('')
    out.append('| category | ' + ' | '.join(f'{c}: TUs | passed | failed | skipped' for c in compilers) + ' |')
    out.append('|---|' + '---:|' * 4 * len(compilers))
    for cat in cats:
        out.append(f'| {cat} | ' + ' | '.join(' | '.join(cell(runs[c].get(cat))) for c in compilers) + ' |')
    tot = []
    for c in compilers:
        r = runs[c].values()
        clean = sum(1 for s in r if s['build']['tus_compiled'] == s['build']['tus_total'] > 0 and
                    s['cases']['failed'] + s['cases']['hang'] + s['cases']['abort'] == 0)
        t = lambda k: sum(s['cases'][k] for s in r)
        failed = str(t('failed') + t('hang') + t('abort')) + (f" (+{t('xfail')} xfail)" if t('xfail') else '')
        tot += [f"{sum(s['build']['tus_compiled'] for s in r)}/{sum(s['build']['tus_total'] for s in r)} "
                f'({clean} of {len(r)} categories clean)', str(t('passed')), failed, str(t('skipped'))]
    out.append('| **total** | ' + ' | '.join(tot) + ' |')
    out += ['', 'TUs: translation units that compiled / all of the category; **bold**: all compile and no test '
            'case fails. Test cases are Catch2 test cases of the full executable, or of the partial one linked '
            'from the TUs that compiled. xfail: expected failures, cases the CTS tags `[!mayfail]` or '
            '`[!shouldfail]` whose checks failed (Catch2 reports them as successes); they are not counted as '
            'passed and are listed below.', '']

    # compile failures grouped by cause
    groups = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
    examples = {}
    for comp in compilers:
        for cat, s in runs[comp].items():
            for tu in s['failed_tus']:
                for cause in causes_of(tu['errors'], causes):
                    groups[cause][comp][cat] += 1
                    rx = next((r for r, c in causes if c == cause), None)
                    examples.setdefault(cause, next((e for e in tu['errors'] if rx and rx.search(e)), tu['tu']))
    out.append('### Compile failures by cause')
    out.append('')
    out.append('Failed TUs per compiler and category, under every known cause (`tools/cts/causes.txt`) among '
               'their errors (the first error at each of up to 8 source lines), so one TU can count under '
               'several causes; a TU whose errors match none is listed with its first error.')
    out.append('')
    order = sorted(groups, key=lambda g: (g.startswith('not yet'), -sum(sum(v.values()) for v in groups[g].values())))
    for g in order:
        parts = []
        for comp in compilers:
            n = sum(groups[g][comp].values())
            if n:
                where = ', '.join(f'{c} {k}' for c, k in sorted(groups[g][comp].items(), key=lambda x: -x[1]))
                parts.append(f'{comp} {n} ({where})')
        out.append(f'- {g}: ' + '; '.join(parts) + '.')
        if not g.startswith('not yet'):
            out.append(f'  Example: `{examples[g][:220]}`')
    if not groups:
        out.append('- none')
    out.append('')

    # run failures, grouped by their first failing assertion
    out.append('### Failing, hanging and aborting test cases')
    out.append('')
    out.append('Grouped by category, outcome and first failing assertion (or the crash), '
               'with the number of test cases per compiler and one of them.')
    out.append('')
    fails = collections.OrderedDict()
    for comp in compilers:
        for cat, s in runs[comp].items():
            for e in s['executables']:
                for f in e['failed_cases']:
                    if f['result'] != 'xfail':
                        where = f['detail'].split(' [', 1)[0].replace('`', "'")[:200]  # without Catch2's expansion
                        threw = re.search(r"with code: '(\w+)'", f['detail'])
                        if threw:
                            where += f' (it threw errc::{threw.group(1)})'
                        crash = re.search(r'then (SIG\w+) at exit', f['detail'])
                        if crash:
                            where += f', then {crash.group(1)} at exit'
                        fails.setdefault((cat, f['result'], where), {}).setdefault(comp, []).append(f['name'])
    merged = collections.OrderedDict()  # the same assertion, reported a few lines apart by g++ and clang
    for (cat, result, where), per in fails.items():
        m = re.match(r'([^:]*):(\d+):(.*)', where)
        near = [k for k in merged if m and k[:2] == (cat, result) and not set(per) & set(merged[k]) and
                re.match(re.escape(m.group(1)) + r':(\d+):' + re.escape(m.group(3)) + '$', k[2]) and
                abs(int(re.match(r'[^:]*:(\d+):', k[2]).group(1)) - int(m.group(2))) <= 3]
        merged.setdefault(near[0] if near else (cat, result, where), {}).update(per)
    for (cat, result, where), per in sorted(merged.items(), key=lambda x: x[0][0]):
        counts = ', '.join(f'{comp} {len(n)}' for comp, n in per.items())
        first = next(iter(per.values()))[0]
        out.append(f'- {cat}: **{result}** ({counts})' + (f' at `{where}`' if where else '') + f', e.g. "{first}"')
    if not fails:
        out.append('- none')
    xfails = collections.OrderedDict()
    for comp in compilers:
        for cat, s in runs[comp].items():
            for e in s['executables']:
                for f in e['failed_cases']:
                    if f['result'] == 'xfail':
                        where = f['detail'].split(' [', 1)[0].replace('`', "'")[:200]
                        xfails.setdefault((cat, f['name'], where), []).append(comp)
    out += ['', '### Expected failures', '',
            'Cases tagged `[!mayfail]` or `[!shouldfail]` by the CTS whose checks failed, with the first '
            'failing check.', '']
    for (cat, name, where), comps in sorted(xfails.items()):
        out.append(f'- {cat}: "{name}" ({", ".join(comps)})' + (f' at `{where}`' if where else ''))
    if not xfails:
        out.append('- none')
    skips = collections.OrderedDict()
    for comp in compilers:
        for cat, s in runs[comp].items():
            for e in s['executables']:
                for k in e.get('skipped_cases', []):
                    skips.setdefault((cat, re.sub(r'^[^ ]*:\d+: ', '', k['detail'])), collections.Counter())[comp] += 1
    out += ['', '### Skipped test cases', '']
    for (cat, why), per in sorted(skips.items()):
        out.append(f'- {cat}: ' + ', '.join(f'{c} {n}' for c, n in per.items()) + f': {why or "(no reason given)"}')
    if not skips:
        out.append('- none')
    return '\n'.join(out) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--causes', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), 'causes.txt'))
    ap.add_argument('--update')
    ap.add_argument('--name', default='cts-table')
    ap.add_argument('summaries', nargs='+')
    a = ap.parse_args()
    text = table(load(a.summaries), load_causes(a.causes))
    if not a.update:
        sys.stdout.write(text)
        return
    doc = open(a.update).read()
    BEGIN, END = (m.format(a.name) for m in MARKERS)
    if BEGIN not in doc or END not in doc:
        sys.exit(f'{a.update}: no {BEGIN} ... {END} markers')
    head, rest = doc.split(BEGIN, 1)
    open(a.update, 'w').write(head + BEGIN + '\n' + text + END + rest.split(END, 1)[1])


if __name__ == '__main__':
    main()
