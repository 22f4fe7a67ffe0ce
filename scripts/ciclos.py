#!/usr/bin/env python3
"""Import cycles between the module files of a Rust crate.

    python3 scripts/ciclos.py server/src [core/src ...]
    python3 scripts/ciclos.py --prueba

Builds the file-level module graph of each `src/` folder: an edge A → B when file A refers to an
item of module file B through `use crate::…`, any `crate::…` (or `$crate::…`) path, `super::…`,
`self::…`, or a path that starts with a child module the file declares (`mod x;` then `x::…`).
A `mod x;` declaration alone is not an edge. A path resolves to the deepest module file that
exists (`crate::db::Store` is `db/mod.rs`; `crate::db::usuarios::Usuario` is `db/usuarios.rs`).
Comments, strings and character literals are skipped; inline modules (`mod tests { … }`) move
what `super` and `self` mean inside them.

Exits 1 printing every cycle (`a.rs → b.rs → a.rs`), 0 with a one-line summary otherwise.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

RAIZ_CRATE = ("lib.rs", "main.rs")
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
CRUDA = re.compile(r'b?r(#*)"')
CARACTER = re.compile(r"b?'(\\u\{[0-9a-fA-F]+\}|\\x[0-9a-fA-F]{2}|\\.|[^\\'])'")


# ---------------------------------------------------------------------------------------------
# Source text without comments, strings or character literals (their length kept as spaces, so
# positions still match).


def limpiar(texto: str) -> str:
    out: list[str] = []
    i, n = 0, len(texto)
    while i < n:
        c = texto[i]
        if texto.startswith("//", i):
            fin = texto.find("\n", i)
            fin = n if fin < 0 else fin
            out.append(" " * (fin - i))
            i = fin
        elif texto.startswith("/*", i):
            profundidad, j = 1, i + 2
            while j < n and profundidad:
                if texto.startswith("/*", j):
                    profundidad, j = profundidad + 1, j + 2
                elif texto.startswith("*/", j):
                    profundidad, j = profundidad - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", texto[i:j]))
            i = j
        elif (m := CRUDA.match(texto, i)) and (i == 0 or not _es_ident(texto[i - 1])):
            cierre = '"' + m.group(1)
            j = texto.find(cierre, m.end())
            j = n if j < 0 else j + len(cierre)
            out.append(re.sub(r"[^\n]", " ", texto[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and texto[j] != '"':
                j += 2 if texto[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(re.sub(r"[^\n]", " ", texto[i:j]))
            i = j
        elif c == "'":
            # A character literal ('a', '\n', '\u{41}') or a lifetime ('a, 'static).
            m = CARACTER.match(texto, i)
            if m:
                out.append(" " * (m.end() - i))
                i = m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _es_ident(c: str) -> bool:
    return c.isalnum() or c == "_"


# ---------------------------------------------------------------------------------------------
# The crate's module files.


class Crate:
    def __init__(self, src: Path):
        self.src = src
        # module path (tuple of names) → file
        self.archivos: dict[tuple[str, ...], Path] = {}
        # file → module path
        self.modulo: dict[Path, tuple[str, ...]] = {}
        for raiz in RAIZ_CRATE:
            if (src / raiz).is_file():
                self._recorrer((), src / raiz, src)

    def _recorrer(self, ruta: tuple[str, ...], archivo: Path, carpeta: Path) -> None:
        if archivo in self.modulo:
            return
        self.archivos.setdefault(ruta, archivo)
        self.modulo[archivo] = ruta
        texto = limpiar(archivo.read_text(encoding="utf-8"))
        for nombre in hijos_declarados(texto):
            for candidato in (carpeta / f"{nombre}.rs", carpeta / nombre / "mod.rs"):
                if candidato.is_file():
                    self._recorrer(ruta + (nombre,), candidato, carpeta / nombre)
                    break

    def archivo_de(self, ruta: list[str]) -> Path | None:
        """The deepest module file along `ruta`."""
        for largo in range(len(ruta), -1, -1):
            archivo = self.archivos.get(tuple(ruta[:largo]))
            if archivo is not None:
                return archivo
        return None


def hijos_declarados(texto: str) -> list[str]:
    """`mod x;` declarations (child module files), at any depth but not inline modules."""
    return re.findall(r"\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;", texto)


def modulos_en_linea(texto: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of every inline `mod x { … }` block."""
    bloques = []
    for m in re.finditer(r"\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*\{", texto):
        abre = m.end() - 1
        profundidad, j = 0, abre
        while j < len(texto):
            if texto[j] == "{":
                profundidad += 1
            elif texto[j] == "}":
                profundidad -= 1
                if profundidad == 0:
                    break
            j += 1
        bloques.append((abre, j, m.group(1)))
    return bloques


