import re,sys,collections
# == build threads round binary ; then google benchmark lines "name  time unit  cpu unit iters"
d=collections.defaultdict(list)
cur=None
for fn in sys.argv[1:]:
  for line in open(fn):
    m=re.match(r'== (\w+) (\d+) r(\d+) (\S+)',line)
    if m: cur=(m.group(1),int(m.group(2))); continue
    m=re.match(r'^(\S+)\s+([\d.]+) (ns|us|ms|s)\s+[\d.]+ \w+\s+\d+',line)
    if m and cur:
      t=float(m.group(2))*{'ns':1e-6,'us':1e-3,'ms':1,'s':1e3}[m.group(3)]
      d[(m.group(1),cur[1])].append((cur[0],t))
rows=[]
for (name,thr),v in d.items():
  o=[t for b,t in v if b=='old']; n=[t for b,t in v if b=='new']
  if o and n: rows.append((thr,name,min(o),min(n),min(o)/min(n)))
for thr in (16,2):
  print("threads",thr)
  for r in sorted([r for r in rows if r[0]==thr],key=lambda r:r[4]):
    print("  %-60s old %9.4f new %9.4f ms  old/new %.2f"%(r[1],r[2],r[3],r[4]))
