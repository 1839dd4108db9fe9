#!/usr/bin/env python3
"""Lints udev rules files the way udev parses them (systemd 252 has no `udevadm verify`).

Checks every rule line: KEY[attr]OP"value" tokens separated by commas, known keys,
match operators (==, !=) only on match keys and assignment operators (=, +=, -=, :=)
only on assignment keys, closed quotes, octal MODE, and GROUP/OWNER names that exist
(or that the package's postinst creates: --create NAME). Prints file:line: problem,
exits 1 on any problem.
"""
import grp
import pwd
import re
import sys

MATCH_KEYS = {"ACTION", "DEVPATH", "KERNEL", "KERNELS", "NAME", "SYMLINK", "SUBSYSTEM",
              "SUBSYSTEMS", "DRIVER", "DRIVERS", "ATTR", "ATTRS", "SYSCTL", "ENV", "CONST",
              "TAG", "TAGS", "TEST", "PROGRAM", "RESULT", "PARENT"}
ASSIGN_KEYS = {"NAME", "SYMLINK", "OWNER", "GROUP", "MODE", "SECLABEL", "ATTR", "SYSCTL",
               "ENV", "TAG", "RUN", "LABEL", "GOTO", "IMPORT", "OPTIONS"}
KEYS_WITH_ATTR = {"ATTR", "ATTRS", "SYSCTL", "ENV", "CONST", "TEST", "IMPORT", "RUN", "SECLABEL"}
TOKEN = re.compile(r'\s*([A-Z]+)(\{[^}]*\})?\s*(==|!=|\+=|-=|:=|=)\s*"((?:[^"\\]|\\.)*)"\s*')


def lint_line(text, known_groups):
    problems, position, has_assignment = [], 0, False
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match:
            return problems + [f"cannot read a KEY==\"value\" token at column {position + 1}: {text[position:][:30]!r}"]
        key, attr, op, value = match.groups()
        if key not in MATCH_KEYS | ASSIGN_KEYS:
            problems.append(f"unknown key {key}")
        elif attr and key not in KEYS_WITH_ATTR:
            problems.append(f"{key} takes no {{attribute}}")
        elif op in ("==", "!=") and key not in MATCH_KEYS:
            problems.append(f"{key} cannot be matched with {op}, only assigned")
        elif op not in ("==", "!=") and key not in ASSIGN_KEYS:
            problems.append(f"{key} is a match key: use == or != (not {op})")
        has_assignment |= op not in ("==", "!=")
        if key == "MODE" and op != "==" and not re.fullmatch(r"0?[0-7]{3,4}", value):
            problems.append(f"MODE {value!r} is not an octal mode")
        if key == "GROUP" and op != "==" and value not in known_groups:
            problems.append(f"group {value!r} does not exist here and is not created by the package")
        if key == "OWNER" and op != "==":
            try:
                pwd.getpwnam(value)
            except KeyError:
                problems.append(f"user {value!r} does not exist")
        position = match.end()
        if position < len(text):
            if text[position] != ",":
                return problems + [f"expected ',' between tokens at column {position + 1}"]
            position += 1
    if not has_assignment:
        problems.append("the rule only matches and assigns nothing")
    return problems


def main(argv):
    created, files = set(), []
    arguments = iter(argv)
    for argument in arguments:
        if argument == "--create":
            created.add(next(arguments))
        else:
            files.append(argument)
    if not files:
        print("usage: lint-udev.py [--create GROUP]... FILE.rules...", file=sys.stderr)
        return 64
    known_groups = {g.gr_name for g in grp.getgrall()} | created
    failures = 0
    for path in files:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        number = 0
        while number < len(lines):
            start, text = number + 1, lines[number]
            while text.endswith("\\") and number + 1 < len(lines):  # continued line
                number += 1
                text = text[:-1] + lines[number]
            number += 1
            if not text.strip() or text.lstrip().startswith("#"):
                continue
            for problem in lint_line(text.strip(), known_groups):
                print(f"{path}:{start}: {problem}")
                failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
