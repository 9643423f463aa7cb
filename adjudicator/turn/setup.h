/* setup.h - a game's setup: the record of its inputs, the uid derived
 * from them and the seed's commitment, and the setup made from them
 * (formats/evidence.md).  `gunbai new` makes a game with setup_make;
 * `gunbai verify` and `gunbai check-seed` make it again and compare. */
#ifndef GUNBAI_SETUP_H
#define GUNBAI_SETUP_H

#include "turn/state.h"

#define SETUP_RECORD_TAG "gunbai-setup-v1"
/* What the commitment to a secret option's value hashes first. */
#define SETUP_SECRET_TAG "gunbai-secret-option-v1"

/* The value of option k of st's game as the setup gets it (a file
 * option's contents, or the default). */
const char *setup_option(const struct state *st, size_t k);

/* The setup record of st (game, ruleset, id, players and keys, the
 * organiser's key, every option), as formats/evidence.md writes it,
 * added to out.  A secret option (game_option.secret) is written as a
 * commitment to its value salted with st's seed. */
void setup_record(const struct state *st, struct sbuf *out);

/* Does the report of player (-1: public) of st show the setup record
 * (the first reports, and the public report of a finished game)? */
int setup_shown(const struct state *st, int player);

/* The uid derived from st's seed and setup record (commit_uid). */
void setup_uid(const struct state *st, uint8_t uid[COMMIT_UID_BYTES]);

/* The inputs of a setup from its record (as a report shows it): st
 * (zeroed here) gets the game, id, players, organiser and options; the
 * record must be exactly what setup_record writes for them.  seed is
 * the game's seed once revealed (then also copied to st), or NULL: a
 * secret option's commitment is then taken as it is, and st gets its
 * default.  -1 with e set if it is not a record, or names a file
 * option's contents by their hash alone or (with the seed) a secret
 * option's value other than the default (only the archive's start.yaml
 * holds them). */
int setup_parse_record(struct state *st, const char *rec,
    const uint8_t *seed, struct gb_err *e);

/* Make the game's start in st, which holds the game, id, players,
 * organiser, options and seed: the uid, turn 1, the setup drawn from
 * point 0 and its log.  Returns 0, or -1 with e set if the game refuses
 * an option's value. */
int setup_make(struct state *st, struct gb_err *e);

#endif
