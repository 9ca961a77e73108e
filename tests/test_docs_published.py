"""The errata and the FAQ, generated from the committed audit report, read as a publisher issues
them: no IDs, option names, rulesets, state counts or witnesses' steps outside the small print;
no unfinished sentences; every number in an entry one its game has; the most serious problems
first; questions the rules already answer in the FAQ, quoted, and not in the errata; the Spanish
edition's own rules corrected in Spanish."""

from __future__ import annotations

import re

import pytest

from rulecheck.core.paths import project_dir
from rulecheck.core.rulings import load_ruling_points
from rulecheck.docs import errata_documents, faq_documents
from rulecheck.docs.errata import Erratum, build_errata, erratum_markdown
from rulecheck.docs.faq import FaqEntry, build_faq, faq_entry_markdown
from rulecheck.docs.lint import tool_words, unbacked_numbers, unfinished
from rulecheck.docs.report import clause_text, documented_games, load_report, rulesets_for
from rulecheck.docs.situation import witness_numbers
from rulecheck.docs.text import LABELS, consequence_rank, lang_of, numbers_in
from rulecheck.findings import Finding

REPORT = project_dir() / "reports" / "audit.json"

pytestmark = pytest.mark.skipif(not REPORT.exists(), reason="reports/audit.json is not committed yet")

CLAUSE_ID = re.compile(r"\b(?:en|es|cp)\.[a-z0-9]+(?:-[a-z0-9]+)*\.\d+\b")


@pytest.fixture(scope="module")
def findings() -> list[Finding]:
    return load_report(REPORT)


@pytest.fixture(scope="module")
def errata(findings: list[Finding]) -> list[Erratum]:
    games = documented_games(findings)
    return build_errata(findings, rulesets_for(games))


@pytest.fixture(scope="module")
def faq(findings: list[Finding]) -> list[FaqEntry]:
    games = documented_games(findings)
    return build_faq(findings, rulesets_for(games), games)


@pytest.fixture(scope="module")
def documents(findings: list[Finding]) -> dict[str, str]:
    e, f = errata_documents(findings), faq_documents(findings)
    return {"ERRATA.md": e.markdown, "FAQ.md": f.markdown, "ERRATA.html": e.html, "FAQ.html": f.html}


def _option_ids() -> set[str]:
    return {o.id for g in ("chomp", "chonker-party") for p in load_ruling_points(g).values() for o in p.options}


def _reader_text(name: str, text: str) -> str:
    """What a reader reads, small print (clause references, how often) and markup left out."""
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"<sub>.*?</sub>|<small class=\"ref\">.*?</small>", "", text, flags=re.S)
    if name.endswith(".html"):
        text = re.sub(r"<style>.*?</style>", "", text, flags=re.S)
        text = re.sub(r"<[^>]+>", " ", text)
    return text


@pytest.mark.parametrize("name", ["ERRATA.md", "FAQ.md", "ERRATA.html", "FAQ.html"])
def test_published_documents_carry_none_of_the_tools_vocabulary(documents: dict[str, str], name: str) -> None:
    text = documents[name]
    problems = tool_words(_reader_text(name, text), _option_ids())
    assert not problems, f"{name}: {problems[:10]}"
    small = re.findall(r"<sub>(.*?)</sub>|<small class=\"ref\">(.*?)</small>", text, flags=re.S)
    for parts in small:
        rest = CLAUSE_ID.sub("", " ".join(parts))
        assert not tool_words(rest, _option_ids()), f"{name}: small print {parts}"


@pytest.mark.parametrize("name", ["ERRATA.md", "FAQ.md"])
def test_published_documents_have_no_unfinished_sentences(documents: dict[str, str], name: str) -> None:
    assert not unfinished(documents[name]), unfinished(documents[name])[:5]


def _clause_numbers(clauses: list[str], lang: str) -> set[int]:
    return set().union(set(), *(numbers_in(clause_text(c), lang_of(c)) for c in clauses))


