"""The documentation pages agree with the code: docs/language.md lists every registered builtin under its
family (and nothing that is not registered), and docs/README.md indexes the pages it names."""
import re
from collections import defaultdict
from pathlib import Path

import engine.vm.evaluate  # noqa: F401  (registers eval, evalin, assignin: the "vm" family)
from engine.runtime.builtins import registry

DOCS = Path(__file__).resolve().parent.parent / "docs"


def documented_builtins() -> dict[str, set[str]]:
    """family -> names, from the ``### family`` lists between the builtins markers of language.md."""
    text = (DOCS / "language.md").read_text(encoding="utf-8")
    section = text.split("<!-- builtins:start -->")[1].split("<!-- builtins:end -->")[0]
    families: dict[str, set[str]] = {}
    for block in re.split(r"^### ", section, flags=re.M)[1:]:
        heading, _, body = block.partition("\n")
        families[heading.strip()] = set(re.findall(r"`([A-Za-z][A-Za-z0-9_]*)`", body))
    return families


def registered_builtins() -> dict[str, set[str]]:
    families: dict[str, set[str]] = defaultdict(set)
    for name, entry in registry.load_all().items():
        families[entry.family].add(name)
    return dict(families)


def test_every_registered_builtin_is_listed_under_its_family():
    documented = documented_builtins()
    missing = {family: sorted(names - documented.get(family, set()))
               for family, names in registered_builtins().items()}
    missing = {family: names for family, names in missing.items() if names}
    assert not missing, f"add these builtins to docs/language.md, under '### family': {missing}"


def test_every_listed_builtin_is_registered():
    registered = registered_builtins()
    stale = {family: sorted(names - registered.get(family, set()))
             for family, names in documented_builtins().items()}
    stale = {family: names for family, names in stale.items() if names}
    assert not stale, f"docs/language.md lists builtins that are not registered in that family: {stale}"


def test_readme_links_resolve():
    text = (DOCS / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+\.md)\)", text)
    assert links and all((DOCS / link).is_file() for link in links)