# ---------------------------------------------------------------------------------------------
# Paths, use trees included.


def leer_arbol(texto: str, i: int, prefijo: list[str]) -> tuple[list[list[str]], int]:
    """Reads a path (or `{…}` group of paths) starting at `i` after `prefijo`; answers every
    full path it names and where it ends."""
    caminos: list[list[str]] = []
    segmentos = list(prefijo)
    n = len(texto)
    while True:
        while i < n and texto[i].isspace():
            i += 1
        if i < n and texto[i] == "{":
            i += 1
            while True:
                while i < n and (texto[i].isspace() or texto[i] == ","):
                    i += 1
                if i >= n or texto[i] == "}":
                    return caminos or [segmentos], i + 1
                sub, j = leer_arbol(texto, i, segmentos)
                if j == i:
                    j += 1  # `*`
                caminos.extend(sub)
                # `x as y`: the alias names nothing new
                m = re.compile(r"\s*as\s+[A-Za-z_][A-Za-z0-9_]*").match(texto, j)
                i = m.end() if m else j
        m = IDENT.match(texto, i)
        if not m:
            # `*` or the end of the path
            return caminos + [segmentos], i
        nombre = m.group(0)
        i = m.end()
        if nombre == "self" and segmentos:
            pass  # `use a::{self}` names `a`
        else:
            segmentos = segmentos + [nombre]
        j = i
        while j < n and texto[j].isspace():
            j += 1
        if texto.startswith("::", j):
            i = j + 2
            continue
        return caminos + [segmentos], i


VISIBILIDAD = re.compile(r"pub\s*\(\s*in\s+$")
INICIO = re.compile(r"(?<![A-Za-z0-9_:$.])(\$crate|crate|super|self)\s*::")


def referencias(texto: str, ruta_archivo: tuple[str, ...], hijos: set[str]) -> list[list[str]]:
    """Absolute module paths (segments from the crate root) that the file's text refers to."""
    bloques = modulos_en_linea(texto)

    def ruta_en(pos: int) -> tuple[str, ...]:
        dentro = [b for b in bloques if b[0] < pos < b[1]]
        dentro.sort()
        return ruta_archivo + tuple(b[2] for b in dentro)

    def en_linea(pos: int) -> bool:
        return any(b[0] < pos < b[1] for b in bloques)

    resultado: list[list[str]] = []
    for m in INICIO.finditer(texto):
        if VISIBILIDAD.search(texto, max(0, m.start() - 24), m.start()):
            continue  # `pub(in crate::db)` names who may see an item, not an item
        caminos, _ = leer_arbol(texto, m.start(), [])
        for camino in caminos:
            absoluto = absolutizar(camino, ruta_en(m.start()))
            if absoluto is not None:
                resultado.append(absoluto)
    # Paths from a child module the file declares: `mod x;` … `x::f()` or `use x::{…}`.
    if hijos:
        patron = re.compile(
            r"(?<![A-Za-z0-9_:$.])(" + "|".join(map(re.escape, sorted(hijos))) + r")\s*::"
        )
        for m in patron.finditer(texto):
            if en_linea(m.start()):
                continue  # inside an inline module the name is not in scope
            caminos, _ = leer_arbol(texto, m.start(), [])
            for camino in caminos:
                resultado.append(list(ruta_archivo) + camino)
    return resultado


def absolutizar(camino: list[str], aqui: tuple[str, ...]) -> list[str] | None:
    if not camino:
        return None
    cabeza = camino[0]
    if cabeza in ("crate", "$crate"):
        base: list[str] = []
        resto = camino[1:]
    elif cabeza in ("self", "super"):
        base = list(aqui)
        resto = camino
        while resto and resto[0] in ("self", "super"):
            if resto[0] == "super":
                if not base:
                    return None
                base.pop()
            resto = resto[1:]
    else:
        return None
    return base + resto


# ---------------------------------------------------------------------------------------------
# The graph and its cycles.


def grafo(src: Path) -> tuple[Crate, dict[Path, set[Path]]]:
    crate = Crate(src)
    aristas: dict[Path, set[Path]] = {a: set() for a in crate.modulo}
    for archivo, ruta in crate.modulo.items():
        texto = limpiar(archivo.read_text(encoding="utf-8"))
        hijos = {h for h in hijos_declarados(texto) if ruta + (h,) in crate.archivos}
        for camino in referencias(texto, ruta, hijos):
            destino = crate.archivo_de(camino)
            if destino is not None and destino != archivo:
                aristas[archivo].add(destino)
    return crate, aristas