def test_every_number_in_a_faq_entry_is_one_its_game_has(faq: list[FaqEntry]) -> None:
    for n, e in enumerate(faq, 1):
        md = "\n".join(faq_entry_markdown(n, e))
        allowed = (witness_numbers(e.situation) if e.situation is not None else set()) | _clause_numbers(
            list(e.point.clauses), "en")
        assert not unbacked_numbers(md, allowed), f"Q{n} ({e.id}): {unbacked_numbers(md, allowed)}\n{md}"


def test_every_number_in_an_erratum_is_one_its_game_has(errata: list[Erratum]) -> None:
    for n, e in enumerate(errata, 1):
        md = "\n".join(erratum_markdown(n, e))
        allowed = (witness_numbers(e.situation) if e.situation is not None else set()) | _clause_numbers(
            [q.ref for q in e.where], e.lang) | {n for q in e.where for n in numbers_in(q.section, e.lang)}
        assert not unbacked_numbers(md, allowed, e.lang), f"{n} ({e.key}): {unbacked_numbers(md, allowed, e.lang)}"


def test_errata_come_by_consequence_then_by_how_often(errata: list[Erratum]) -> None:
    groups: dict[tuple[str, str, bool], list[Erratum]] = {}
    for e in errata:
        groups.setdefault((e.game, e.lang, e.ruled), []).append(e)
    for key, items in groups.items():
        order = [(consequence_rank(e.consequence), -e.frequency) for e in items]
        assert order == sorted(order), f"{key}: not by consequence, then frequency"


def test_a_way_to_win_no_game_reaches_is_a_question_of_who_wins(errata: list[Erratum], findings: list[Finding]) -> None:
    dead = {f.id for f in findings if f.kind in ("dead-rule", "unreachable-outcome")}
    published = [e for e in errata if e.key in dead]
    assert published and all(e.consequence == "winner" for e in published)


def test_questions_the_rules_answer_are_faq_entries_quoting_them(
    findings: list[Finding], errata: list[Erratum], faq: list[FaqEntry]
) -> None:
    answered = {f.ruling for f in findings if f.kind == "answered"}
    by_id = {e.id: e for e in faq}
    for rid in answered:
        assert rid in by_id and by_id[rid].answered_by, f"{rid}: the FAQ does not quote the answer"
    assert not {e.key for e in errata} & answered


def test_every_ruled_erratum_has_its_parts(errata: list[Erratum]) -> None:
    for e in errata:
        if not e.ruled:
            continue
        assert e.problem.endswith((".", "»", "”")) and e.where and all(q.section and q.text for q in e.where), e.key
        assert e.change is not None and (e.change.how == "delete" or all(t.strip() for t in e.change.text)), e.key
        if e.situation is not None and e.situation.error is None:
            told = e.told()
            assert told is not None and (told.scene is not None or told.event), f"{e.key}: no example drawn"


def test_the_spanish_editions_own_rules_are_corrected_in_spanish(errata: list[Erratum]) -> None:
    spanish = [e for e in errata if e.where and e.where[0].ref.startswith("es.") and e.lang == "es"]
    assert spanish
    for e in spanish:
        md = "\n".join(erratum_markdown(1, e))
        assert LABELS["es"]["problem"] in md and LABELS["en"]["problem"] not in md
    owners = {e.key for e in errata if e.lang == "es"}
    for e in errata:
        if e.key.startswith(("chomp.doble", "chomp.rapido")):
            assert e.key in owners, f"{e.key}: amends the Spanish edition's own rules, not in Spanish"


