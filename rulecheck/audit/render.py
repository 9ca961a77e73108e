"""``AUDIT.md``: the report rendered as Markdown (deterministic: no timings).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rulecheck import __version__
from rulecheck.findings import SEVERITIES

if TYPE_CHECKING:  # pragma: no cover

    from rulecheck.audit.report import AuditReport


def config_text(c: Mapping[str, Any]) -> str:
    """A configuration as one line: ``chomp standard 3p deck tiny``."""
    changed = "".join(f", {rid} = {option}" for rid, option in sorted(dict(c.get("choices") or {}).items()))
    return f"{c['game']} {c['variant']} {c['players']}p deck {c['deck']}{changed}"


def _full_deck_markdown(w: Callable[[str], None], report: AuditReport) -> None:
    """What the findings say about the real game: per kind, how many are confirmed on the full
    deck, refuted there, or so far seen with a reduced deck only (:mod:`rulecheck.check.full_deck`)."""
    from rulecheck.audit.jobs import TARGETED_GAMES
    from rulecheck.check.full_deck import STATUSES

    counts = report.summary().get("full_deck")
    if not counts:
        return
    w("## The full deck")
    w("")
    w("Each finding made on a reduced deck is looked for with the full deck of its game and player count, "
      "in the seeded full-deck games (and, for a ruling point, rule or loop they miss, in up to "
      f"{TARGETED_GAMES:,} more per configuration): *confirmed* (found there, or its ruling point met there, "
      "its loop gone round there, or its readings shown to differ there: the step is named, and "
      "`rulecheck simulate` with that seed plays the game), *refuted* (a claim that something never happens, "
      "contradicted by a full-deck game), *small deck only* (neither yet; nothing is proved impossible on the "
      "full deck: the errata hold these back), or *text* (a claim about the books alone).")
    w("")
    w("| kind | " + " | ".join(STATUSES) + " |")
    w("|---|" + "---:|" * len(STATUSES))
    for kind, per in counts.items():
        w(f"| {kind} | " + " | ".join(str(per.get(st, "")) for st in STATUSES) + " |")
    w("")
    for status in ("refuted", "small deck only"):
        mine = [f for f in report.findings if f.data.get("full_deck", {}).get("status") == status]
        if mine:
            w(f"{status.capitalize()}:")
            w("")
            for f in mine:
                w(f"- `{f.id}` ({f.severity}): {_md_escape(f.title)}; {_md_escape(f.data['full_deck']['how'])}")
            w("")


def _fairness_markdown(w: Callable[[str], None], report: AuditReport) -> None:
    """The fairness assumption of each game's cycle check, and the loops it rules out."""
    assumed = {f.game: f.data["fairness"] for f in report.findings if f.data.get("fairness")}
    if not assumed:
        return
    w("## Fairness")
    w("")
    w("A loop counts as play that goes on forever only if it keeps the game's fairness assumption; one "
      "that needs a move the assumption rules out every time round is listed here (severity info) and "
      "left out of the errata.")
    w("")
    for game, text in sorted(assumed.items()):
        w(f"- {game}: {_md_escape(text)}.")
    w("")
    unfair = [f for f in report.findings if f.data.get("fair") is False]
    if unfair:
        w("Loops only without it:")
        w("")
        for f in unfair:
            w(f"- `{f.id}`: {_md_escape(f.title)}")
        w("")