def componentes(aristas: dict[Path, set[Path]]) -> list[list[Path]]:
    """Strongly connected components of more than one file (Tarjan, iterative)."""
    indice: dict[Path, int] = {}
    bajo: dict[Path, int] = {}
    pila: list[Path] = []
    en_pila: set[Path] = set()
    salida: list[list[Path]] = []
    contador = 0
    for inicio in sorted(aristas):
        if inicio in indice:
            continue
        trabajo = [(inicio, iter(sorted(aristas[inicio])))]
        indice[inicio] = bajo[inicio] = contador
        contador += 1
        pila.append(inicio)
        en_pila.add(inicio)
        while trabajo:
            v, hijos = trabajo[-1]
            avanzado = False
            for w in hijos:
                if w not in indice:
                    indice[w] = bajo[w] = contador
                    contador += 1
                    pila.append(w)
                    en_pila.add(w)
                    trabajo.append((w, iter(sorted(aristas[w]))))
                    avanzado = True
                    break
                if w in en_pila:
                    bajo[v] = min(bajo[v], indice[w])
            if avanzado:
                continue
            trabajo.pop()
            if trabajo:
                bajo[trabajo[-1][0]] = min(bajo[trabajo[-1][0]], bajo[v])
            if bajo[v] == indice[v]:
                comp = []
                while True:
                    w = pila.pop()
                    en_pila.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    salida.append(sorted(comp))
    return salida


def ciclos(aristas: dict[Path, set[Path]]) -> list[list[Path]]:
    """One cycle per pair of files that reach each other inside a component: the shortest
    through both, so every mutual dependency is shown, without listing every simple cycle."""
    resultado: list[list[Path]] = []
    vistos: set[tuple[Path, ...]] = set()
    for comp in componentes(aristas):
        miembros = set(comp)
        for a in comp:
            for b in sorted(aristas[a] & miembros):
                # a → b, then the shortest way back from b to a.
                vuelta = camino_mas_corto(aristas, b, a, miembros)
                if vuelta is None:
                    continue
                ciclo = [a] + vuelta
                clave = normalizar(ciclo[:-1])
                if clave in vistos:
                    continue
                vistos.add(clave)
                resultado.append(ciclo)
    return resultado


def camino_mas_corto(aristas, desde: Path, hasta: Path, miembros: set[Path]) -> list[Path] | None:
    previo: dict[Path, Path | None] = {desde: None}
    cola = [desde]
    while cola:
        siguiente = []
        for v in cola:
            if v == hasta:
                camino = []
                x: Path | None = v
                while x is not None:
                    camino.append(x)
                    x = previo[x]
                return camino[::-1]
            for w in sorted(aristas[v] & miembros):
                if w not in previo:
                    previo[w] = v
                    siguiente.append(w)
        cola = siguiente
    return None


def normalizar(ciclo: list[Path]) -> tuple[Path, ...]:
    k = ciclo.index(min(ciclo))
    return tuple(ciclo[k:] + ciclo[:k])


def revisar(src: Path) -> tuple[int, list[str]]:
    crate, aristas = grafo(src)
    nombre = lambda p: p.relative_to(src).as_posix()  # noqa: E731
    encontrados = ciclos(aristas)
    lineas = [" → ".join(nombre(p) for p in c) for c in encontrados]
    return len(crate.modulo), lineas


def main(argv: list[str]) -> int:
    if argv[:1] == ["--prueba"]:
        import unittest

        programa = unittest.main(module=__name__, argv=[argv[0]], exit=False)
        return 0 if programa.result.wasSuccessful() else 1
    if not argv:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    codigo = 0
    for carpeta in argv:
        src = Path(carpeta)
        archivos, lineas = revisar(src)
        if lineas:
            codigo = 1
            print(f"{carpeta}: {len(lineas)} ciclos entre {archivos} archivos")
            for linea in lineas:
                print(f"  {linea}")
        else:
            aristas = sum(len(v) for v in grafo(src)[1].values())
            print(f"{carpeta}: sin ciclos ({archivos} archivos, {aristas} dependencias)")
    return codigo


# ---------------------------------------------------------------------------------------------
# Self-test: synthetic crates in a temporary folder.

import tempfile  # noqa: E402
import unittest  # noqa: E402


