# summarize.py DIR: the medians of kr.log and sb.log in DIR (summary.txt)
import re,collections,sys,statistics as st
d=collections.defaultdict(list); cur=None
for l in open(sys.argv[1]+'/kr.log'):
    m=re.match(r'== (\S+) c(\d+) r(\d) (\S+)',l)
    if m: cur=m.groups(); continue
    m=re.match(r'(\w+) cf1 ([\d.]+) cf4 ([\d.]+) cf8 ([\d.]+)',l)
    if m and cur:
        for cf,v in zip((1,4,8),m.groups()[1:]): d[(cur[1],f"{m.group(1)}_cf{cf}",cur[0][3:])].append(float(v))
name=None
for l in open(sys.argv[1]+'/sb.log'):
    m=re.match(r'== (\S+) c(\d+) r(\d)',l)
    if m: cur=m.groups(); continue
    m=re.search(r'Results for KernelReduction_(\S+?)_plus_(cf\d)\*',l)
    if m: name=m.group(1)+"_"+m.group(2); continue
    m=re.match(r'run-time-median: ([\d.]+)',l)
    if m: d[(cur[1],"SB_"+name,cur[0][3:])].append(float(m.group(1))*1e3)
bins=["gcc","clang","plugin-old","plugin-new"]
for cpus in ("16","2"):
    print(f"--- {cpus} CPUs (ms: median of rounds [min-max]); ratio gcc/new, old/new")
    keys=sorted({k[1] for k in d if k[0]==cpus}, key=lambda s:(s.startswith('SB'), s.split('_')[-2] if s.startswith('SB') else s.split('_')[0], s))
    for n in keys:
        row=[d.get((cpus,n,b),[]) for b in bins]
        med=[st.median(r) if r else float('nan') for r in row]
        print("%-16s"%n+"".join("%8.2f [%5.2f-%5.2f]"%(m,min(r),max(r)) if r else "   -   " for m,r in zip(med,row))+"   %5.2f %5.2f"%(med[0]/med[3], med[2]/med[3]))
