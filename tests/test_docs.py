"""The documentation pages agree with the code: docs/functions.md is the page generated from the builtin
table (``python3 -m engine.runtime.builtins.catalog`` writes it), and docs/README.md indexes the pages."""
import re
from pathlib import Path

from engine.runtime.builtins import catalog

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_function_list_is_generated_from_the_table():
    assert (DOCS / "functions.md").read_text(encoding="utf-8") == catalog.page(), \
        f"docs/functions.md is stale: run `{catalog.COMMAND}` from the repository root and commit it"


def test_every_family_is_a_heading_with_every_name():
    text = (DOCS / "functions.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (\S+)$", text, flags=re.M)
    assert headings == list(catalog.by_family())
    listed = set(re.findall(r"^\| `([A-Za-z][A-Za-z0-9_.]*)` \|", text, flags=re.M))
    assert listed == set(catalog.load_all())


def test_readme_links_resolve():
    text = (DOCS / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+\.md)\)", text)
    assert links and all((DOCS / link).is_file() for link in links)
    assert {"functions.md", "adding-builtins.md"} <= set(links)
