#!/usr/bin/env bash
# Differential campaign: random C programs from csmith, run natively (gcc -O0) and in
# regcause's interpreter (`regcause exec`), comparing stdout and exit status.
#
# usage: scripts/csmith-campaign.sh [N] [REGCAUSE_BINARY]
#   N                 programs to generate, seeds 1..N (default 100); CSMITH_SEED_BASE
#                     shifts the seeds (seed = base + i)
#   REGCAUSE_BINARY   default: target/release/git-regcause
#   CSMITH_RESULTS    folder for disagreeing/rejected programs (default: csmith-results)
#   CSMITH_INCLUDE    folder holding csmith.h (default: the first of /usr/include/csmith*,
#                     /usr/local/include/csmith*); lets a patched copy of the runtime
#                     headers stand in, e.g. to work around one known rejection
#   CSMITH_FILTER     command run on each generated file (stdin to stdout) before gcc
#                     and regcause see it, e.g. a rewrite that works around a known
#                     rejection so that the campaign reaches further
#   CSMITH_MAX_STEPS  the interpreter's --max-steps (default 100000000000: csmith programs
#                     may run for seconds natively, so the wall-clock timeout is the limit)
#   CSMITH_MODE       which programs csmith writes:
#                     subset (default) with the options below, which kept programs inside
#                       the C subset of earlier versions;
#                     full   without them: bit-fields, packed structs (`#pragma pack`),
#                       volatile objects and pointers to volatile;
#                     float  as full, plus floating point (--float)
#
# csmith options of the subset mode:
#   --no-bitfields         no bit-fields
#   --no-volatiles         no volatile objects ...
#   --no-volatile-pointers ... and no pointers to volatile
#   --no-packed-struct     no `#pragma pack(1)`
#   (float stays off: csmith's default is --no-float; no --paranoid, so no assert() calls)
# Each generated file gets `#define UNSAFE_FLOAT` prepended (before #include "csmith.h"),
# which removes fabsf/ldexpf/FLT_MAX/hex-float checks from the never-called float wrappers
# of safe_math.h; gcc and regcause see the same file, so no -D flag is needed.
#
# What csmith.h and its runtime need from regcause's own libc headers (the program itself
# only calls its own functions, printf and strcmp):
#   headers:   stdio.h string.h float.h math.h limits.h stdint.h assert.h
#              (csmith.h -> random_inc.h -> platform_generic.h, safe_math.h)
#   functions: printf (format "checksum = %X\n", and with argv[1]=="1" also
#              "...checksum after hashing %s : %lX\n" and "index = [%d][%d]\n"),
#              strcmp (main compares argv[1] with "1")
#   macros:    INT8_MIN..INT64_MAX, UINT8_MAX..UINT64_MAX, INT_MAX, INT_MIN, UINT_MAX,
#              CHAR_BIT (limits.h/stdint.h). They are used inside `#if (INT8_MAX>=INT_MAX)`,
#              so they must be plain integer constant expressions usable by the
#              preprocessor (no casts). __STDC_LIMIT_MACROS is defined before stdint.h.
#              float.h must exist (FLT_MAX/DBL_MAX are referenced only without
#              UNSAFE_FLOAT); math.h must declare fabs/fabsf/ldexp/ldexpf prototypes or at
#              least parse when included.
#   language:  static functions with parenthesised names `(safe_add_func_int8_t_s_s)(...)`,
#              uint64_t arithmetic, unions read through other members, comma operators,
#              embedded assignments, goto, const, multi-dimensional global arrays with
#              nested initialisers, string literals passed as `char *`.
#
# Exit status: 0 when nothing disagreed, 1 when some program disagreed, 2 on setup errors.
set -u

N=${1:-100}
REGCAUSE=${2:-target/release/git-regcause}
RESULTS=${CSMITH_RESULTS:-csmith-results}
SEED_BASE=${CSMITH_SEED_BASE:-0}
NATIVE_TIMEOUT=5
INTERP_TIMEOUT=60
MAX_STEPS=${CSMITH_MAX_STEPS:-100000000000}
case ${CSMITH_MODE:-subset} in
subset) CSMITH_OPTS=(--no-bitfields --no-volatiles --no-volatile-pointers --no-packed-struct) ;;
full) CSMITH_OPTS=() ;;
float) CSMITH_OPTS=(--float) ;;
*)
    echo "error: CSMITH_MODE must be subset, full or float, got '$CSMITH_MODE'" >&2
    exit 2
    ;;
esac

# csmith.h comes in its own package (libcsmith-dev), which a csmith install lacks.
have_headers() {
    for d in /usr/include/csmith* /usr/local/include/csmith*; do
        [ -f "$d/csmith.h" ] && return 0
    done
    return 1
}
if ! command -v csmith >/dev/null 2>&1 || { [ -z "${CSMITH_INCLUDE:-}" ] && ! have_headers; }; then
    echo "csmith or its headers not found; installing them with apt-get" >&2
    if ! { apt-get update && apt-get install -y csmith libcsmith-dev; } >/dev/null; then
        echo "error: could not install csmith (apt-get install -y csmith libcsmith-dev)" >&2
        exit 2
    fi
fi

INC=""
if [ -n "${CSMITH_INCLUDE:-}" ]; then
    if [ ! -f "$CSMITH_INCLUDE/csmith.h" ]; then
        echo "error: CSMITH_INCLUDE='$CSMITH_INCLUDE' holds no csmith.h" >&2
        exit 2
    fi
    INC=$(realpath "$CSMITH_INCLUDE")