class Prueba(unittest.TestCase):
    def crate(self, archivos: dict[str, str]) -> Path:
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        src = Path(tmp.name) / "src"
        for ruta, texto in archivos.items():
            p = src / ruta
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(texto, encoding="utf-8")
        return src

    def test_use_crate_en_los_dos_sentidos_es_un_ciclo(self):
        src = self.crate(
            {
                "lib.rs": "pub mod a;\npub mod b;\n",
                "a.rs": "use crate::b::Beta;\npub struct Alfa;\n",
                "b.rs": "pub struct Beta(crate::a::Alfa);\n",
            }
        )
        _, lineas = revisar(src)
        self.assertEqual(lineas, ["a.rs → b.rs → a.rs"])

    def test_declarar_un_modulo_no_es_una_arista(self):
        src = self.crate(
            {
                "lib.rs": "pub mod a;\npub mod b;\n",
                "a.rs": "use crate::b::Beta;\n",
                "b.rs": "pub struct Beta;\n",
            }
        )
        _, lineas = revisar(src)
        self.assertEqual(lineas, [])
        _, aristas = grafo(src)
        self.assertEqual(aristas[src / "lib.rs"], set())
        self.assertEqual(aristas[src / "a.rs"], {src / "b.rs"})

    def test_padre_que_compone_y_ayuda_es_un_ciclo(self):
        src = self.crate(
            {
                "lib.rs": "pub mod api;\n",
                "api/mod.rs": "mod x;\npub fn rutas() { x::router(); }\npub fn ayuda() {}\n",
                "api/x.rs": "pub fn router() { super::ayuda(); }\n",
            }
        )
        _, lineas = revisar(src)
        self.assertEqual(lineas, ["api/mod.rs → api/x.rs → api/mod.rs"])

    def test_reexportar_a_un_hijo_y_que_use_al_padre_es_un_ciclo(self):
        src = self.crate(
            {
                "lib.rs": "pub mod db;\n",
                "db/mod.rs": "mod error;\nmod y;\npub use error::Falla;\npub use y::Y;\n",
                "db/error.rs": "pub struct Falla;\n",
                "db/y.rs": "use super::Falla;\npub struct Y;\n",
            }
        )
        _, lineas = revisar(src)
        self.assertEqual(lineas, ["db/mod.rs → db/y.rs → db/mod.rs"])
        # The sibling path resolves to the deepest file, and that breaks it.
        (src / "db/y.rs").write_text("use super::error::Falla;\npub struct Y;\n")
        self.assertEqual(revisar(src)[1], [])

    def test_grupos_self_y_ciclo_largo(self):
        src = self.crate(
            {
                "lib.rs": "pub mod a;\npub mod b;\npub mod c;\n",
                "a.rs": "use crate::{b::{self, B}, x};\n",
                "b.rs": "pub mod hondo;\npub struct B;\nfn f() { self::hondo::g(); }\n",
                "b/hondo.rs": "pub fn g() { let _ = crate::c::C; }\n",
                "c.rs": "pub struct C;\nuse super::a as _;\n",
            }
        )
        _, lineas = revisar(src)
        self.assertEqual(lineas, ["a.rs → b.rs → b/hondo.rs → c.rs → a.rs"])

    def test_comentarios_cadenas_y_modulos_en_linea_no_cuentan(self):
        src = self.crate(
            {
                "lib.rs": "pub mod a;\npub mod b;\n",
                "a.rs": "use crate::b::B;\n",
                "b.rs": (
                    "// use crate::a::A;\n/* crate::a::A */\n"
                    'pub const T: &str = "crate::a::A";\n'
                    "pub const C: char = '\"';\n"
                    "pub struct B<'a>(&'a str);\n"
                    "#[cfg(test)]\nmod tests {\n    use super::*;\n    fn t() { let _ = self::B; }\n}\n"
                ),
            }
        )
        self.assertEqual(revisar(src)[1], [])

    def test_una_visibilidad_no_es_una_arista(self):
        src = self.crate(
            {
                "lib.rs": "pub mod db;\n",
                "db/mod.rs": "mod a;\npub use a::A;\n",
                "db/a.rs": "pub struct A;\nimpl A {\n    pub(in crate::db) fn f() {}\n}\n",
            }
        )
        self.assertEqual(revisar(src)[1], [])

    def test_super_dentro_de_un_modulo_en_linea(self):
        src = self.crate(
            {
                "lib.rs": "pub mod a;\npub mod b;\n",
                "a.rs": "use crate::b::B;\npub struct A;\n",
                "b.rs": "pub struct B;\nmod interno {\n    use super::super::a::A;\n}\n",
            }
        )
        self.assertEqual(revisar(src)[1], ["a.rs → b.rs → a.rs"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
