"""Fetch graphql-core's source distribution from PyPI once and unpack it.

The test suite takes graphql-core's own fixtures (tests/fixtures/*.graphql) from the
sdist rather than from ../shared, so a fresh clone needs nothing but PyPI. The archive
is pinned by its SHA-256 so a changed upload cannot silently change our oracle.

Usage: python3 fetch_sdist.py DEST_DIR
"""

import hashlib
import io
import re
import sys
import tarfile
import urllib.request
from pathlib import Path

VERSION = "3.3.2"
FILENAME = f"graphql_core-{VERSION}.tar.gz"
SHA256 = "15d6eee7d4364fbc202833bc6bd0d504004d8ae7c0aaf620fa884d8e437622f2"
INDEX = "https://pypi.org/simple/graphql-core/"


def sdist_url() -> str:
    with urllib.request.urlopen(INDEX, timeout=120) as response:
        page = response.read().decode("utf-8")
    for href in re.findall(r'href="([^"]+)"', page):
        if href.split("#")[0].endswith("/" + FILENAME):
            return href.split("#")[0]
    raise SystemExit(f"fetch_sdist: {FILENAME} is not listed on {INDEX}")


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: fetch_sdist.py DEST_DIR")
    dest = Path(sys.argv[1])
    marker = dest / f"graphql_core-{VERSION}" / "tests" / "fixtures" / "kitchen_sink.graphql"
    if marker.exists():
        return
    with urllib.request.urlopen(sdist_url(), timeout=300) as response:
        data = response.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        raise SystemExit(f"fetch_sdist: {FILENAME} has SHA-256 {digest}, expected {SHA256}")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        archive.extractall(dest, filter="data")
    print(f"fetch_sdist: unpacked {FILENAME} into {dest}")


if __name__ == "__main__":
    main()
