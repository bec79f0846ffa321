#!/usr/bin/env python3
"""The SYCL-CTS result reader of run-cts.sh, for one category of a CTS build made outside this tree
(docs/conformance.md says how):

  cts.py category --build DIR --out DIR --category C --compiler CXX [--build-rc N]
                  [--build-seconds S] [--run-timeout S] [--case-timeout S] EXE...
  cts.py refresh-errors OUT    (re-read the first errors, case counts and skip reasons of OUT/*.json
                                from the logs and XML reports)
  cts.py cases REPORT.xml      (the test cases of one Catch2 XML report: name, result, detail)

For each test executable of the category: count its translation units (TUs, from the build's ninja
graph) and those that compiled (the failed ones are in OUT/<category>.build.log); run bin/<exe>, or
bin/<exe>.partial (linked from the TUs that compiled) when some failed, with a timeout, Catch2
writing XML; when the run hangs or aborts, run each test case alone with a shorter timeout. A
[!mayfail] or [!shouldfail] case whose checks fail counts as an expected failure (xfail), not a pass.
Writes OUT/<category>.json (read by table.py) and appends a line to OUT/summary.tsv.
The first compiler errors of each failed TU (at up to 8 distinct source lines) come from
OUT/<category>.build.log."""
import argparse, datetime, json, os, re, shlex, signal, subprocess, tempfile
import xml.etree.ElementTree as ET


def link_command(build, exe):
    """The tokens of ninja's link command for bin/<exe>."""
    lines = subprocess.run(['ninja', '-C', build, '-t', 'commands', f'bin/{exe}'], capture_output=True,
                           text=True).stdout.strip().splitlines()
    cmd = lines[-1] if lines else ''
    if '&&' in cmd:  # ": && c++ ... && :"
        cmd = cmd.split('&&')[1]
    return shlex.split(cmd)


def is_test_object(tok):
    return tok.endswith('.o') and 'main_function_object' not in tok


def build_errors(log):
    """{object path: [error lines]} for every FAILED: compile in a ninja build log."""
    errs, cur = {}, None
    if not os.path.exists(log):
        return errs
    for line in open(log, errors='replace'):
        m = re.match(r'FAILED: (\S+\.o)\s*$', line)
        if m:
            cur = m.group(1)
            errs[cur] = []
            continue
        if line.startswith(('FAILED:', 'ninja:', '[')):
            cur = None
        if cur and re.search(r'(^|\s)(fatal )?error: ', line):
            errs[cur].append(line.strip())
    return errs


def clean_error(line):
    """'file.h:12:3: error: message' with the path cut to its file name, weft::sycl:: to sycl::."""
    m = re.match(r'(\S+?):(\d+):(?:\d+:)? (?:fatal )?error: (.*)', line)
    if not m:
        return line[:300]
    msg = re.sub(r'weft::sycl::', 'sycl::', m.group(3))
    return f'{os.path.basename(m.group(1))}:{m.group(2)}: {msg}'[:300]


def first_errors(lines, n=8):
    """The first errors at n distinct source lines, those outside system headers (/usr/) first."""
    own = [line for line in lines if not line.startswith('/usr/')]
    out, seen = [], set()
    for line in own + [line for line in lines if line not in own]:
        e = clean_error(line)
        where = e.split(': ', 1)[0]
        if where not in seen:
            seen.add(where)
            out.append(e)
    return out[:n]


def failed_tus(log):
    return [{'tu': os.path.basename(o)[:-2], 'errors': first_errors(lines)} for o, lines in build_errors(log).items()]


def refresh_errors(out):
    """Re-read the first errors of every <category>.json in out from its build log."""
    for f in sorted(os.listdir(out)):
        if f.endswith('.json'):
            path = os.path.join(out, f)
            s = json.load(open(path))
            s['failed_tus'] = failed_tus(os.path.join(out, f"{s['category']}.build.log"))
            for e in s['executables']:  # and the case counts and skip reasons, from complete reports
                cases = parse_xml(os.path.join(out, e['name'] + ('.partial' if e['link'] == 'partial' else '') + '.xml'))
                if cases is not None:
                    count_cases(e, cases)
            s['cases'] = {k: sum(e['cases'].get(k, 0) for e in s['executables']) for k in CASE_KINDS}
            with open(path, 'w') as g:
                json.dump(s, g, indent=1)


