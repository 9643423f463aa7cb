/* state.h - the state file: the core's part and the game's section.
 * The format is specified in formats/state.md. */
#ifndef GUNBAI_STATE_H
#define GUNBAI_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "turn/commit.h"
#include "base/crypto.h"
#include "game/game.h"
#include "base/rng.h"

#define STATE_FORMAT "state 3"
#define STATE_MAX_OPTIONS 32 /* options of one game */

struct state_player {
	char *name;
	char *key; /* canonical PEM of the Ed25519 public key */
	char *address; /* mail address (mail_addr.h), or NULL; in no report */
};

/* One orders file applied to reach this state. */
struct state_applied {
	long long turn;
	int player;
	char sha256[2 * CRYPTO_SHA256_BYTES + 1];
};

struct state {
	const struct game_entry *game;
	char *id;
	uint8_t uid[COMMIT_UID_BYTES]; /* made at new; named by orders files */
	long long turn; /* the decision point owed now (1 is the first) */
	int nplayers;
	struct state_player players[GAME_MAX_PLAYERS];
	char *organiser; /* canonical PEM of the organiser's key, or NULL */
	/* The value of each of the game's options given to `new`, in the
	 * game's order (a file option: the file's contents); NULL for the
	 * default.  Kept so that the setup can be made again (setup.h). */
	char *options[STATE_MAX_OPTIONS];
	const char *names[GAME_MAX_PLAYERS];
	struct game_players pl; /* points at names */
	uint8_t seed[RNG_SEED_BYTES];
	unsigned long long draws; /* draws taken at the last point resolved */
	int has_previous;
	char previous[2 * CRYPTO_SHA256_BYTES + 1];
	struct state_applied *applied;
	size_t napplied;
	struct events log; /* what happened in the run that made this state */
	void *g;           /* the game's own state */
};

/* Parse a state file's bytes; name is used in messages.  Everything is
 * checked: format, game and ruleset, players and keys, and that the owed
 * decisions and outcome recorded agree with the game's section. */
int state_parse(struct state *st, const char *buf, size_t len,
    const char *name, struct gb_err *e);
/* Read and parse the file at path (capped at FILEIO_STATE_MAX). */
int state_load(struct state *st, const char *path, struct gb_err *e);
/* The canonical bytes of st (caller frees; *len gets the length). */
char *state_write(const struct state *st, size_t *len);
/* The same bytes added to out (a buffer kept from one state to the next
 * writes each without allocating it again). */
void state_write_to(const struct state *st, struct sbuf *out);
/* Index of the player called name, or -1. */
int state_player(const struct state *st, const char *name);
void state_free(struct state *st);

/* The owed decisions and the outcome as the state file writes them. */
struct node *state_owed_node(const struct state *st);
struct node *state_outcome_node(const struct state *st);

/* The state's hash, which every report (`state`, `from`), receipt and
 * state (`previous`) names, one chain from the start (formats/
 * state.md): the SHA-256 (hex) of the n bytes of a state file at buf
 * without the lines of its `players:` block that give a mail address
 * (`    address: ...`).  Addresses are no player's to know: so a player
 * makes the start's hash again from the seed and the setup record alone
 * (check-seed), and the chain does not depend on them. */
void state_bytes_sha256(const char *buf, size_t n, char out[COMMIT_HEX + 1]);
/* The same of the canonical bytes of st (the state file gunbai writes
 * for it). */
void state_sha256(const struct state *st, char out[COMMIT_HEX + 1]);

/* Fill in the players' names view after players[] changed. */
void state_link_players(struct state *st);

/* Where st stands, for a heading, added to out: "point N" while the game
 * goes on, "over after point N" once it is over (the last point played:
 * the state's turn is the one after it, which never comes). */
void state_point(const struct state *st, struct sbuf *out);

#endif
