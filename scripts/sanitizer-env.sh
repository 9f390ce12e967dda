# Sourced by test-sanitizers.sh and fuzz.sh: runtime options for the asan preset's binaries.
# Every process of a run (test binaries, the winml they spawn, its compile worker child, the
# fuzz targets) inherits these, so a finding anywhere is caught, not only in the test process.
#
# SANITIZER_LOG_DIR: when set, reports go to files there (one per process, named by pid) as well
# as the exit code. A child's stderr may be captured and reduced to one error line by its parent
# (the compile worker's is), and a test expecting exit code 1 would pass on a sanitizer's exit
# code 1, so test-sanitizers.sh fails the run whenever that folder is not empty afterwards.

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
supp="$repo_root/scripts/sanitizers"
log_opt=""
if [[ -n "${SANITIZER_LOG_DIR:-}" ]]; then
  mkdir -p "$SANITIZER_LOG_DIR"
  log_opt=":log_path=$SANITIZER_LOG_DIR/report"
fi
# halt_on_error: stop at the first report (UB is also built with -fno-sanitize-recover).
# detect_leaks: on; leaks in uninstrumented third-party code are suppressed by name, with the
#   reason, in scripts/sanitizers/lsan.supp.
# check_initialization_order / detect_stack_use_after_return: catch static-init order and
#   dangling stack references, both cheap enough for this suite.
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:check_initialization_order=1:strict_init_order=1:detect_stack_use_after_return=1:print_summary=1${log_opt}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:report_error_type=1${log_opt}"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer || true)}"
unset repo_root supp log_opt
