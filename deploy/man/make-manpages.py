#!/usr/bin/env python3
"""Writes the manual pages the .deb installs, each from the one source it documents:

  crated.8, crate-web.8,    from the commands' own help (ArgumentParser's
  crate-admin.1             --experimental-dump-help), so --help and man agree;
  crate.toml.5              from deploy/crate.toml, the commented reference
                            configuration, so the page and the file an admin
                            edits cannot disagree.

    make-manpages.py OUTDIR VERSION DATE CONFIG BINARY:SECTION... [-- RUNNER...]
    make-manpages.py --markdown CONFIG > docs/configuration.md

RUNNER runs a binary of another architecture (qemu-aarch64 -L SYSROOT)."""
import io
import json
import re
import subprocess
import sys
from contextlib import redirect_stdout

def roff(text):
    # A leading dot or quote would be read as a request; backslashes and dashes escaped.
    text = text.replace("\\", "\\e").replace("-", "\\-").replace('"', "\\(dq")
    return "\\&" + text if text[:1] in ".'" else text


def paragraphs(comment, new_paragraph=".PP"):
    """Comment lines → roff: prose filled, indented lines verbatim, blank lines split
    (.IP inside a setting's tagged paragraph keeps its indent)."""
    out, verbatim = [], False
    for line in comment:
        literal = line.startswith("  ")
        if literal and not verbatim:
            out.append(".nf\n.in +4")
        elif not literal and verbatim:
            out.append(".in\n.fi")
        verbatim = literal
        out.append(new_paragraph if not line.strip() and not literal else roff(line.strip() if not literal else line[2:]))
    if verbatim:
        out.append(".in\n.fi")
    return out


def read_config(source):
    """deploy/crate.toml as (opening comment, items): ("table", name, notes before it)
    and ("setting", [(key, default)...], comment). Keys written together share the
    comment above the first; a commented-out key directly under prose is a setting too."""
    lines = open(source, encoding="utf-8").read().splitlines()
    head, i = [], 0
    while i < len(lines) and lines[i].startswith("#"):
        head.append(lines[i][2:] if lines[i].startswith("# ") else "")
        i += 1
    if head and "crate.toml" in head[0]:
        head = head[1:]
    items, comment, previous_was_setting = [], [], False
    for line in lines[i:]:
        table = re.match(r"^\[([a-z_]+)\]\s*$", line)
        setting = re.match(r"^#?\s*([a-z_]+)\s*=\s*(.*)$", line) if not line.startswith("#  ") else None
        if table:
            # Notes after a table's last key (examples) belong to that table.
            items.append(("table", table.group(1), comment))
            comment = []
        elif setting and (not line.startswith("#") or (comment and comment[-1][:1] not in ("", " "))):
            key = (setting.group(1), setting.group(2).strip())
            if items and items[-1][0] == "setting" and previous_was_setting and not comment:
                items[-1][1].append(key)
            else:
                items.append(("setting", [key], comment or ["(no description)"]))
            comment = []
        elif line.startswith("#"):
            # "#[table]", "#key = value", "## note": an example to uncomment, kept as written.
            comment.append(line[2:] if line.startswith("# ") else "  " + line[1:] if line[1:].strip() else "")
        elif not line.strip() and comment:
            comment.append("")
        previous_was_setting = bool(setting) and not table
    return head, items


def config_page(source, version, date):
    head, items = read_config(source)
    print(f'.TH CRATE.TOML 5 "{date}" "crate {version}" "File Formats Manual"')
    print(".SH NAME\ncrate.toml \\- configuration of crated, the Crate album player")
    print(".SH SYNOPSIS\n/etc/crate/crate.toml")
    print(".SH DESCRIPTION")
    print("\n".join(paragraphs(head)))
    print(".SH SETTINGS")
    for item in items:
        if item[0] == "table":
            if item[2]:
                print(".PP\n" + "\n".join(paragraphs(item[2])))
            print(f".SS [{item[1]}]")
        else:
            tags = [f".B {roff(k)} = {roff(v)}" for k, v in item[1]]
            print(f".TP\n{tags[0]}" + "".join(f"\n.TQ\n{t}" for t in tags[1:]))
            print("\n".join(paragraphs(item[2], ".IP")))
    print(".SH FILES\n.TP\n/etc/crate/crate.toml\nthe configuration crated reads")
    print(".TP\n/usr/share/crate/crate.toml.reference\nthis reference, as installed")
    print(".SH SEE ALSO\n.BR crated (8),\n.BR crate\\-admin (1),\n.BR crate\\-web (8)")


def markdown(comment):
    """Comment lines → Markdown: prose as paragraphs, indented lines as code blocks."""
    out, verbatim = [], False
    for line in comment:
        literal = line.startswith("  ")
        if literal != verbatim:
            out.append("```" if literal else "```\n")
            if literal and out[-2:-1] and out[-2] != "":
                out.insert(len(out) - 1, "")
        verbatim = literal
        out.append(line[2:] if literal else line)
    if verbatim:
        out.append("```")
    return "\n".join(out).strip("\n")


