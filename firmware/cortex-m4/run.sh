#!/bin/sh
# Builds the perft firmware and runs it in QEMU's Cortex-M4 board; exits
# with the firmware's verdict (0: every count right).
#
#   ./run.sh [native|hilo] [--compact]
#
# The backend defaults to bb-core's choice for a 32-bit target (hilo);
# `--compact` selects bb-tables' compact slider lookups. Each combination
# builds in its own directory under target/, and the flash size of the
# image (vector table, code and read-only data) is printed before the run.
set -eu
cd "$(dirname "$0")"

backend=""
features=""
for arg in "$@"; do
    case "$arg" in
        native | hilo) backend="$arg" ;;
        --compact) features="compact-sliders" ;;
        *)
            echo "usage: $0 [native|hilo] [--compact]" >&2
            exit 2
            ;;
    esac
done

name="${backend:-default}${features:+-compact}"
export CARGO_TARGET_DIR="target/$name"
export BB_BACKEND="$backend"

cargo build --release --features "$features"
elf="$CARGO_TARGET_DIR/thumbv7em-none-eabihf/release/bb-firmware-cortex-m4"
if command -v size > /dev/null 2>&1; then
    # Berkeley format: `text` is everything in flash (.vector_table, .text,
    # .rodata); `data` is initialised RAM, also stored in flash.
    size "$elf" | awk -v name="$name" 'NR == 2 { print "flash " name ": text " $1 " + data " $2 " = " $1 + $2 " bytes" }'
fi
cargo run --release --features "$features"
