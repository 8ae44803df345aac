// Why C: a Swift compile-time condition cannot carry a value, but a C macro can, and
// `swift build -Xcc -DTALLY_COMMIT=…` reaches it without writing a generated file into the tree.
#include "tally_build.h"

#define TALLY_STRINGIFY_(x) #x
#define TALLY_STRINGIFY(x) TALLY_STRINGIFY_(x)

const char *tally_build_commit(void) {
#ifdef TALLY_COMMIT
    return TALLY_STRINGIFY(TALLY_COMMIT);
#else
    return "";
#endif
}
