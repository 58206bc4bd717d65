"""The BRIDGE_* functions for xlwings Lite (``xlbridge addin lite -o FOLDER``).

xlwings Lite runs Python (Pyodide) inside Excel on Windows, Mac and the web, and installs
packages from a package index only. The functions need no index: they use the standard library
and xlbridge's rules layer alone. So FOLDER gets what a Lite user needs:

- ``personal/xlbridge/``: the xlbridge modules the functions import, directly or not, copied
  from this installation (:func:`module_files`). Lite imports a folder named ``personal``
  uploaded under Files > Import/Export (or mounted there, desktop Excel on Windows) as its
  *personal modules*, importable from any workbook's ``main.py``
  (https://lite.xlwings.org/personal_modules, https://lite.xlwings.org/files).
- ``main.py``: each function registered with Lite's ``func`` and ``arg`` decorators
  (https://lite.xlwings.org/custom_functions), with the same argument texts as classic xlwings,
  calling the one body in :mod:`xlbridge.excel.udf` (:func:`main_py`).
- ``README.txt``: the steps.

Lite passes an empty cell as 0 where classic xlwings passes None (xlwings' table "Custom
functions vs. legacy UDFs", docs/pro/server/officejs_custom_functions.rst). ``main.py`` reads
0 as an empty cell in the arguments :data:`xlbridge.excel.udf.LITE_BLANKS` lists for each
function, so that a blank traveller row gives a blank cell, never a passed-out board's 0.

>>> "xlbridge/excel/udf.py" in module_files() and "xlbridge/workbook/cells.py" not in module_files()
True
>>> "def BRIDGE_SCORE(contract, declarer, result, vulnerability):" in main_py()
True
"""

from __future__ import annotations

import ast
import functools
import inspect
from functools import cache
from pathlib import Path
from typing import Any

import xlbridge
from xlbridge.errors import WorkbookError
from xlbridge.excel import udf
from xlbridge.excel.cells import OMITTED
from xlbridge.interchange.files import write_atomically

__all__ = ["MAIN", "PERSONAL", "README", "main_py", "module_files", "readme", "write_lite"]

PERSONAL = "personal"
"""The folder Lite loads personal modules from."""
MAIN = "main.py"
README = "README.txt"
_ROOT_MODULE = "xlbridge.excel.udf"
_PACKAGE = Path(xlbridge.__file__).resolve().parent


def _file_of(module: str) -> Path | None:
    """The source file of an xlbridge module (``a/b.py`` or ``a/b/__init__.py``), or None."""
    parts = module.split(".")
    if parts[0] != "xlbridge":
        return None
    base = _PACKAGE.joinpath(*parts[1:])
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(tree: ast.AST) -> list[str]:
    """Module names a module imports as it is imported: not under ``if TYPE_CHECKING``, nor in a
    function's body (``xlbridge.__getattr__`` imports the families only when asked)."""
    found: list[str] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
            found.extend(f"{node.module}.{alias.name}" for alias in node.names)
        todo.extend(ast.iter_child_nodes(node))
    return found


@cache
def module_files() -> tuple[str, ...]:
    """The xlbridge modules the functions run, as paths from the package's parent, sorted:
    :mod:`xlbridge.excel.udf`, what it imports directly or not, and their packages."""
    seen: set[str] = set()
    todo = [_ROOT_MODULE]
    while todo:
        name = todo.pop()
        if name in seen or _file_of(name) is None:
            continue
        seen.add(name)
        parent = name.rpartition(".")[0]
        if parent:
            todo.append(parent)
        path = _file_of(name)
        assert path is not None
        todo.extend(_imported(ast.parse(path.read_text(encoding="utf-8"))))
    return tuple(
        sorted(str(p.relative_to(_PACKAGE.parent).as_posix()) for n in seen if (p := _file_of(n)))
    )


def _default(value: Any) -> str:
    return "_OMITTED" if value is OMITTED else repr(value)


