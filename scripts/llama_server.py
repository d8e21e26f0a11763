"""Start llama-cpp-python's OpenAI-compatible server, optionally without llama.cpp's extra buffer types.

`python scripts/llama_server.py [--no-extra-buffers] <llama_cpp.server arguments>`.

Why a launcher: llama.cpp moves weights into "extra buffer types" (AMX tiles, repacked layouts)
when the CPU advertises them. In a Firecracker guest the CPU flags say AMX but the tile state is
not usable, and the first decode dies with a general protection fault (measured here: SIGSEGV in
libggml-cpu on SmolLM2's Q4_1 weights). llama.cpp's own server has `--no-repack` for this;
llama-cpp-python 0.3.36 exposes neither a flag nor an environment variable, only the
`use_extra_bufts` field of its model parameters, so the launcher sets it before the server loads
the model. `scripts/real_model.py` passes `--no-extra-buffers` only after a one-token smoke test
of the default settings crashed.
"""

from __future__ import annotations

import sys

NO_EXTRA_BUFFERS = "--no-extra-buffers"


def disable_extra_buffer_types() -> None:
    """Every model llama-cpp-python loads from now on keeps its weights in plain CPU buffers."""
    import llama_cpp.llama as llama_module

    default_params = llama_module.llama_cpp.llama_model_default_params

    def params_without_extra_buffers():
        params = default_params()
        params.use_extra_bufts = False
        return params

    llama_module.llama_cpp.llama_model_default_params = params_without_extra_buffers


def main() -> None:
    if NO_EXTRA_BUFFERS in sys.argv:
        sys.argv.remove(NO_EXTRA_BUFFERS)
        disable_extra_buffer_types()
    from llama_cpp.server.__main__ import main as serve

    serve()


if __name__ == "__main__":
    main()
