"""Interleaved rulecheck-explorer vs SPIN runs on Underwater War decks (see README.md beside this file).
usage: bench_uw.py N1 N2 ... [--rounds R] [--spin-only] [--sym | --both]

One JSON line per run, then a summary line per deck (to standard error, so the JSON stays
parseable): whether the state and transition counts agree in every round, and the explorer's CPU
over pan's, round by round: the search alone (the yardstick's figure) and the whole process (the
interpreter's start-up and exit included)."""
import json
import os
import subprocess
import sys
import time

PERF = os.path.dirname(os.path.abspath(__file__))
PY = os.environ.get("PYTHON", sys.executable)
sys.path.insert(0, PERF)
from decks import deck  # noqa: E402 (beside this script)


def run(cmd, cwd=None):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    return dict(out=out, rc=os.waitstatus_to_exitcode(status), wall=wall, cpu=ru.ru_utime + ru.ru_stime,
                maxrss_mb=ru.ru_maxrss / 1024)

def rulecheck(n, sym):
    args = [PY, f"{PERF}/explore_one.py", "underwater-war", "2", deck(n), "recommended"]
    args += [] if sym else ["--no-symmetry"]
    r = run(args)
    try:
        j = json.loads(r["out"].strip().splitlines()[-1])
    except Exception:
        return dict(error=r["out"][-400:])
    return dict(states=j["distinct"], transitions=j["transitions"], explore_cpu=j["cpu_s"], explore_wall=j["wall_s"],
                proc_cpu=round(r["cpu"], 3), proc_wall=round(r["wall"], 3), maxrss_mb=round(r["maxrss_mb"], 1),
                complete=j["complete"], violations=j["violations"])

def spin(n, sym, w):
    d = os.path.join(os.environ.get("SPIN_WORK", "spin-work"), f"n{n}{'s' if sym else ''}")
    os.makedirs(d, exist_ok=True)
    pml = os.path.abspath(os.path.join(d, f"uw_n{n}{'_symm' if sym else ''}.pml"))
    subprocess.run(["python3", f"{PERF}/gen_uw.py", deck(n), pml] + (["--symm"] if sym else []), check=True)
    a = run(["spin", "-a", pml], cwd=d)
    c = run(["gcc", "-w", "-O2", "-DSAFETY", "-DNOREDUCE", "-DMEMLIM=16000", "-o", "pan", "pan.c"], cwd=d)
    r = run(["./pan", "-m1000000", f"-w{w}"], cwd=d)
    o = r["out"]
    def grab(key):
        for line in o.splitlines():
            if key in line:
                return line.split()[0]
        return None
    with open(f"{d}/pan_out.txt", "w") as f:
        f.write(o)
    vec = [line for line in o.splitlines() if "State-vector" in line]
    # (the transitions from stored + matched: pan prints their sum itself with 8 digits past 1e8)
    return dict(states=int(grab("states, stored")),
                transitions=int(grab("states, stored")) + int(grab("states, matched")) - 1,
                errors=vec[0] if vec else o[-300:], depth_warn=("too small" in o),
                pan_mem_mb=float(grab("total actual memory usage")),
                spin_a_cpu=round(a["cpu"], 3), gcc_cpu=round(c["cpu"], 3), gcc_wall=round(c["wall"], 3),
                pan_cpu=round(r["cpu"], 3), pan_wall=round(r["wall"], 3), maxrss_mb=round(r["maxrss_mb"], 1))

def loadavg():
    with open("/proc/loadavg") as f:
        return f.read().split()[:3]

def wbits(n):
    return {4: 18, 5: 18, 6: 18, 7: 18, 8: 19, 9: 21, 10: 23, 11: 25, 12: 27, 13: 28}.get(n, 28)

def summary(n, sym, pairs):
    """One line for a deck: counts agreeing in every round, and the CPU ratios of each round."""
    if any("error" in ours for ours, _ in pairs):
        return f"{n} cards{' (symmetry)' if sym else ''}: the explorer failed: " + \
            next(ours["error"] for ours, _ in pairs if "error" in ours)
    agree = all((o["states"], o["transitions"]) == (t["states"], t["transitions"]) for o, t in pairs)
    search = ", ".join(f"{o['explore_cpu'] / t['pan_cpu']:.1f}x" for o, t in pairs)
    process = ", ".join(f"{o['proc_cpu'] / t['pan_cpu']:.1f}x" for o, t in pairs)
    o = pairs[0][0]
    return (f"{n} cards{' (symmetry)' if sym else ''}: {o['states']:,} states, {o['transitions']:,} transitions, "
            f"counts {'agree' if agree else 'DIFFER'}; explorer CPU / pan CPU: search {search}; "
            f"whole process {process}")

if __name__ == "__main__":
    rounds = 3
    ns = []
    args = sys.argv[1:]
    spin_only = "--spin-only" in args
    syms = [True] if "--sym" in args else ([False, True] if "--both" in args else [False])
    i = 0
    while i < len(args):
        if args[i] == "--rounds":
            rounds = int(args[i + 1])
            i += 2
            continue
        if not args[i].startswith("--"):
            ns.append(int(args[i]))
        i += 1
    for n in ns:
        for sym in syms:
            pairs = []
            for rnd in range(rounds):
                ours = None
                if not spin_only:
                    ours = dict(tool="rulecheck", n=n, deck=deck(n), sym=sym, round=rnd, load=loadavg(),
                                **rulecheck(n, sym))
                    print(json.dumps(ours), flush=True)
                theirs = dict(tool="spin", n=n, deck=deck(n), sym=sym, round=rnd, load=loadavg(), w=wbits(n),
                              **spin(n, sym, wbits(n)))
                print(json.dumps(theirs), flush=True)
                if ours is not None:
                    pairs.append((ours, theirs))
            if pairs:
                print(summary(n, sym, pairs), file=sys.stderr, flush=True)