def _ending_markdown(w: Callable[[str], None], report: AuditReport) -> None:
    """How play ends (:mod:`rulecheck.check.ending`): per configuration searched completely,
    surely, with probability 1 or not; what the seeded full-deck games showed; and Underwater War
    with a fixed return order (:mod:`rulecheck.check.war_loops`)."""
    from rulecheck.check.war_loops import ENDED, LOOP, SCHEDULE, STEP_LIMIT

    rows = [(c["config"], run["ending"]) for c in report.configurations
            for run in [c.get("chosen", c.get("raw", {}))] if "ending" in run]
    if not rows and not report.fixed_order:
        return
    w("## Ending")
    w("")
    if rows:
        w(f"Whether play ends, under `{report.ruleset}`. Say chance moves by its probabilities (deals, shuffles), "
          "every race outcome or choice that keeps the fairness assumption above is made with a probability of at "
          "least some fixed ε > 0 each time, whatever happened before, and a move it rules out with any probability. "
          "Play then ends with probability 1, whatever those probabilities, exactly when from every reachable state "
          "an end can be reached by chance outcomes and fair moves: *every play ends* (no loop), *every fair play "
          "ends* (each loop needs "
          "a move the assumption rules out), *ends with probability 1* (plays can go round a loop for ever, but "
          "with probability 0), *not with probability 1* (some reachable states can reach no end: a trap).")
        w("")
        w("| configuration | verdict | states | on fair loops | can reach no end |")
        w("|---|---|---:|---:|---:|")
        for config, e in rows:
            w(f"| {config_text(config)} | {e['verdict']} | {e['states']} | {e['looping']} | {e['stuck']} |")
        w("")
        traps = [f"`{f.id}`" for f in report.findings if f.kind == "trap"]
        if traps and any(e["stuck"] for _, e in rows):
            w(f"The traps are the findings {', '.join(traps)}.")
            w("")
    if report.statistics:
        games = "; ".join(f"{c['game']} {c['variant']} {c['players']}p: {_ended_text(st)}"
                          for st in report.statistics for c in [st["config"]])
        w(f"With the full deck nothing here is proved. The seeded full-deck games (`{report.ruleset}`): {games}.")
        w("")
    if report.fixed_order:
        w("### Underwater War with a fixed return order")
        w("")
        w("With the won cards under the pile in a fixed order (`chomp.two_player_won_cards = bottom_of_pile`: highest "
          "on the food chain first, as in the card game War), a deal is one play once the races are decided by a "
          f"fixed schedule that keeps the fairness assumption: {SCHEDULE}. Each deal below was played so; a state "
          "that comes back is play that repeats for ever. `rulecheck war-loops` searches more deals.")
        w("")
        w("| configuration | deals | ended | repeat for ever | stopped at the step limit | longest that ended |")
        w("|---|---|---:|---:|---:|---:|")
        for s in report.fixed_order:
            o = s["outcomes"]
            w(f"| {config_text(s['config'])} | {s['which']} ({s['deals']}) | {o[ENDED]} | {o[LOOP]} | "
              f"{o[STEP_LIMIT]} (at {s['max_steps']} actions) | {s['longest_ended']} |")
        w("")
        loops = [f for f in report.findings if f.source == "war-loops"]
        for f in loops:
            fd = f.data.get("full_deck", {})
            w(f"Play that repeats for ever: `{f.id}` (full deck: {fd.get('status', '-')}; `rulecheck explain {f.id}` "
              "replays it).")
        if not loops:
            w("No deal searched repeats for ever.")
        w("")


def _ended_text(st: Mapping[str, Any]) -> str:
    """How the seeded games of one configuration's statistics ended: ``200 of 200 ended, the
    longest after 827 actions``, or how many stopped at the step limit."""
    stopped = st["step_limit_games"]
    if stopped:
        return f"{st['games'] - stopped} of {st['games']} ended, {stopped} stopped at {st['max_steps']} actions"
    return f"{st['games']} of {st['games']} ended, the longest after {st['length']['max']} actions"