else
    for d in /usr/include/csmith* /usr/local/include/csmith*; do
        if [ -f "$d/csmith.h" ]; then
            INC=$d
            break
        fi
    done
fi
if [ -z "$INC" ]; then
    echo "error: csmith.h not found under /usr/include/csmith* or /usr/local/include/csmith*" >&2
    exit 2
fi
if [ ! -x "$REGCAUSE" ]; then
    echo "error: regcause binary '$REGCAUSE' is not executable (build it first)" >&2
    exit 2
fi
# The interpreter runs inside the work folder (so fopen-relative paths stay there): a
# relative binary path must be made absolute first.
REGCAUSE=$(realpath "$REGCAUSE")
case $N in
'' | *[!0-9]*)
    echo "error: N must be a number, got '$N'" >&2
    exit 2
    ;;
esac

mkdir -p "$RESULTS"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/csmith-campaign.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

generated=0 run=0 agreed=0 disagreed=0 rejected=0 itimeout=0
skipped_compile=0 skipped_timeout=0 skipped_crash=0

for i in $(seq 1 "$N"); do
    seed=$((SEED_BASE + i))
    prog="$WORK/csmith_$seed.c"
    if ! csmith --seed "$seed" ${CSMITH_OPTS[@]+"${CSMITH_OPTS[@]}"} -o "$WORK/raw.c" >/dev/null 2>&1; then
        echo "seed $seed: csmith failed" >&2
        continue
    fi
    if [ -n "${CSMITH_FILTER:-}" ]; then
        if ! $CSMITH_FILTER <"$WORK/raw.c" >"$WORK/filtered.c"; then
            echo "seed $seed: CSMITH_FILTER failed" >&2
            continue
        fi
        mv "$WORK/filtered.c" "$WORK/raw.c"
    fi
    { echo "#define UNSAFE_FLOAT"; cat "$WORK/raw.c"; } >"$prog"
    generated=$((generated + 1))

    if ! gcc -std=gnu11 -O0 -w -I"$INC" -o "$WORK/native" "$prog" -lm 2>"$WORK/gcc.err"; then
        skipped_compile=$((skipped_compile + 1))
        continue
    fi
    timeout "$NATIVE_TIMEOUT" "$WORK/native" >"$WORK/native.out" 2>/dev/null </dev/null
    nrc=$?
    if [ "$nrc" -eq 124 ]; then
        skipped_timeout=$((skipped_timeout + 1))
        continue
    fi
    if [ "$nrc" -ge 128 ]; then
        skipped_crash=$((skipped_crash + 1))
        continue
    fi
    run=$((run + 1))

    (cd "$WORK" && timeout "$INTERP_TIMEOUT" "$REGCAUSE" exec --max-steps "$MAX_STEPS" \
        -I"$INC" "$prog") >"$WORK/interp.out" 2>"$WORK/interp.err" </dev/null
    irc=$?
    # 124 is both timeout(1)'s "timed out" and regcause's "runtime error" status; only the
    # latter leaves a message on stderr. A step-limit fault counts as a timeout.
    interp_fault=0
    if [ "$irc" -eq 124 ] && grep -q "runtime error" "$WORK/interp.err" &&
        ! grep -q "step-limit" "$WORK/interp.err"; then
        interp_fault=1
    fi
    if [ "$irc" -eq 124 ] && [ "$interp_fault" -eq 0 ]; then
        itimeout=$((itimeout + 1))
        echo "seed $seed: interpreter timeout (${INTERP_TIMEOUT}s or $MAX_STEPS steps)"
        cp "$prog" "$RESULTS/timeout_$seed.c"
    elif [ "$irc" -eq 125 ]; then
        rejected=$((rejected + 1))
        cp "$prog" "$RESULTS/rejected_$seed.c"
        cp "$WORK/interp.err" "$RESULTS/rejected_$seed.err"
        echo "seed $seed: rejected: $(head -n 1 "$WORK/interp.err")"
        # The reason without its location, for the summary.
        head -n 1 "$WORK/interp.err" | sed -e 's/^git-regcause: //' -e 's/ at [^ ]*:[0-9]*:[0-9]*$//' \
            >>"$WORK/reasons"
    elif [ "$irc" -eq "$nrc" ] && cmp -s "$WORK/native.out" "$WORK/interp.out"; then
        agreed=$((agreed + 1))
    else
        disagreed=$((disagreed + 1))
        d="$RESULTS/disagree_$seed"
        mkdir -p "$d"
        cp "$prog" "$d/prog.c"
        cp "$WORK/native.out" "$d/native.stdout"
        cp "$WORK/interp.out" "$d/interp.stdout"
        cp "$WORK/interp.err" "$d/interp.stderr"
        printf 'native exit %s\ninterp exit %s\n' "$nrc" "$irc" >"$d/status"
        echo "seed $seed: DISAGREE (native exit $nrc, interp exit $irc) -> $d"
    fi
done

echo "skipped: $skipped_compile gcc errors, $skipped_timeout native timeouts, $skipped_crash native crashes"
if [ -s "$WORK/reasons" ]; then
    echo "rejected by reason:"
    sort "$WORK/reasons" | uniq -c | sort -rn
fi
echo "csmith (${CSMITH_MODE:-subset}): $generated generated, $run run, $agreed agreed, $disagreed disagreed, $rejected rejected, $itimeout timeout"
[ "$disagreed" -eq 0 ]
