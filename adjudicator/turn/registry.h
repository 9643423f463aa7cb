/* registry.h - the table of games: the only place the core names them. */
#ifndef GUNBAI_REGISTRY_H
#define GUNBAI_REGISTRY_H

#include <stddef.h>

#include "game/game.h"

/* The registry: every game, in alphabetical order of id.
 *
 * To add a game:
 *   1. games/<id>/<id>.c (and more files if needed) exporting
 *      `const struct game_entry <id>_game`, a man page
 *      man/gunbai-<id>.6, a sample under samples/<id>/ and case files
 *      under tests/cases/<id>/;
 *   2. a row in the table in adjudicator/turn/registry.c;
 *   3. the module's files in GAME_SRCS in the Makefile;
 *   4. `make test` then checks that the man page, sample and case files
 *      exist (tests/test_registry.c) and runs the generic harness over the
 *      new game. */
extern const struct game_entry *const game_registry[];
extern const size_t game_count;

/* Look a game up by exact id; NULL if there is none. */
const struct game_entry *game_find(const char *id);

#endif
