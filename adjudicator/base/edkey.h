/* edkey.h - Ed25519 public keys that must never be a player's.
 *
 * A key of small order (one of the eight points of order 1, 2, 4 or 8)
 * lets one fixed signature verify every message, so whoever knows it can
 * sign any orders file as that player.  A key whose y coordinate is not
 * reduced modulo p = 2^255 - 19 is a second spelling of another point.
 * Both are refused when a game is made and whenever a state is read
 * (formats/signatures.md, "Keys gunbai refuses"). */
#ifndef GUNBAI_EDKEY_H
#define GUNBAI_EDKEY_H

#include <stdint.h>

#define EDKEY_BYTES 32

/* NULL if the 32-byte encoded public key is acceptable; otherwise a
 * static lowercase reason (no position, no file). */
const char *edkey_weak(const uint8_t key[EDKEY_BYTES]);

#endif
