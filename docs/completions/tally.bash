# bash completion for tally. Generated from the command specs by `tally completions bash`; do not edit.
# Install: make install, or put it in ~/.local/share/bash-completion/completions/tally

_tally() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" path=tally i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "$path ${COMP_WORDS[i]}" in
            "tally report"|"tally weekly"|"tally notes"|"tally notes list"|"tally notes show"|"tally notes approve"|"tally notes reject"|"tally notes reopen"|"tally notes promote"|"tally notes review"|"tally notes export-sql"|"tally notes discard"|"tally notes undo"|"tally import"|"tally pull"|"tally push"|"tally serve"|"tally serve invite"|"tally serve revoke"|"tally status"|"tally sql"|"tally demo"|"tally init"|"tally migrate"|"tally config"|"tally config show"|"tally generate"|"tally completions") path="$path ${COMP_WORDS[i]}" ;;
        esac
    done
    local words="" files="" folders="" values="" arguments=""
    case "$path" in
        "tally") words="report weekly notes import pull push serve status sql demo init migrate config generate completions --help --version" ;;
        "tally report") words="--db --config --demo --tz --exclude-before --exclude-session --as-of --through --votes-per-session --format --only --brief --charts --png --share --bom --lang --output -o --title --vote-url --internal -h --help"; files="--db --config --output -o"; folders="--charts"; values="--tz --exclude-before --exclude-session --as-of --through --votes-per-session --format --only --share --lang --title --vote-url" ;;
        "tally weekly") words="--db --config --demo --through --launch --reports --lang --tz --exclude-before --exclude-session --votes-per-session --force --overwrite --png --html --share --title --vote-url --site-url --internal --quiet -q -h --help"; files="--db --config"; folders="--reports"; values="--through --launch --lang --tz --exclude-before --exclude-session --votes-per-session --share --title --vote-url --site-url" ;;
        "tally notes") words="list show approve reject reopen promote review export-sql discard undo -h --help" ;;
        "tally notes list") words="--status --format --tz --output -o --db --config -h --help"; files="--output -o --db --config"; values="--status --format --tz" ;;
        "tally notes show") words="--format --tz --db --config -h --help"; files="--db --config"; values="--format --tz" ;;
        "tally notes approve") words="--as --reason --expect --expect-version --tz --db --config -h --help"; files="--db --config"; values="--as --reason --expect --expect-version --tz" ;;
        "tally notes reject") words="--as --reason --expect --expect-version --tz --db --config -h --help"; files="--db --config"; values="--as --reason --expect --expect-version --tz" ;;
        "tally notes reopen") words="--as --reason --expect --expect-version --tz --db --config -h --help"; files="--db --config"; values="--as --reason --expect --expect-version --tz" ;;
        "tally notes promote") words="--label --section --as --reason --expect --expect-version --tz --db --config -h --help"; files="--db --config"; values="--label --section --as --reason --expect --expect-version --tz" ;;
        "tally notes review") words="--as --tz --db --config -h --help"; files="--db --config"; values="--as --tz" ;;
        "tally notes export-sql") words="--since --tz --output -o --db --config -h --help"; files="--output -o --db --config"; values="--since --tz" ;;
        "tally notes discard") words="--as --tz --db --config -h --help"; files="--db --config"; values="--as --tz" ;;
        "tally notes undo") words="--as --tz --db --config -h --help"; files="--db --config"; values="--as --tz" ;;
        "tally import") words="--db --config --replace --discard-local --quiet -q -h --help"; files="--db --config"; arguments="files" ;;
        "tally pull") words="--from --wrangler --export --yes --discard-votes --switch-database --timeout --tz --db --config -h --help"; files="--from --db --config"; values="--wrangler --timeout --tz" ;;
        "tally push") words="--output -o --wrangler --again --timeout --tz --db --config -h --help"; files="--output -o --db --config"; values="--wrangler --timeout --tz" ;;
        "tally serve") words="invite revoke --listen --port --allow-remote --public-url --wrangler --as --tz --lang --db --config -h --help"; files="--db --config"; values="--listen --port --public-url --wrangler --as --tz --lang" ;;
        "tally serve invite") words="--replace --show --listen --port --public-url --db --config -h --help"; files="--db --config"; values="--listen --port --public-url" ;;
        "tally serve revoke") words="--db --config -h --help"; files="--db --config" ;;
        "tally status") words="--format --tz --db --config -h --help"; files="--db --config"; values="--format --tz" ;;
        "tally sql") words="--list --all --output-dir --output -o --tz --exclude-before --exclude-session --through --as-of --votes-per-session --session --config --contract-only -h --help"; files="--output -o --config"; folders="--output-dir"; values="--tz --exclude-before --exclude-session --through --as-of --votes-per-session --session" ;;
        "tally demo") words="--db --replace --discard-local --config --quiet -q -h --help"; files="--db --config" ;;
        "tally init") words="--db --config --quiet -q -h --help"; files="--db --config" ;;
        "tally migrate") words="--db --status --config --quiet -q -h --help"; files="--db --config" ;;
        "tally config") words="show -h --help" ;;
        "tally config show") words="--config --db --tz --exclude-before --exclude-session --votes-per-session --launch --lang --reports --internal --title --vote-url --site-url -h --help"; files="--config --db"; folders="--reports"; values="--tz --exclude-before --exclude-session --votes-per-session --launch --lang --title --vote-url --site-url" ;;
        "tally generate") words="--db --votes --days --seed --replace --discard-local --config --quiet -q -h --help"; files="--db --config"; values="--votes --days --seed" ;;
        "tally completions") words="-h --help"; arguments="bash zsh fish" ;;
    esac
    if [[ " $files " == *" $prev "* ]]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
    if [[ " $folders " == *" $prev "* ]]; then COMPREPLY=($(compgen -d -- "$cur")); return; fi
    if [[ " $values " == *" $prev "* ]]; then COMPREPLY=(); return; fi
    if [[ "$cur" != -* && "$arguments" == files ]]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
    if [[ "$cur" != -* && -n "$arguments" ]]; then
        COMPREPLY=($(compgen -W "$arguments" -- "$cur")); return
    fi
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _tally tally