def run(cmd, cwd, timeout, log):
    """Run cmd in its own process group; returns its exit code (-N: killed by signal N) or 'hang'."""
    with open(log, 'w') as f:
        p = subprocess.Popen(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            return p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            return 'hang'


def signal_name(rc):
    return signal.Signals(-rc).name if isinstance(rc, int) and rc < 0 else f'exit code {rc}'


def parse_xml(path):
    """[(case name, result, detail)] from a Catch2 XML report; None if it is incomplete."""
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, FileNotFoundError):
        return None
    if root.find('OverallResults') is None and root.find('OverallResultsCases') is None:
        return None
    cases = []
    for tc in root.iter('TestCase'):
        res = tc.find('OverallResult')
        ok = res is not None and res.get('success') == 'true'
        tags = tc.get('tags', '')
        may_fail = '!mayfail' in tags or '!shouldfail' in tags
        detail = ''
        for el in tc.iter():
            if el.tag == 'Expression' and el.get('success') == 'false':
                detail = (f"{os.path.basename(el.get('filename', ''))}:{el.get('line')}: "
                          f"{(el.findtext('Original') or '').strip()} "
                          f"[{(el.findtext('Expanded') or '').strip()}]")
                break
            if el.tag in ('Exception', 'FatalErrorCondition'):
                detail = (f"{el.tag} {os.path.basename(el.get('filename', ''))}:{el.get('line')}: "
                          f"{(el.text or '').strip()}")
                break
        # Catch2 reports a [!mayfail] or [!shouldfail] case whose checks failed as a success: it
        # is an expected failure (xfail), not a pass; a [!shouldfail] case that passed fails.
        if ok and int(res.get('skips', '0') or 0) > 0:
            result = 'skipped'
            skip = tc.find('.//Skip')
            detail = f"{os.path.basename(skip.get('filename', ''))}:{skip.get('line')}: " \
                     f"{(skip.text or '').strip()}" if skip is not None else ''
        elif may_fail and detail:
            result = 'xfail'
        elif ok:
            result = 'passed'
        else:
            result = 'failed'
            if '!shouldfail' in tags and not detail:
                detail = 'tagged [!shouldfail], but every check passed'
        cases.append((tc.get('name'), result, detail[:400]))
    return cases


def run_each_case(build, binary, log_base, timeout):
    """Run every test case of binary alone: [(name, result, detail)]. A case whose process is
    killed by a signal is an abort, even when its report was complete (a crash at exit)."""
    names = subprocess.run([binary, '--list-tests', '--verbosity', 'quiet'], cwd=build, capture_output=True,
                           text=True, timeout=120).stdout.splitlines()
    cases = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in filter(None, (n.strip() for n in names)):
            spec = re.sub(r'([\\,\[\]*])', r'\\\1', name)  # Catch2 test-spec escapes
            xml = os.path.join(tmp, 'case.xml')
            rc = run([binary, spec, '-r', f'xml::out={xml}'], build, timeout, log_base + '.case.log')
            parsed = parse_xml(xml) if rc != 'hang' else None
            if rc == 'hang':
                cases.append((name, 'hang', f'no result after {timeout} s'))
            elif parsed and not (isinstance(rc, int) and rc < 0):
                cases += parsed
            elif parsed:
                cases += [(n, 'failed' if res == 'failed' else 'abort',
                           (d + '; ' if d else '') + f'{res}, then {signal_name(rc)} at exit') for n, res, d in parsed]
            else:
                log = open(log_base + '.case.log', errors='replace').read().splitlines()
                last = next((line for line in reversed(log) if 'Assertion' in line or 'terminate' in line),
                            next((line for line in reversed(log) if line.strip()), ''))
                m = re.search(r'([\w.]+:\d+): .*(Assertion .*)', last)  # glibc's assert() message
                last = f'{m.group(1)}: {m.group(2)}' if m else last
                cases.append((name, 'abort', f'{signal_name(rc)}: {last.strip()}'[:300]))
            if os.path.exists(xml):
                os.remove(xml)
    return cases


def one_executable(a, exe, errors):
    toks = link_command(a.build, exe)
    objs = [t for t in toks if is_test_object(t)]
    failed = {o for o in objs if o in errors}
    have = [o for o in objs if o not in failed and os.path.exists(os.path.join(a.build, o))]
    r = {'name': exe, 'tus_total': len(objs), 'tus_compiled': len(have), 'left_out': [], 'link': 'none',
         'run': 'not-run', 'cases': {}, 'failed_cases': []}
    binary = os.path.join(a.build, 'bin', exe)
    if objs and len(have) == len(objs) and os.path.exists(binary) and \
            os.path.getmtime(binary) >= max(os.path.getmtime(os.path.join(a.build, o)) for o in have):
        r['link'] = 'full'
    elif have and os.path.exists(binary + '.partial'):  # linked, outside this tree, from the TUs that compiled
        binary += '.partial'
        r['link'] = 'partial'
    if r['link'] not in ('full', 'partial'):
        return r
    base = os.path.join(a.out, os.path.basename(binary))
    rc = run([binary, '-r', 'console', '-r', f'xml::out={base}.xml'], a.build, a.run_timeout, base + '.run.log')
    cases = parse_xml(base + '.xml') if rc != 'hang' and rc >= 0 else None
    r['run'] = 'ok' if cases is not None else 'hang' if rc == 'hang' else f'abort ({signal_name(rc)})'
    r['rc'] = rc
    if cases is None:  # it hung, crashed or left no complete report: one case at a time
        cases = run_each_case(a.build, binary, base, a.case_timeout)
    count_cases(r, cases)
    return r


