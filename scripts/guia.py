#!/usr/bin/env python3
"""Checks ARCHITECTURE.md, the map a newcomer reads: short, and naming only paths that exist.

    python3 scripts/guia.py [FILE]

FILE defaults to the repository's ARCHITECTURE.md. It fails (exit 1, one line per problem) when
the file is 12 288 bytes or more, or when a repository path it names in backticks does not exist.
A backticked span is taken as a path when it is one token of path characters (letters, digits,
`._-@+~/`) that contains a `/` or ends in a known file extension; it is read from the
repository's root, and a trailing `/` asks for a folder. Glob-like spans (holding `*` or `{`)
are left alone, and so are fenced code blocks. A path starting with `/` is a problem too: the
guide names the repository's paths, never a machine's.
Silent and exit 0 when all is well.
"""

import re
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
LIMITE = 12 * 1024
EXTENSIONES = (
    ".rs", ".ts", ".tsx", ".js", ".mjs", ".sql", ".py", ".sh", ".md", ".toml",
    ".json", ".html", ".css", ".conf", ".service", ".yml", ".yaml",
)
CERCA = re.compile(r"^ {0,3}(```|~~~)")
# One token of the characters a path is written with: `//!` or `Con<requiere::X>` is no path.
RUTA = re.compile(r"^[\w.@+~/-]+$")
# An inline code span: a run of backticks, then anything up to the same run, within a paragraph.
CODIGO = re.compile(r"(`+)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.DOTALL)


def spans(texto: str):
    """The inline code spans outside fenced blocks, each with the line it starts on."""
    lineas, cerca_abierta = [], None
    for linea in texto.splitlines():
        cerca = CERCA.match(linea)
        if cerca and (cerca_abierta is None or cerca.group(1) == cerca_abierta):
            cerca_abierta = cerca.group(1) if cerca_abierta is None else None
            lineas.append("")
        else:
            lineas.append("" if cerca_abierta else linea)
    prosa = "\n".join(lineas)
    for m in CODIGO.finditer(prosa):
        yield prosa.count("\n", 0, m.start()) + 1, m.group(2).strip()


def es_ruta(token: str) -> bool:
    if "*" in token or "{" in token or not RUTA.match(token):
        return False
    return "/" in token or token.endswith(EXTENSIONES)


def problemas(archivo: Path) -> list[str]:
    datos = archivo.read_bytes()
    salida = []
    if len(datos) >= LIMITE:
        salida.append(f"{archivo.name}: {len(datos)} bytes; it must stay under {LIMITE}")
    for numero, token in spans(datos.decode("utf-8")):
        if not es_ruta(token):
            continue
        if token.startswith("/"):
            salida.append(f"{archivo.name}:{numero}: `{token}` is an absolute path; name it from the repository's root")
            continue
        ruta = RAIZ / token.rstrip("/")
        existe = ruta.is_dir() if token.endswith("/") else ruta.exists()
        if not existe:
            que = "folder" if token.endswith("/") else "path"
            salida.append(f"{archivo.name}:{numero}: `{token}`: no such {que} in the repository")
    return salida


def main(argumentos: list[str]) -> int:
    if len(argumentos) > 1:
        print("usage: python3 scripts/guia.py [FILE]", file=sys.stderr)
        return 2
    archivo = Path(argumentos[0]) if argumentos else RAIZ / "ARCHITECTURE.md"
    if not archivo.is_file():
        print(f"{archivo}: no such file")
        return 1
    salida = problemas(archivo)
    for p in salida:
        print(p)
    return 1 if salida else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
