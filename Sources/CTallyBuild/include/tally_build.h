#ifndef TALLY_BUILD_H
#define TALLY_BUILD_H

/// The git commit this binary was built from, as the Makefile passes it
/// (`-Xcc -DTALLY_COMMIT=<hash>`); "" when built without it (plain `swift build`).
const char *tally_build_commit(void);

#endif
