"""What each language's catalogues weigh, as the site sends them: the engine's (beside its
wheel, fetched by the engine's worker when the page asks for that language) and the
page's (fetched by a page in that language alone), raw, gzipped (as a static host sends
it) and xz-packed.

    python bench/catalogue_weight.py [--site DIR]

``--site``: a site built before (default: the page's catalogues are written afresh into a
temporary folder, as the build writes them). Prints a line per catalogue, then
``catalogue_gzip_kb=`` last: the page's Japanese catalogue gzipped, in kB, what a phone
set to Japanese downloads for its words beyond an English one's.
"""

import argparse
import gzip
import lzma
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402 - scripts/ is not a package
from engine.core.language import ENGLISH, LANGUAGES, LOCALE  # noqa: E402


def weights(data: bytes) -> tuple[int, int, int]:
    return len(data), len(gzip.compress(data, 9)), len(lzma.compress(data, preset=9))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: write the page's "
                                                  "catalogues afresh)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp)
            build_site.write_page(site)
        page_gzip = 0
        for language in LANGUAGES:
            if language == ENGLISH:
                continue
            for what, path in (("engine", LOCALE / f"{language}.json"),
                               ("page", site / "web" / "locale" / f"{language}.json")):
                raw, packed, xz = weights(path.read_bytes())
                print(f"{language} {what} catalogue: {raw:,} bytes, gzip {packed:,}, xz {xz:,}")
                if what == "page":
                    page_gzip = packed
    print(f"catalogue_gzip_kb={page_gzip / 1000:.1f}")


if __name__ == "__main__":
    main()