def config_markdown(source):
    """docs/configuration.md: the same reference, for reading on the web or in the repo."""
    with redirect_stdout(io.StringIO()) as text:
        config_markdown_body(source)
    sys.stdout.write(re.sub(r"\n{3,}", "\n\n", text.getvalue()).rstrip("\n") + "\n")


def config_markdown_body(source):
    head, items = read_config(source)
    print("# Configuration reference: /etc/crate/crate.toml\n")
    print("Made from `deploy/crate.toml`, the commented file the package installs, by\n"
          "`deploy/man/make-manpages.py --markdown` (the test command checks that it is up\n"
          "to date); on the box the same text is `man 5 crate.toml`.\n")
    print(markdown(head) + "\n")
    for item in items:
        if item[0] == "table":
            if item[2]:
                print(markdown(item[2]) + "\n")
            print(f"## [{item[1]}]\n")
        else:
            print(", ".join(f"`{k} = {v}`" for k, v in item[1]) + "\n")
            print(markdown(item[2]) + "\n")


def names(argument):
    if argument["kind"] == "positional":
        return argument.get("valueName", "")
    flags = ", ".join(("-" if n["kind"] == "short" else "--") + n["name"] for n in argument.get("names", []))
    return flags + ("" if argument["kind"] == "flag" else " " + argument.get("valueName", ""))


def shared(argument):
    # The connection options and --version/--help come with every subcommand: said once.
    return argument.get("sectionTitle") == "Connection Options" or \
        any(n["name"] in ("version", "help", "h") for n in argument.get("names", []))


def arguments(args):
    for argument in args:
        if not argument.get("shouldDisplay", True):
            continue
        print(f".TP\n.B {roff(names(argument))}")
        print(roff(argument.get("abstract", "")))
        if argument.get("discussion"):
            print(".IP\n" + "\n".join(paragraphs(argument["discussion"].splitlines(), ".IP")))
        if argument.get("defaultValue"):
            print(f".IP\nDefault: {roff(argument['defaultValue'])}")


def subcommands(command, path):
    for sub in command.get("subcommands", []):
        if not sub.get("shouldDisplay", True) or sub["commandName"] == "help":
            continue
        full = f"{path} {sub['commandName']}"
        print(f".SS {roff(full)}")
        print(roff(sub.get("abstract", "")))
        if sub.get("discussion"):
            print(".PP\n" + "\n".join(paragraphs(sub["discussion"].splitlines())))
        arguments([a for a in sub.get("arguments", []) if not shared(a)])
        subcommands(sub, full)


def command_page(binary, section, version, date, runner):
    info = json.loads(subprocess.run([*runner, binary, "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True).stdout)["command"]
    name = info["commandName"]
    print(f'.TH {name.upper()} {section} "{date}" "crate {version}" "Crate"')
    print(f".SH NAME\n{roff(name)} \\- {roff(info.get('abstract', '').rstrip('.'))}")
    subs = [s for s in info.get("subcommands", []) if s["commandName"] != "help"]
    print(f".SH SYNOPSIS\n.B {roff(name)}\n" + ("COMMAND [OPTIONS]" if subs else "[OPTIONS]"))
    if info.get("discussion"):
        print(".SH DESCRIPTION\n" + "\n".join(paragraphs(info["discussion"].splitlines())))
    print(".SH OPTIONS")
    arguments(info.get("arguments", []))
    common = next((s for s in subs if any(shared(a) for a in s.get("arguments", []))), None)
    if common:
        print(".SS Every command takes")
        arguments([a for a in common["arguments"] if shared(a)])
    if subs:
        print(".SH COMMANDS")
        subcommands(info, name)
    print(".SH FILES\n.TP\n/etc/crate/crate.toml\nthe configuration\n.TP\n/run/crate/crate.sock\nthe control socket")
    others = [p for p in ("crated (8)", "crate\\-admin (1)", "crate\\-web (8)", "crate.toml (5)")
              if not p.startswith(roff(name) + " ")]
    print(".SH SEE ALSO\n" + ",\n".join(".BR " + p for p in others))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--markdown":
        return config_markdown(sys.argv[2])
    args = sys.argv[1:]
    runner = args[args.index("--") + 1:] if "--" in args else []
    args = args[:args.index("--")] if "--" in args else args
    if len(args) < 5:
        sys.exit(__doc__)
    out, version, date, config, commands = args[0], args[1], args[2], args[3], args[4:]
    for command in commands:
        binary, section = command.rsplit(":", 1)
        name = binary.rsplit("/", 1)[-1]
        with open(f"{out}/{name}.{section}", "w", encoding="utf-8") as f, redirect_stdout(f):
            command_page(binary, int(section), version, date, runner)
    with open(f"{out}/crate.toml.5", "w", encoding="utf-8") as f, redirect_stdout(f):
        config_page(config, version, date)

main()
