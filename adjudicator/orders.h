/* orders.h - orders files: read, check the signature on the raw bytes,
 * then parse and check the envelope (formats/orders.md). */
#ifndef GUNBAI_ORDERS_H
#define GUNBAI_ORDERS_H

#include <stddef.h>

#include "crypto.h"
#include "game.h"
#include "node.h"
#include "state.h"

#define ORDERS_FORMAT "orders 1"
#define ORDERS_MAX 100        /* orders in one file */
#define ORDERS_TEXT_MAX 200   /* bytes in one order */

struct orders_file {
	char *path;
	char sha256[2 * CRYPTO_SHA256_BYTES + 1];
	int ok;             /* the envelope is good */
	struct gb_err err;  /* why not, if !ok */
	int signer;         /* whose key verified the signature, or -1 */
	int copy;           /* refused only as a copy of another file */
	int named;          /* signature failed: the player its text names,
			       or -1 (hints_named) */
	size_t arg;         /* its place among the files given (caller's) */
	int player;         /* -1 until known */
	long long turn;
	struct order *orders;
	size_t n;
	struct node *root;  /* owns the order texts */
};

/* Read path and path.sig and check them against st: the signature is
 * verified on the raw bytes with the players' keys before anything is
 * parsed; the file must then name this game's id, a turn not yet
 * adjudicated, and the player whose key signed it.  Never fails as a
 * call: a refusal sets of->ok = 0 and of->err. */
void orders_read(struct orders_file *of, const char *path,
    const struct state *st);
void orders_free(struct orders_file *of);

/* Sort files by (turn, player, sha256, path) and refuse every file of a
 * (turn, player) sent twice with different contents; identical copies are
 * kept once.  The result does not depend on the order files were given. */
void orders_sort(struct orders_file *files, size_t n);

#endif
