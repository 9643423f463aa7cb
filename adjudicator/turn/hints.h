/* hints.h - what a player can do about a refused orders file.
 *
 * Each function looks at a refused file's raw bytes (never parsing them)
 * and, when it recognises a usual mistake, adds to the refusal's message
 * what to do about it.  The file stays refused. */
#ifndef GUNBAI_HINTS_H
#define GUNBAI_HINTS_H

#include <stddef.h>
#include <stdint.h>

#include "base/crypto.h"
#include "turn/state.h"
#include "base/util.h"

/* sigpath could not be read: if it does not exist, e says "not signed"
 * and how to sign path. */
void hints_unsigned(const char *path, const char *sigpath, struct gb_err *e);

/* buf's signature verifies with no player's key: try the usual mail
 * damage (line ends changed between LF and CRLF, a byte-order mark added
 * or removed, blank lines added or removed at the end, spaces added at
 * the ends of lines) and, if undoing one makes the signature verify with
 * a player's key, add to e which one it was and what to do.  budget NULL:
 * every damage with every key (up to 45 per key); else each damage only
 * with the key of the player buf names (hints_named; every key if none),
 * at most *budget verifications in all, *budget lessened by those made
 * (mail-in: what one message may cost). */
void hints_sig_damage(const struct state *st, const char *buf, size_t len,
    const uint8_t sig[CRYPTO_SIG_BYTES], size_t *budget, struct gb_err *e);

/* A signed file was refused as YAML or as an envelope: add to e what to
 * do about tab indentation, pasted cut marks ("-- 8< --"), order lines
 * without their "orders:" line, or an order line without its "- ". */
void hints_paste(const char *buf, size_t len, struct gb_err *e);

/* The player a file whose signature failed names, by a look at its raw
 * lines (never a parse): a line "player: NAME" naming a player of st and
 * a line "game: ID" with st's id, each plain or quoted.  -1 if none. */
int hints_named(const struct state *st, const char *buf, size_t len);

#endif
