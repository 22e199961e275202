"""``clank lsp``: the language server of content packs (the extra ``clank-engine[lsp]``).

An editor starts ``clank lsp`` and talks to it over stdio (the Language Server Protocol). The
server checks the pack a file belongs to as it is typed, with the validator of ``clank validate``
(its problems, ranges, words and rule ids), reading the editor's unsaved text instead of the
files (:mod:`clank.content.overlay`); it offers the did-you-mean fixes the validator proposes
as code actions, completes ids, op names, their arguments and keys, shows an op's guide text, a
key's description or a card on hover,
goes to where an id is defined and finds where the pack uses it.

- :mod:`clank_cli.lsp.documents`: files, URIs, the pack a file belongs to, the open files' text;
- :mod:`clank_cli.lsp.checker`: one pack validated with the unsaved text, problems by file;
- :mod:`clank_cli.lsp.diagnostics`: a problem as an editor's diagnostic (its range in the text);
- :mod:`clank_cli.lsp.actions`: the did-you-mean fixes as code actions;
- :mod:`clank_cli.lsp.catalog`: the ids every loaded pack defines, the ops, conditions and
  names the packs' code registers and the arguments ops take (:mod:`clank_cli.lsp.opargs`), the
  guide's sections and key tables (:mod:`clank_cli.lsp.guide`);
- :mod:`clank_cli.lsp.words`: the word under the cursor;
- :mod:`clank_cli.lsp.completion`, :mod:`clank_cli.lsp.keys`, :mod:`clank_cli.lsp.arguments`,
  :mod:`clank_cli.lsp.hover`, :mod:`clank_cli.lsp.keydocs`, :mod:`clank_cli.lsp.navigation`: what
  completion, hover, definition and references answer;
- :mod:`clank_cli.lsp.server`: the pygls server, its handlers and the debounced checks.

Nothing here is imported when ``clank`` starts: the command imports the server lazily, and says
which extra to install when pygls is missing.
"""
