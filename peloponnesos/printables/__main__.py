"""``python -m peloponnesos.printables [--out FOLDER]``: write the printable pack (see the package docstring)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m peloponnesos.printables",
                                     description="Write the printable pack: A4 pages to print from a browser.")
    parser.add_argument("--out", default="print", help="the folder to write into (made if missing; default: print)")
    args = parser.parse_args(argv)
    from . import build

    try:
        manifest = build(args.out)
    except OSError as e:
        print(f"Could not write the pack into {args.out}: {e.strerror or e}. Choose another folder with --out.",
              file=sys.stderr)
        return 1
    folder = Path(args.out).resolve()
    pages = sum(f["pages"] for f in manifest["files"])
    print(f"Wrote {len(manifest['files'])} files ({pages} pages) in {folder}:")
    for f in manifest["files"]:
        print(f"  {f['file']:<42} {f['pages']:>3} page{'s' if f['pages'] != 1 else ''}  {f['title']}")
    print(f"Open {folder / 'index.html'} in a browser and print what you need (A4).")
    missing = [ref for f in manifest["files"] for ref in f["missing"]]
    if missing:
        print(f"Careful: {len(missing)} passage{'s' if len(missing) != 1 else ''} ({', '.join(missing[:6])}"
              f"{' …' if len(missing) > 6 else ''}) had no text on this computer; their sheets give only the "
              "reference and an address to read it online. Connect to the internet and run make print again: "
              "it fetches the texts once, then prints them in full.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
