#ifndef CTESTWIDTH_H
#define CTESTWIDTH_H

/// The width set before the runner started (two test cases per core), or 0 when the environment gave one.
long tally_test_width_set_here(void);

#endif
