"""How decode speed follows the thread count: a notebook's cells as one script.

    python3 thread_sweep.py [BUNDLE]     (without BUNDLE: a synthetic one in a temporary folder)

Needs pandas (Debian: python3-pandas).
"""

import sys
import tempfile

import pandas

import winml

# A bundle: the one named, or a synthetic one.
bundle = sys.argv[1] if len(sys.argv) > 1 else winml.bundle.synth(tempfile.mkdtemp() + "/bundle")

# Sweep the threads, as `winml perf --threads 1,2` would; the report is written to the cache
# folder (report.path), and progress lines come to the callback.
report = winml.perf.run(
    bundle,
    threads=[1, 2],
    max_new_tokens=32,
    iterations=5,
    warmup=1,
    progress=lambda e: e["event"] == "combination" and print(f"[{e['index']}/{e['total']}] {e['label']}"),
)
print("report:", report.path)

# One row per combination: the columns of `winml perf -f csv` (docs/formats.md, "Rows").
frame = pandas.DataFrame(winml.perf.rows(report))
columns = ["threads", "ttft_median_ms", "tpot_median_ms", "decode_rate_median_tokens_per_s", "peak_rss_bytes"]
print(frame[columns].to_string(index=False))
best = frame.loc[frame["decode_rate_median_tokens_per_s"].idxmax()]
print(f"fastest decode: {int(best['threads'])} threads, {best['decode_rate_median_tokens_per_s']:.0f} tokens/s")
