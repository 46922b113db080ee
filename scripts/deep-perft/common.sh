# Shared by the deep-perft scripts: finding bb, installing what is missing,
# splitting once.

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# The bb binary: $BB, or the workspace's release build (built if missing).
bb_binary() {
    if [ -n "${BB:-}" ]; then
        echo "$BB"
        return
    fi
    if [ ! -x "$repo/target/release/bb" ]; then
        echo "building bb (cargo build --release -p bb-cli)" >&2
        (cd "$repo" && cargo build --release -p bb-cli >&2)
    fi
    echo "$repo/target/release/bb"
}

# driver_arguments SCRIPT DIR DEPTH [PLY [SLICES]]: sets dir, depth, ply
# (default 4, 5 past depth 8, the depth below 4) and slices (default 32) for a driver
# script, or prints SCRIPT's header comment as its usage and exits 2.
driver_arguments() {
    local script=$1
    shift
    if [ $# -lt 2 ]; then
        sed -n '2,/^set -euo/p' "$script" | sed '$d; s/^# \{0,1\}//' >&2
        exit 2
    fi
    local default_ply=$(( $2 > 8 ? 5 : $2 < 4 ? $2 : 4 ))
    dir=$1 depth=$2 ply=${3:-$default_ply} slices=${4:-32}
}

# ensure_command COMMAND DEBIAN-PACKAGE: installs the package if the command
# is missing (as root, or through sudo).
ensure_command() {
    command -v "$1" >/dev/null && return
    echo "installing Debian's $2 (for $1)" >&2
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo -n)
    "${sudo[@]}" apt-get install -y -q "$2" >&2 ||
        { "${sudo[@]}" apt-get update -q >&2 && "${sudo[@]}" apt-get install -y -q "$2" >&2; }
}

# split_once BB DIR DEPTH PLY SLICES: writes DIR/units.txt unless it is
# there already, and refuses to go on when it is there for another root,
# depth or ply, or DIR was cut into another number of slices (each slice
# skips only the units of its own results file: other slices would count
# units twice).
split_once() {
    local bb=$1 dir=$2 depth=$3 ply=$4 slices=$5
    local fen=()
    [ -z "${FEN:-}" ] || fen=(--fen "$FEN")
    if [ -f "$dir/units.txt" ]; then
        local root
        root=$("$bb" perft split 0 "${fen[@]}" --ply 0 | sed -n 2p)
        if [ "$(sed -n 2,4p "$dir/units.txt")" != "$(printf '%s\ndepth %s\nply %s' "$root" "$depth" "$ply")" ]; then
            echo "$dir/units.txt is for another root, depth or ply; use another directory" >&2
            exit 2
        fi
    else
        "$bb" perft split "$depth" "${fen[@]}" --ply "$ply" --output "$dir/units.txt.part" >&2
        mv "$dir/units.txt.part" "$dir/units.txt"
    fi
    if [ -f "$dir/slices" ] && [ "$(cat "$dir/slices")" != "$slices" ]; then
        echo "$dir was cut into $(cat "$dir/slices") slices, not $slices; use the same number" >&2
        exit 2
    fi
    echo "$slices" >"$dir/slices"
}

# The perft counts the tests check, verified by two independent programs
# (../shared/perft).
declare -A KNOWN_PERFT=([7]=3195901860 [8]=84998978956 [9]=2439530234167)

# expect_total OUTPUT DEPTH: OUTPUT's last line must be `nodes N ...` with
# N the known perft of the initial position at DEPTH.
expect_total() {
    local got
    got=$(echo "$1" | tail -n 1 | awk '$1 == "nodes" { print $2 }')
    if [ "$got" != "${KNOWN_PERFT[$2]}" ]; then
        echo "FAIL: perft $2 gave '${got:-nothing}', expected ${KNOWN_PERFT[$2]}" >&2
        exit 1
    fi
    echo "ok: perft $2 = $got" >&2
}

# results_lines DIR: how many result lines DIR/results holds so far.
results_lines() {
    cat "$1"/results/*.txt 2>/dev/null | wc -l
}

# cut_mid_line FILE: truncates FILE in the middle of its middle line.
cut_mid_line() {
    local size
    size=$(wc -c <"$1")
    truncate -s $(( size / 2 )) "$1"
    # Half-way could fall just after a newline: cut 5 more bytes then.
    if [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ]; then
        truncate -s $(( size / 2 - 5 )) "$1"
    fi
}
