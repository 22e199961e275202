"""The content pipeline: reading pack files, validating them, exporting schemas.

Everything here turns YAML written by a pack author into checked plain data (or precise
problems at ``file:line:col``); nothing here plays a game (an import-linter contract in
``pyproject.toml`` keeps it so).

The names below are its public API, what front ends such as the ``clank`` command use; the
modules behind them are the pipeline's own business. They are imported on first use
(PEP 562), so importing this package costs nothing until one is needed.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_PUBLIC = {
    "ContentError": "problems", "Problem": "problems", "did_you_mean": "problems", "sort_problems": "problems",
    "MANIFEST": "packdata", "PackData": "packdata", "as_dict": "packdata", "as_list": "packdata",
    "ALL_PARTS": "packread", "new_context": "packread", "read_pack": "packread",
    "file_kind": "validate", "peek_id": "validate", "check_file": "validate", "check_pack_dirs": "validate",
    "load_pack_dirs": "validate",
    "MAX_BYTES": "yamlload", "load_yaml_file": "yamlload",
    "Overlay": "overlay", "overlay_key": "overlay", "ContentMemo": "memo",
    "FILE_KINDS": "schemas", "check_all_schemas": "schemas",
    "export_schemas": "schema_export", "modeline": "schema_export",
    "compose_scenario_schema": "scenario_schema", "scenario_validator": "scenario_schema",
    "OverrideError": "overrides", "apply_overrides": "overrides", "parse_setting": "overrides",
    "with_setting": "overrides", "without_card": "overrides",
}
"""Each public name and the module of this package that defines it."""

if TYPE_CHECKING:
    from clank.content.memo import ContentMemo
    from clank.content.overlay import Overlay, overlay_key
    from clank.content.overrides import (
        OverrideError,
        apply_overrides,
        parse_setting,
        with_setting,
        without_card,
    )
    from clank.content.packdata import MANIFEST, PackData, as_dict, as_list
    from clank.content.packread import ALL_PARTS, new_context, read_pack
    from clank.content.problems import ContentError, Problem, did_you_mean, sort_problems
    from clank.content.scenario_schema import compose_scenario_schema, scenario_validator
    from clank.content.schema_export import export_schemas, modeline
    from clank.content.schemas import FILE_KINDS, check_all_schemas
    from clank.content.validate import check_file, check_pack_dirs, file_kind, load_pack_dirs, peek_id
    from clank.content.yamlload import MAX_BYTES, load_yaml_file


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'clank.content' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"clank.content.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_PUBLIC])


__all__ = ["ALL_PARTS", "FILE_KINDS", "MANIFEST", "MAX_BYTES", "ContentError", "ContentMemo", "Overlay", "OverrideError", "PackData", "Problem",
           "apply_overrides", "as_dict", "as_list", "check_all_schemas", "check_file", "check_pack_dirs",
           "compose_scenario_schema", "did_you_mean", "export_schemas", "file_kind", "load_pack_dirs",
           "load_yaml_file", "modeline", "new_context", "overlay_key", "parse_setting", "peek_id", "read_pack", "scenario_validator",
           "sort_problems", "with_setting", "without_card"]
