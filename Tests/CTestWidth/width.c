// Bounds how many test cases Swift Testing runs at once, before its runner reads its settings.
//
// Swift Testing starts every test case at once unless SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH
// bounds it, and a test's time limit counts from its start. On two loaded cores, hundreds of tests
// sharing the machine each took over 10 minutes and failed their time limits (load 45, 26 of them).
// Bounded, a test's clock starts when it gets its turn. A width given in the environment is kept.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "CTestWidth.h"

static long width_set_here = 0;

long tally_test_width_set_here(void) { return width_set_here; }

__attribute__((constructor)) static void tally_bound_test_width(void) {
    if (getenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH") != NULL) return;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    char width[32];
    width_set_here = (cores > 0 ? cores : 1) * 2;
    snprintf(width, sizeof width, "%ld", width_set_here);
    setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", width, 1);
}

// A test that writes to a child which already ended meets a closed pipe: that is EPIPE, the child's result,
// never SIGPIPE ending the whole test run. libmicrohttpd ignores SIGPIPE once a page is served, so without
// this the runner died or not depending on which tests ran first (a filtered run was killed by signal 13).
__attribute__((constructor)) static void tally_test_ignore_broken_pipes(void) { signal(SIGPIPE, SIG_IGN); }