@pytest.mark.parametrize("kind", ["ambiguity", "conflict", "silent-decision"])
def test_a_question_not_yet_ruled_on_a_spanish_sentence_is_told_in_spanish(kind: str) -> None:
    """An erratum no ruling point writes yet (an ambiguity, a silent decision) about the Spanish
    edition's own rules is printed in Spanish, its problem too, like every other one there."""
    from rulecheck.docs.errata import _open_erratum

    f = Finding(f"chomp.{kind}.x", "chomp", kind, "medium", "x", clauses=("es.dos-jugadores.2",),
                data={"verdict": {"kind": "conflict" if kind == "conflict" else "gap"}})
    e = _open_erratum(f)
    md = "\n".join(erratum_markdown(1, e))
    assert e.lang == "es" and e.problem in LABELS["es"].values() and e.problem in md
    assert not any(v in md for k, v in LABELS["en"].items() if k.startswith("open_"))


def test_an_ambiguity_not_yet_ruled_says_what_each_reading_means() -> None:
    """An open ambiguity's erratum lists the meanings of its readings, from the specification
    (a reading renamed or reworded there changes the erratum; a Spanish one prints none)."""
    from rulecheck.check.determinacy import spec_modules
    from rulecheck.docs.errata import _open_erratum

    mods = spec_modules("chomp")
    assert mods is not None
    point = "chomp.read.frenzy_special_cards"
    meanings = tuple(m for _, m in mods[0].SPEC.readings[point].options)
    f = Finding("chomp.ambiguity.frenzy_special_cards", "chomp", "ambiguity", "medium", "x",
                clauses=("en.feeding-frenzy.2",), data={"reading": point})
    md = "\n".join(erratum_markdown(1, _open_erratum(f)))
    assert LABELS["en"]["readings"] in md and all(f"- {m}" in md for m in meanings)
    spanish = _open_erratum(Finding("chomp.ambiguity.x", "chomp", "ambiguity", "medium", "x",
                                    clauses=("es.anguila.2",), data={"reading": point}))
    assert spanish.readings == ()
    assert _open_erratum(Finding("chomp.ambiguity.y", "chomp", "ambiguity", "medium", "x",
                                 clauses=("en.feeding-frenzy.2",), data={"reading": "no.such"})).readings == ()


def test_only_questions_no_ruling_point_asks_yet_are_left_without_new_text(
    errata: list[Erratum], findings: list[Finding]
) -> None:
    """Loops, false sentences, unreachable endings and edition differences all have their text
    written (models/<game>/errata.json, models/editions/): what is left "not yet ruled" is what
    no ruling point asks yet (silent decisions, ambiguities no ruling settles)."""
    kinds = {f.id: f.kind for f in findings}
    for e in errata:
        if not e.ruled:
            assert all(kinds.get(fid) in ("silent-decision", "ambiguity", "gap", "conflict") for fid in e.findings), \
                f"{e.key}: no new text written for {[kinds.get(fid) for fid in e.findings]}"
            assert not any(f.ruling for f in findings if f.id in e.findings), f"{e.key}: a ruling point without wording"


def test_each_reading_a_ruling_erratum_settles_is_one_of_the_specification() -> None:
    """A ruling point's erratum may answer a reading point's question too (``publish.settles``):
    the ambiguity then makes no erratum of its own. A name there that is no reading point of the
    game's specification (a typo, a reading renamed) would settle nothing, and the same sentence
    would be published twice."""
    from rulecheck.check.determinacy import spec_modules

    settled = 0
    for game in ("chomp", "chonker-party"):
        mods = spec_modules(game)
        assert mods is not None
        readings = mods[0].SPEC.readings
        for rp in load_ruling_points(game).values():
            for point in rp.publish.settles:
                assert point in readings, f"{rp.id}: settles {point!r}, no reading point of {game}'s specification"
                settled += 1
    assert settled >= 10


def test_an_ambiguity_a_ruling_erratum_answers_makes_no_erratum_of_its_own(
        errata: list[Erratum], findings: list[Finding]) -> None:
    """'Snatch a random card from any player': yourself too? The clause specification reads it two
    ways (cp.read.steal_any_player, an ambiguity confirmed on the full deck), and ruling point
    cp.steal_from_self asks the same question; its erratum gives the new text. The errata carry
    that one, not a second erratum for the same sentence with no text agreed."""
    ambiguity = "chonker-party.ambiguity.steal_any_player"
    assert any(f.id == ambiguity for f in findings)
    published = {fid for e in errata for fid in e.findings}
    assert ambiguity not in published
    assert any(f.ruling == "cp.steal_from_self" and f.id in published for f in findings)


