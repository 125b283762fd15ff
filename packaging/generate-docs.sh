#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the man pages holescope-cli.1 and holescope.1 and the bash completion holescope-cli.bash
# from the programs' own --help, so that none of them can drift from the options they describe.
# usage: generate-docs.sh HOLESCOPE_CLI HOLESCOPE_GUI OUTDIR VERSION
set -eu
cli=$1 gui=$2 out=$3 version=$4
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=detect_leaks=0

# The commands, as the top-level help lists them ("  NAME  description").
commands=$("$cli" --help | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
[ -n "$commands" ] || { echo "generate-docs.sh: $cli --help lists no commands" >&2; exit 1; }

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# A program's help (it must succeed) as preformatted troff: backslashes and hyphens escaped, no
# line read as a request.
help() {
    "$@" > "$tmp"
    sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\([.']\)/\\\\\&\1/" -e 's/^Usage: [^ ]*holescope /Usage: holescope /' \
        -e '/\\-\\-help\\-all/d' "$tmp"
}

# The long options a help text lists in its option table (not those its prose mentions).
optionsOf() {
    "$@" > "$tmp"
    sed -n 's/^ *\(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p' "$tmp" | sort -u
}

{
    printf '.TH HOLESCOPE-CLI 1 "" "holescope %s" "User Commands"\n' "$version"
    printf '.SH NAME\nholescope-cli \\- replay DTR training traces under memory budgets, sweep budgets, find and explain feasibility holes\n'
    printf '.SH SYNOPSIS\n.B holescope-cli\n.I COMMAND\n[\\fIoptions\\fR]\n.br\n.B holescope-cli\n.I COMMAND\n\\-\\-help\n'
    printf '.SH DESCRIPTION\n.nf\n'
    help "$cli" --help
    printf '.fi\n.SH COMMANDS\n'
    for c in $commands; do
        if [ "$c" = figure ]; then
            for kind in outcome pair; do
                printf '.SS "figure %s"\n.nf\n' "$kind"
                help "$cli" figure "$kind" --help
                printf '.fi\n'
            done
        else
            printf '.SS "%s"\n.nf\n' "$c"
            help "$cli" "$c" --help
            printf '.fi\n'
        fi
    done
    printf '.SH EXIT STATUS\n0 whatever the outcome of a replay; 2 for bad input or usage (the message names the file, line and field); 1 for an internal error.\n'
    printf '.SH SEE ALSO\n.BR holescope (1)\n'
} > "$out/holescope-cli.1"

{
    printf '.TH HOLESCOPE 1 "" "holescope %s" "User Commands"\n' "$version"
    printf '.SH NAME\nholescope \\- desktop application for the forensics of memory\\-budgeted training (DTR)\n'
    printf '.SH SYNOPSIS\n.B holescope\n[\\fIoptions\\fR] [\\fIFILE\\fR]\n'
    printf '.SH DESCRIPTION\n.nf\n'
    help "$gui" --help
    printf '.fi\n.SH SEE ALSO\n.BR holescope\\-cli (1)\n'
} > "$out/holescope.1"

{
    printf '# bash completion for holescope-cli %s, generated from its --help\n' "$version"
    printf '_holescope_cli()\n{\n'
    printf '    local cur=${COMP_WORDS[COMP_CWORD]}\n'
    printf '    if [ "$COMP_CWORD" -eq 1 ]; then\n'
    printf '        COMPREPLY=($(compgen -W "%s --help --version" -- "$cur"))\n' "$(echo $commands)"
    printf '        return\n    fi\n'
    printf '    if [ "${COMP_WORDS[1]}" = figure ] && [ "$COMP_CWORD" -eq 2 ]; then\n'
    printf '        COMPREPLY=($(compgen -W "outcome pair --help" -- "$cur"))\n        return\n    fi\n'
    printf '    local opts\n    case ${COMP_WORDS[1]} in\n'
    for c in $commands; do
        if [ "$c" = figure ]; then
            opts=$( (optionsOf "$cli" figure outcome --help; optionsOf "$cli" figure pair --help) | sort -u)
        else
            opts=$(optionsOf "$cli" "$c" --help)
        fi
        printf '    %s) opts="%s" ;;\n' "$c" "$(echo $opts)"
    done
    printf '    *) return ;;\n    esac\n'
    printf '    if [[ $cur == -* ]]; then\n        COMPREPLY=($(compgen -W "$opts" -- "$cur"))\n'
    printf '    else\n        COMPREPLY=($(compgen -f -- "$cur"))\n    fi\n}\n'
    printf 'complete -o filenames -F _holescope_cli holescope-cli\n'
} > "$out/holescope-cli.bash"

# The installed man pages are compressed (-n: no name or time stamp, so the bytes do not vary).
gzip -9nkf "$out/holescope-cli.1" "$out/holescope.1"
