#!/usr/bin/env bash
# Install numpy built from source WITHOUT BLAS/LAPACK into a venv, for the packaged app (build.spec refuses a numpy
# that links a BLAS).
#
#   packaging/numpy-without-blas.sh .venv-build
#
# Why: the app needs numpy only for the Kinzo shark's bulk solve of split pairs (game/ai/kinzo_bulk.py: small
# arrays, elementwise work, einsum and small matrix products), none of which needs a BLAS. The wheels on PyPI
# link OpenBLAS (with libgfortran: 26 MB of the 82 MB app); numpy's own C loops do the same sums without it
# (the same values: tests/test_ai_kinzo.py checks the bulk solve against the brute force), and its LAPACK calls
# fall back to the bundled lapack_lite. cpu-dispatch=none keeps only the baseline SIMD code numpy requires of
# every CPU (no extra per-CPU variants): a smaller library (4 MB against 10) and a quicker compile, the same
# decision times (README "Opponents").
#
# Needs a C/C++ compiler (gcc, g++) and the Python headers; the first build takes some minutes on two cores.
# The wheel is kept in CANTINA_WHEEL_CACHE (default ~/.cache/cantina-wheels), so later builds only install it.
set -euo pipefail
venv="${1:?usage: $0 VENV}"
version="2.4.6"  # the numpy the app ships; the source install takes whatever numpy>=1.26 pip picks
cache="${CANTINA_WHEEL_CACHE:-$HOME/.cache/cantina-wheels}/numpy-${version}-noblas"
py="$venv/bin/python"
[ -x "$py" ] || { echo "numpy-without-blas: no python at $py (make the venv first)" >&2; exit 2; }
tag=$("$py" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')
if ! ls "$cache"/numpy-"$version"-"$tag"-*.whl >/dev/null 2>&1; then
  echo "numpy-without-blas: building numpy $version from source without BLAS (once; kept in $cache)"
  "$py" -m pip wheel -q --no-deps --no-binary numpy -w "$cache" "numpy==$version" \
    -Csetup-args=-Dblas=none -Csetup-args=-Dlapack=none -Csetup-args=-Dcpu-dispatch=none
fi
"$py" -m pip install -q --force-reinstall --no-deps "$cache"/numpy-"$version"-"$tag"-*.whl
"$py" - <<'EOF'
import numpy as np
blas = np.__config__.CONFIG["Build Dependencies"]["blas"]
assert not blas.get("found"), f"numpy still links a BLAS: {blas}"
print(f"numpy-without-blas: numpy {np.__version__} installed, no BLAS")
EOF
