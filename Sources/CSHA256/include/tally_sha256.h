#ifndef TALLY_SHA256_H
#define TALLY_SHA256_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this CPU has the SHA extensions (with SSSE3 and SSE4.1) that
/// tally_sha256_blocks uses; 0 otherwise, and always 0 off x86-64.
int tally_sha256_hardware_available(void);

/// Runs the SHA-256 compression function (FIPS 180-4, 6.2.2) over `blocks`
/// consecutive 64-byte blocks with the CPU's SHA instructions, updating the
/// eight state words in place. Call only when tally_sha256_hardware_available().
void tally_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
