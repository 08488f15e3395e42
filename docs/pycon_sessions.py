"""A Markdown extension for the site: interactive sessions shown as code.

The docstrings' doctests (``>>>`` lines and their output) read as nested quotes in
Markdown; ``SessionsAsCode`` turns each into a ``pycon`` code block, in the pages and in
the docstrings mkdocstrings renders (``hooks.on_config`` adds it).
"""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor


class Sessions(Preprocessor):
    """Interactive sessions (``>>>`` lines and their output, up to a blank line) outside a
    fenced block become ``pycon`` code blocks: the docstrings' doctests, shown as code
    rather than as nested quotes.

    >>> Sessions().run(["Text.", "", ">>> 1 + 1", "2", "", "More."])
    ['Text.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'More.']
    """

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence = ""  # the fence of the fenced block we are in, if any
        session: str | None = None  # the indent of the session we are in, if any
        for line in lines:
            text = line.lstrip()
            indent = line[: len(line) - len(text)]
            if session is not None and not text:
                out += [session + "```", ""]
                session = None
                continue
            if session is None and not fence and text.startswith(">>> "):
                if out and out[-1].strip():
                    out.append("")
                out.append(indent + "```pycon")
                session = indent
            elif session is None and text.startswith(("```", "~~~")):
                fence = "" if fence and text.startswith(fence) else (fence or text[:3])
            out.append(line)
        if session is not None:
            out.append(session + "```")
        return out


class SessionsAsCode(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.preprocessors.register(Sessions(md), "squares_sessions", 40)