CASE_KINDS = ('total', 'passed', 'failed', 'skipped', 'xfail', 'hang', 'abort')


def count_cases(r, cases):
    """An executable's case counts and its failed (xfail included) and skipped cases."""
    r['cases'] = {k: sum(1 for c in cases if c[1] == k) for k in CASE_KINDS[1:]}
    r['cases']['total'] = len(cases)
    r['failed_cases'] = [{'name': n, 'result': res, 'detail': d} for n, res, d in cases
                         if res not in ('passed', 'skipped')]
    r['skipped_cases'] = [{'name': n, 'detail': d} for n, res, d in cases if res == 'skipped']


def category(a):
    log = os.path.join(a.out, f'{a.category}.build.log')
    errors = build_errors(log)
    exes = [one_executable(a, e, errors) for e in a.exes]
    total = sum(e['tus_total'] for e in exes)
    compiled = sum(e['tus_compiled'] for e in exes)
    status = ('no-target' if not exes else 'timeout' if a.build_rc == 124 else
              'ok' if compiled == total and a.build_rc == 0 else 'failed')
    cases = {k: sum(e['cases'].get(k, 0) for e in exes) for k in CASE_KINDS}
    version = subprocess.run([a.compiler, '--version'], capture_output=True, text=True).stdout.splitlines()
    summary = {
        'category': a.category, 'compiler': a.compiler, 'compiler_version': version[0] if version else '',
        'weft_revision': os.environ.get('WEFT_REVISION', ''), 'weft_prefix': a.weft_prefix,
        'date': datetime.date.today().isoformat(),
        'build': {'status': status, 'seconds': a.build_seconds, 'tus_total': total, 'tus_compiled': compiled},
        'cases': cases, 'executables': exes,
        'failed_tus': failed_tus(log),
    }
    with open(os.path.join(a.out, f'{a.category}.json'), 'w') as f:
        json.dump(summary, f, indent=1)
    tsv = os.path.join(a.out, 'summary.tsv')
    if not os.path.exists(tsv):
        with open(tsv, 'w') as f:
            f.write('category\tcompiler\tbuild\tbuild_s\tTUs\tcases\tpassed\tfailed\tskipped\txfail\thang\tabort\n')
    line = (f"{a.category}\t{a.compiler}\t{status}\t{a.build_seconds}\t{compiled}/{total}\t" +
            '\t'.join(str(cases[k]) for k in ('total', 'passed', 'failed', 'skipped', 'xfail', 'hang', 'abort')))
    with open(tsv, 'a') as f:
        f.write(line + '\n')
    print(line, flush=True)


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    c = sub.add_parser('category')
    c.add_argument('--build', required=True)
    c.add_argument('--out', required=True)
    c.add_argument('--category', required=True)
    c.add_argument('--compiler', required=True)
    c.add_argument('--weft-prefix', default='')
    c.add_argument('--build-rc', type=int, default=0)
    c.add_argument('--build-seconds', type=int, default=0)
    c.add_argument('--run-timeout', type=int, default=600)
    c.add_argument('--case-timeout', type=int, default=60)
    c.add_argument('exes', nargs='*')
    x = sub.add_parser('cases', help='print the test cases of a Catch2 XML report: name, result, detail')
    x.add_argument('xml')
    r = sub.add_parser('refresh-errors', help='re-read the first errors of the summaries in OUT from the build logs, '
                       'and the case counts from the complete XML reports')
    r.add_argument('out')
    args = ap.parse_args()
    if args.cmd == 'refresh-errors':
        refresh_errors(args.out)
    elif args.cmd == 'cases':
        parsed = parse_xml(args.xml)
        if parsed is None:
            raise SystemExit(f'{args.xml}: not a complete Catch2 XML report')
        for name, result, detail in parsed:
            print(f'{name}\t{result}\t{detail}')
    else:
        args.build, args.out = os.path.abspath(args.build), os.path.abspath(args.out)
        category(args)
