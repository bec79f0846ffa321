"""Draws a real trace with weft-trace-png and checks that a PNG came out.

python3 check_png.py <weft-trace-png> <trace.json> <out.png>; exits 77 (CTest: skipped)
where this interpreter cannot import matplotlib.
"""
import os
import subprocess
import sys

tool, trace, png = sys.argv[1:4]
try:
    import matplotlib  # noqa: F401
except ImportError:
    print("matplotlib is not importable: weft-trace-png not tested (install python3-matplotlib)")
    sys.exit(77)
if os.path.exists(png):
    os.remove(png)
subprocess.run([sys.executable, tool, trace, "-o", png], check=True)
with open(png, "rb") as f:
    head = f.read(8)
size = os.path.getsize(png)
if head != b"\x89PNG\r\n\x1a\n" or size < 10000:
    sys.exit(f"weft-trace-png wrote no PNG image ({size} bytes, header {head!r})")
print(f"{png}: {size} bytes")