def _function(name: str) -> list[str]:
    params = list(inspect.signature(getattr(udf, name)).parameters.values())
    blanks = udf.LITE_BLANKS[name]
    options = udf.ARGUMENTS[name]
    lines = ["", "", f"# {udf.lite_note(blanks)}", "@func"]
    for p in params:
        given = "".join(f", {key}={value!r}" for key, value in options.get(p.name, {}).items())
        lines.append(f"@arg({p.name!r}{given})")
    signature = ", ".join(
        p.name if p.default is inspect.Parameter.empty else f"{p.name}={_default(p.default)}"
        for p in params
    )
    call = ", ".join(f"_blank({p.name})" if p.name in blanks else p.name for p in params)
    lines += [
        f"def {name}({signature}):",
        f"    {udf.tooltip(name)!r}",
        f"    return _udf.{name}({call})",
    ]
    return lines


def main_py() -> str:
    """The ``main.py`` for xlwings Lite: every BRIDGE_* function under Lite's decorators."""
    head = [
        '"""xlbridge\'s BRIDGE_* functions for xlwings Lite, written by `xlbridge addin lite`.',
        "",
        "The functions come from the folder personal/xlbridge written beside this file: upload",
        "it in xlwings Lite (menu > Files > Import/Export), then Restart. See README.txt.",
        '"""',
        "",
        "from xlwings import arg, func",
        "",
        "from xlbridge.excel import udf as _udf",
        "from xlbridge.excel.cells import OMITTED as _OMITTED",
        "from xlbridge.excel.cells import lite_blank as _blank",
    ]
    for name in udf.__all__:
        head += _function(name)
    return "\n".join(head) + "\n"


def readme() -> str:
    """The steps, for README.txt."""
    return f"""xlbridge's BRIDGE_* functions in xlwings Lite (Excel on Windows, Mac and the web)

Needs: Excel from Microsoft 365, or Office 2021 or later, on Windows or on a Mac (macOS 13
Ventura or later), or Excel on the web in a recent browser (https://lite.xlwings.org/quickstart).
Nothing is installed from a package index: leave requirements.txt as it is.

1. In Excel: Home > Add-ins, search for xlwings, add xlwings Lite; open its editor with the
   xlwings Lite button on the Home tab.
2. xlwings Lite menu > Files > Import/Export: drop the folder "{PERSONAL}" from here onto the
   drop zone. (Desktop Excel on Windows can instead mount it as /{PERSONAL} under Local
   Folders.) These are Lite's personal modules: https://lite.xlwings.org/personal_modules
3. xlwings Lite menu > Restart.
4. In the editor's main.py tab, replace its text with the text of {MAIN} from here (or paste it
   below your own code). It is saved in the workbook.
5. In a cell: =BRIDGE_SCORE("4S","N",10,"None") gives 420.

Empty cells: Lite passes an empty cell as 0. For a contract, declarer, result, vulnerability,
board or deal number, honours or an option, a 0 reads as an empty cell, so a blank traveller row
gives a blank cell. Type a result of no tricks as the text 0 (with an apostrophe: '0). In score,
IMP and count arguments 0 is a number: leave a board not played as ="" (or use BRIDGE_SCORE's
column, blank where the row is blank), not as an empty cell, in a column of scores.
"""


def write_lite(folder: str | Path, force: bool = False) -> list[Path]:
    """Write FOLDER for xlwings Lite: ``personal/xlbridge/...``, ``main.py`` and ``README.txt``.

    An existing folder must be empty unless ``force``; every file is written atomically.
    Returns the files written.
    """
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise WorkbookError(f"{str(out)!r} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise WorkbookError(f"folder {str(out)!r} is not empty; use --force to write into it")
    texts: dict[Path, str] = {
        out / PERSONAL / rel: (_PACKAGE.parent / rel).read_text(encoding="utf-8")
        for rel in module_files()
    }
    texts[out / MAIN] = main_py()
    texts[out / README] = readme()
    for path, text in texts.items():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            where = str(path.parent)
            raise WorkbookError(f"cannot make folder {where!r}: {exc.strerror}") from None
        write_atomically(path, functools.partial(_write_text, text=text), force)
    return list(texts)


def _write_text(tmp: str, text: str) -> None:
    Path(tmp).write_text(text, encoding="utf-8")