@pytest.mark.parametrize("name", ["ERRATA.html", "FAQ.html"])
def test_the_chart_is_labelled_in_words(documents: dict[str, str], name: str) -> None:
    svg = re.search(r'<svg class="chart".*?</svg>', documents[name], re.S)
    assert svg, f"{name}: no chart"
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg.group(0))
    values = texts[2::2]  # the title, then label and value per bar
    assert values and all(re.search(r"[a-z]{4}", v) for v in values), values[:5]
    assert all(not re.fullmatch(r"[\d.%\s]+", t) for t in texts), "a bare number as a label"


def test_documents_without_rulings_are_fit_to_print_too(findings: list[Finding]) -> None:
    """Under ``raw`` every question the rules leave open is listed, with its possible rulings,
    still in players' words."""
    for docs in (errata_documents(findings, ["raw"]), faq_documents(findings, ["raw"])):
        assert not tool_words(_reader_text("x.md", docs.markdown), _option_ids())
        assert not tool_words(_reader_text("x.html", docs.html), _option_ids())
        assert not unfinished(docs.markdown)


def test_an_ambiguity_the_errata_do_not_settle_at_its_witness_keeps_its_erratum(
        errata: list[Erratum], findings: list[Finding]) -> None:
    """A ruling point's erratum stands for an ambiguity (``publish.settles``) only where the solver
    showed, at the ambiguity's witness, that with the errata (every recommended option) its readings
    no longer part (``data["settled"]``, from the audit). Where they still part, the ambiguity is
    published on its own, whatever the ruling point claims."""
    from dataclasses import replace

    ambiguity = "chonker-party.ambiguity.steal_any_player"
    f = next(f for f in findings if f.id == ambiguity)
    assert f.data["settled"]["settled"] is True and f.data["settled"]["claimed"] == ["cp.steal_from_self"]
    unsettled = {**f.data, "settled": {**f.data["settled"], "settled": False}}
    changed = [replace(g, data=unsettled) if g.id == ambiguity else g for g in findings]
    published = {fid for e in build_errata(changed, rulesets_for(documented_games(changed))) for fid in e.findings}
    assert ambiguity in published
    # every ambiguity left out of the committed errata was shown settled at its witness
    left_out = {g.id for g in findings if g.kind == "ambiguity"} - {fid for e in errata for fid in e.findings}
    assert left_out
    for g in findings:
        if g.id in left_out:
            assert g.data["settled"]["settled"] is True, g.id


def test_an_example_plays_on_until_what_the_ruling_changes_shows(findings: list[Finding]) -> None:
    """A ruling taken as a Feeding Frenzy starts changes nothing one sees at the turn-over: the
    example plays on to the first slap whose outcome the option decides, and that slap reads
    differently under each option (it wins the Frenzy, or it is a Bad Chomp)."""
    from rulecheck.docs.situation import situation_from_witness, tell
    from rulecheck.story import story_for

    point = "chomp.frenzy_special_cards"
    f = next(f for f in findings if f.ruling == point and f.witness is not None)
    assert f.witness is not None
    told = {}
    for option in ("any_card", "bad_chomp"):
        s = situation_from_witness(f.witness, point, option)
        assert s.game is not None and s.then, option
        told[option] = " ".join(tell(s, story_for(s.game, "en")).event)
    assert "Feeding Frenzy!" in told["any_card"] and "the Feeding Frenzy is theirs" in told["any_card"]
    assert "Electric Eel: a Bad Chomp" in told["bad_chomp"] or "Octopus: a Bad Chomp" in told["bad_chomp"], told