def _md_escape(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _spec_markdown(w: Callable[[str], None], game: str, sp: Mapping[str, Any], ruleset: str) -> None:
    """The clause specification's section: coverage, determinacy, ruling points, verification."""
    w(f"## Specification: {game}, clause by clause (Z3)")
    w("")
    scope = sp['scope']
    w(f"What it specifies: {_md_escape(scope[:1].upper() + scope[1:])}")
    w("")
    cl = sp["clauses"]
    w(f"- Normative clauses: {cl['normative']}; formalised as Z3 constraints: {cl['formalised']}; "
      f"listed with the reason they are not: {len(cl['listed'])}; neither: {len(cl['missing'])}"
      f"{' (' + ', '.join(cl['missing']) + ')' if cl['missing'] else ''}.")
    w(f"- Silent decisions (the text is open, the engine asks no ruling point): **{sp['silent_decisions']}**.")
    w(f"- Verified under `{ruleset}`: {sp['verified']:,} steps in {sp['verified_situations']:,} distinct situations "
      f"where the clauses and the ruleset's options determine one outcome and it is the engine's; "
      f"disagreements: **{sp['disagreements']}**.")
    if "reread" in sp:
        w(f"- Readings under `{ruleset}`: each of those steps asked again under every other reading of the points "
          f"its clauses asked ({sp['reread']:,} questions); readings that still give another outcome, the new text "
          f"not excluding them (ambiguities the errata leave): **{sp['reread_parting']}**.")
    w("")
    ex = sp.get("examples")
    if ex:
        w(f"- The rulebook's worked examples, step by step (each in its own configuration and ruleset): "
          f"{ex['steps']} steps in {ex['situations']} situations; verified: {ex['verified']}; disagreements: "
          f"**{len(ex['disagreements'])}**; situations the ruleset leaves open: **{len(ex['open'])}**.")
        for e in ex["disagreements"] + ex["open"]:
            w(f"  - {_md_escape(e)}")
    if sp.get("bounded"):
        w(f"- Bounded: in {sp['bounded']} of {len(sp['configurations'])} searches the check stopped at its bound "
          f"on distinct situations (column *checked*: the states, in search order, or the seeded full-deck games, "
          f"in order, whose steps it checked); what it says there holds for those states or games only.")
    w("")
    w("| configuration | ruleset | checked | steps | situations | determined | gaps | conflicts | verified | silent "
      "| disagree |")
    w("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for c in sp["configurations"]:
        unit = "games" if c["role"] == "playouts" else "states"
        if c["role"] == "ruling steps":
            checked = "the ruling points' steps"
        elif not c.get("complete", True):
            checked = f"{c['states_checked']:,} of {c['states_total']:,} {unit}"
        else:
            checked = f"all {c['states_total']:,} {unit}" if c["role"] == "playouts" else "all"
        where = config_text(c["config"]) + {"playouts": ", seeded playouts",
                                             "ruling steps": ", seeded playouts (ruling points)"}.get(c["role"], "")
        w(f"| {where} | {c['ruleset']} | {checked} | {c['steps']} | {c['situations']} | "
          f"{c['determined']} | {c['gaps']} | {c['conflicts']} | {c['verified']} | {c['silent_decisions']} | "
          f"{c['disagreements']} |")
    w("")
    w("Under `raw` the counts are of the default reading of each clause; a situation whose readings disagree is an "
      "ambiguity. Steps are (state, action) pairs; situations are what the clauses read, renamed so that players "
      "in the same position are one situation.")
    w("")
    w("Ruling points, as the specification sees them (situations where the ruling point's answer changes the "
      "engine's step, and how many of those the text leaves open):")
    w("")
    w("| ruling point | decides the step in | text open in | verdict | options that contradict the text |")
    w("|---|---:|---:|---|---|")
    for rid, st in sp["rulings"].items():
        contra = ", ".join(f"`{o}` ({n})" for o, n in st["contradicting_options"].items()) or "-"
        w(f"| `{rid}` | {st['relevant']} | {st['open']} | {st['status']} | {contra} |")
    w("")
    w("A configuration marked *seeded playouts (ruling points)* is the full-deck games asked, under `raw`, "
      "about the ruling points the small decks' searches did not show the text open on, at the steps where the "
      "games met them, until the text is shown open (a question that does not arise with a few cards, or arises "
      "there only where the text answers it). A ruling point not listed was met in no checked situation where "
      "its answer changes the step (the report's rulings table says *not met by the check*), or the "
      "specification does not read it (*outside the specification*).")
    w("")
    w("Principles of the frame, and in how many determined situations the solver's proof of the outcome used each:")
    w("")
    for p in sp["principles"]:
        w(f"- `{p['id']}` ({p['decided']}): {_md_escape(p['text'])}")
    w("")
    if sp["readings"]:
        w("Readings (clauses that can be understood in more than one way):")
        w("")
        for r in sp["readings"]:
            opts = "; ".join(f"`{o['id']}`: {o['text']}" for o in r["options"])
            w(f"- `{r['id']}` ({r['clause']}): {_md_escape(r['question'])} {_md_escape(opts)}")
        w("")
    if cl["listed"]:
        w("Normative clauses not formalised, and why:")
        w("")
        for cid, why in cl["listed"].items():
            w(f"- `{cid}`: {_md_escape(why)}")
        w("")


def markdown(report: AuditReport) -> str:
    out: list[str] = []
    w = out.append
    w("# rulecheck audit")
    w("")
    w(f"Generated by `rulecheck audit` (rulecheck {__version__}); regenerate rather than edit.")
    w("")
    status = {"complete": "complete", "interrupted": "INTERRUPTED (only the configurations listed were completed)",
              "partial": "in progress"}[report.status]
    w(f"- Status: {status}")
    w(f"- Games: {', '.join(report.games)}")
    w(f"- Gaps and conflicts are checked under `raw` (rules as written); everything else under "
      f"`{report.ruleset}`.")
    s = report.settings
    w(f"- Bounds per search: {s['max_states_per_search']} states, {s['max_seconds_per_search']} s"
      + (f"; the determinacy check: {s['spec_situations_per_search'] or 'no bound on'} distinct situations"
         if "spec_situations_per_search" in s else "") + ". "
      f"Playouts: {s['playouts_per_config']} games per configuration from seed {s['seed']} "
      f"(at most {s['playout_max_steps']} actions each).")
    w("")
    w("## Summary")
    w("")
    kinds = sorted({f.kind for f in report.findings}, key=lambda k: [f.kind for f in report.findings].index(k))
    w("| kind | " + " | ".join(SEVERITIES) + " | total |")
    w("|---|" + "---:|" * (len(SEVERITIES) + 1))
    for k in kinds:
        row = [sum(1 for f in report.findings if f.kind == k and f.severity == sev) for sev in SEVERITIES]
        w(f"| {k} | " + " | ".join(str(x) if x else "" for x in row) + f" | {sum(row)} |")
    w("| **all** | " + " | ".join(
        str(sum(1 for f in report.findings if f.severity == sev)) for sev in SEVERITIES
    ) + f" | {len(report.findings)} |")
    w("")
    _full_deck_markdown(w, report)
    _fairness_markdown(w, report)
    _ending_markdown(w, report)
    w("## Configurations")
    w("")
    w(f"| configuration | raw: states | raw: complete | {report.ruleset}: states | {report.ruleset}: complete "
      f"| proved under {report.ruleset} |")
    w("|---|---:|---|---:|---|---|")
    for c in report.configurations:
        raw = c.get("raw", {})
        ch = c.get("chosen", raw)
        w(f"| {config_text(c['config'])} | {raw.get('distinct_states', '')} | "
          f"{'yes' if raw.get('complete') else 'no (' + str(raw.get('stop_reason')) + ')'} | "
          f"{ch.get('distinct_states', '')} | "
          f"{'yes' if ch.get('complete') else 'no (' + str(ch.get('stop_reason')) + ')'} | "
          f"{', '.join(ch.get('proved', [])) or '-'} |")
    w("")
    w("States are distinct states after symmetry reduction; an incomplete search claims nothing "
      "it did not finish (no dead rules, no absence of deadlocks), but what it found is real.")
    for e in report.errors:
        w(f"- error in {config_text({**e['config'], 'deck': e['config'].get('deck', '?')})}: {e['error']}")
    w("")
    if report.rulings:
        w("## Ruling points")
        w("")
        w(f"| ruling point | kind | reached under raw | {report.ruleset} | status | the text |")
        w("|---|---|---|---|---|---|")
        for r in report.rulings:
            w(f"| `{r['id']}` | {r['kind']} | {'yes' if r['reached_raw'] else 'no'} | "
              f"{r['choice'] or '(open)'} | {r['status']} | {r.get('text', '-')} |")
        closed = [r["id"] for r in report.rulings if r["status"] == "closed"]
        still = [r["id"] for r in report.rulings if r["status"] == "open"]
        w("")
        w(f"The `{report.ruleset}` ruleset closes {len(closed)} of the gaps and conflicts reached; "
          f"{len(still)} remain open{': ' + ', '.join(f'`{x}`' for x in still) if still else ''}.")
        w("")
    for game, sp in report.specification.items():
        _spec_markdown(w, game, sp, report.ruleset)
    if report.statistics:
        w("## Statistics (seeded playouts on the full deck)")
        w("")
        w("| configuration | games (seeds) | mean length | median | max | step limit | win rates | outcomes |")
        w("|---|---|---:|---:|---:|---:|---|---|")
        for st in report.statistics:
            c = st["config"]
            ln = st["length"]
            outcomes = ", ".join(f"{k} {v}" for k, v in st["outcomes"].items())
            w(f"| {c['game']} {c['variant']} {c['players']}p ({c['ruleset']}) | {st['games']} ({st['seeds']}) | "
              f"{ln['mean']} | {ln['median']} | {ln['max']} | {st['step_limit_games']} | "
              f"{' / '.join(str(x) for x in st['win_rates'])} | {_md_escape(outcomes)} |")
        w("")
        rows = {}
        for st in report.statistics:
            c = st["config"]
            for rid, v in st["rulings"].items():
                rows.setdefault(rid, []).append(f"{c['variant']}/{c['players']}p: {v['games']}/{st['games']}")
        if rows:
            w("Ruling points consulted (games consulting it / games played):")
            w("")
            for rid in sorted(rows):
                w(f"- `{rid}`: {'; '.join(rows[rid])}")
            w("")
    w("## Findings")
    w("")
    for f in report.findings:
        w(f"### `{f.id}`")
        w("")
        w(f"**{_md_escape(f.title)}**")
        w("")
        w(f"- kind: {f.kind}; severity: {f.severity}; "
          f"{'verified by an exhaustive search' if f.verified else 'not verified exhaustively'}")
        if f.clauses:
            w("- clauses:")
            for cid in f.clauses:
                w(f"  - `{cid}`: {_md_escape(report.clause_text.get(cid, '(not in the clause index)'))}")
        if f.ruling:
            closed = f.data.get("closed_by") if f.kind in ("gap", "conflict") else None
            if f.kind in ("gap", "conflict"):
                state = (f"closed by `{closed['ruleset']}`: option `{closed['option']}`" if closed
                         else f"still open in `{report.ruleset}`")
            else:
                state = ""
            w(f"- ruling point: `{f.ruling}`{'; ' + state if state else ''}")
        if f.frequency:
            fr = f.frequency
            w(f"- frequency: in {fr['games_hitting']} of {fr['games']} seeded full-deck games "
              f"(rate {fr['rate']}, seeds from {fr['seed']})")
        if f.configs:
            w(f"- configurations: {'; '.join(config_text(c) for c in f.configs)}")
        fd = f.data.get("full_deck")
        if fd:
            w(f"- full deck: {fd['status']} ({_md_escape(fd['how'])})")
        wt = report.witness_text.get(f.id)
        if f.witness is not None:
            cfg = f.witness.config
            loop = f", loop from step {f.witness.loop_start + 1}" if f.witness.loop_start is not None else ""
            w(f"- witness: {len(f.witness.actions)} steps in {config_text(cfg)} (ruleset {cfg['ruleset']}){loop}")
            if wt and "lines" in wt:
                for i, marker, text in wt["lines"]:
                    w(f"  - step {i + 1} ({marker}): {_md_escape(text)}")
            elif wt and "error" in wt:
                w(f"  - the witness does NOT replay: {_md_escape(wt['error'])}")
            w(f"- replay: `rulecheck explain {f.id}`")
        w("")
        if f.detail:
            w(_md_escape(f.detail))
            w("")
    if report.symbolic:
        w("## Symbolic checks (Z3, full decks)")
        w("")
        w("Time-bounded: \"unknown\" means the budget ran out, and may become a proof or a witness "
          "with more time.")
        w("")
        for entry in report.symbolic:
            c = entry["config"]
            w(f"### {c['game']} {c['variant']} {c['players']}p, full deck, ruleset {c['ruleset']}")
            w("")
            if "not_checked" in entry:
                w(f"- not checked: {_md_escape(entry['not_checked'])}")
            for line in entry.get("statements", []):
                w(f"- {_md_escape(line)}")
            w("")
    return "\n".join(out).rstrip() + "\n"
