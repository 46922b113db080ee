#!/usr/bin/env python3
"""Runs a wasm32-wasip1 program under wasmtime (the PyPI package): the
cargo runner of that target in `cargo xtask`.

    run.py PROGRAM.wasm [ARGS...]

The program gets the arguments, the environment, stdin, stdout and stderr of
this process, and the host's file system at the same paths (`/` preopened
as `/`, and the working directory as `.`), so tests that open files by their
absolute paths work as they do natively. Its exit code is this script's;
a trap (a panic aborts on this target) exits with 134, like SIGABRT.
"""

import os
import sys

try:
    import wasmtime
except ImportError:
    sys.stderr.write("run.py: the wasmtime Python package is missing (pip install wasmtime)\n")
    sys.exit(127)


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: run.py PROGRAM.wasm [ARGS...]\n")
        return 2
    program = argv[1]
    config = wasmtime.Config()
    # Compiled code is cached on disk: test binaries run many times.
    try:
        config.cache = True
    except wasmtime.WasmtimeError:
        pass
    engine = wasmtime.Engine(config)
    module = wasmtime.Module.from_file(engine, program)

    wasi = wasmtime.WasiConfig()
    wasi.argv = [os.path.basename(program)] + argv[2:]
    wasi.inherit_env()
    wasi.inherit_stdin()
    wasi.inherit_stdout()
    wasi.inherit_stderr()
    wasi.preopen_dir("/", "/")
    wasi.preopen_dir(".", ".")

    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    store = wasmtime.Store(engine)
    store.set_wasi(wasi)
    instance = linker.instantiate(store, module)
    start = instance.exports(store)["_start"]
    try:
        start(store)
    except wasmtime.ExitTrap as exit_trap:
        return exit_trap.code
    except wasmtime.Trap as trap:
        sys.stderr.write(f"run.py: {os.path.basename(program)} trapped: {trap.message}\n")
        return 134
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
